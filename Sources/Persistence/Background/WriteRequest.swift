import Dispatch
import Foundation

/// One write (or removal) of one file that ``BackgroundWriter`` has accepted and not yet finished.
struct WriteRequest: Sendable {
    /// The new contents, or `nil` to remove the file.
    var contents: Data?
    /// The key the file belongs to, for error messages (`nil` for files without keys).
    var key: String?
    /// How durable the write must be.
    var durability: WriteDurability
    /// Everyone waiting for this write (more than one when later writes were coalesced into it).
    var completions: [(queue: DispatchQueue?, completion: BackgroundWriteCompletion)]
}

/// The writes of one file: at most one on disk now and one waiting (the newest, coalesced).
struct FileSlot: Sendable {
    /// The write waiting to start: later writes replace its contents and add their completions.
    var queued: WriteRequest?
    /// The write a worker (or a synchronous caller) is performing now.
    var inFlight: WriteRequest?
    /// Whether the path is in the ready list.
    var isReady = false

    /// The newest contents not yet known to be on disk: `.some(nil)` for a pending removal.
    var newestContents: Data?? {
        if let queued { return .some(queued.contents) }
        if let inFlight { return .some(inFlight.contents) }
        return nil
    }
}
