import Archivist

/// A `SavableObject` subclass that renames a property in its file (`title` is stored as `heading`,
/// the key an earlier release wrote).
///
/// `SavableObject` declares `class var autoCodingTransientProperties` but no `autoCodingKeys`, so a
/// subclass cannot `override` it; it declares its own `class var`, the spelling an app would try
/// next.
nonisolated public final class RenamedJournalEntry: SavableObject {
    public var title = ""
    public var body = ""

    public class var autoCodingKeys: [String: String] { ["title": "heading"] }

    public required init() { super.init() }
}
