import Archivist

/// A `SavableObject` subclass that renames a property in its file (`title` is stored as `heading`,
/// the key an earlier release wrote), by overriding `SavableObject`'s `class var autoCodingKeys`.
nonisolated public final class RenamedJournalEntry: SavableObject {
    public var title = ""
    public var body = ""

    override public class var autoCodingKeys: [String: String] { ["title": "heading"] }

    public required init() { super.init() }
}
