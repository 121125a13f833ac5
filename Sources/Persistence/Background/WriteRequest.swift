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
