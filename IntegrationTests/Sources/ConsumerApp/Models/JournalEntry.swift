import Archivist
import Foundation

/// A journal entry that saves itself: a `SavableObject` subclass with the usual kinds of property.
///
/// `nonisolated`: `SavableObject` is a nonisolated class, and in a target with default `MainActor`
/// isolation its subclass's `required init()` and overrides would otherwise be `@MainActor`, which
/// does not compile against the nonisolated declarations they override.
nonisolated public final class JournalEntry: SavableObject {
    public var title = ""
    public var wordCount = 0
    public var tags: [String] = []
    public var written = Date(timeIntervalSinceReferenceDate: 0)
    public var nickname: String? = "none"
    /// Three states: not rated (`nil`), rated "no opinion" (`.some(nil)`), rated.
    public var rating: Int?? = .some(.some(3))
    /// Derived from `title` and `wordCount`; rebuilt by `didLoad()`, never saved.
    public var cachedSummary = ""

    override public class var autoCodingTransientProperties: Set<String> {
        super.autoCodingTransientProperties.union(["cachedSummary"])
    }

    public required init() { super.init() }

    override public func didLoad() throws {
        cachedSummary = "\(title) (\(wordCount) words)"
    }
}
