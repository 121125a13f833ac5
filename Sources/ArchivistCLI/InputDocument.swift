import PropertyList

/// What a command read: a property list, on its own or held in one of the package's store files.
public struct InputDocument: Sendable {
    /// Where the value came from.
    public enum Container: Sendable, Equatable {
        /// A property-list document.
        case none
        /// An `ArchiveStore` entry file (`.arv`) under `key`; the payload is the property list.
        case storeEntry(key: String)
        /// A basic-value store log: the value is a dictionary of its current contents.
        case basicLog(BasicLogSummary)
    }

    /// The value.
    public var value: PropertyListValue
    /// The property list's format (for a basic-value log, `nil`: its values are not a property list).
    public var format: DocumentFormat?
    /// The store file it was held in, if any.
    public var container: Container
    /// The size of the file read, in bytes: what output limits are proportional to.
    public var byteCount: Int
    /// For a binary property list with a checksum in its trailer (what `SavableObject` and the
    /// archive stores write): whether the checksum still matches (`nil`: no checksum).
    public var sealIntact: Bool?

    /// Creates a document.
    public init(value: PropertyListValue, format: DocumentFormat?, container: Container = .none, byteCount: Int = 0) {
        self.value = value
        self.format = format
        self.container = container
        self.byteCount = byteCount
    }

    /// How messages name what was read: `binary property list`, `store entry "ada" (binary property
    /// list)`, `basic-value log (15 records, 4 keys)`.
    public var kindDescription: String {
        switch container {
        case .none:
            return "\(format?.displayName ?? "unknown") property list"
        case .storeEntry(let key):
            return "store entry \(PropertyListValueSummary.quoted(key)) (\(format?.displayName ?? "unknown") property list)"
        case .basicLog(let summary):
            return "basic-value log (\(summary.records) \(summary.records == 1 ? "record" : "records"), "
                + "\(summary.keys) \(summary.keys == 1 ? "key" : "keys"))"
        }
    }
}
