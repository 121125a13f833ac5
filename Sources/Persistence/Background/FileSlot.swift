import Foundation

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
        if let inFlight, inFlight.isVisible { return .some(inFlight.contents) }
        return nil
    }
}
