/// A property-list dictionary: string keys, values in insertion order.
///
/// Keys compare literally, by Unicode scalars: `"é"` and `"e\u{301}"` are two keys, as they are
/// to CoreFoundation and Python. Small dictionaries (the common case: records of a few fields) are searched linearly, which
/// beats hashing at that size; larger ones keep a hash index alongside the entries. Assigning to a
/// key that exists keeps its position and replaces its value, like `Dictionary` and Python's `dict`.
public struct PropertyListDictionary: Sendable {
    /// A key and its value.
    public typealias Element = (key: String, value: PropertyListValue)

    /// Above this many entries lookups go through `index`. Records of a few dozen fields are the
    /// common case; a hash index for each costs far more memory than scanning them (measured on
    /// the bench document: the tree shrank by a quarter when records stopped carrying one).
    @usableFromInline static var indexThreshold: Int { 32 }

    @usableFromInline var entries: [Element]
    /// Position of each key in `entries`; empty while `entries.count <= indexThreshold`.
    @usableFromInline var index: [LiteralKey: Int]

    /// Creates an empty dictionary.
    @inlinable
    public init() {
        entries = []
        index = [:]
    }

    /// Creates an empty dictionary with room for `capacity` entries.
    public init(minimumCapacity capacity: Int) {
        entries = []
        entries.reserveCapacity(capacity)
        index = [:]
    }

    /// Creates a dictionary from key–value pairs; a repeated key keeps its first position and its
    /// last value.
    public init<S: Sequence>(_ pairs: S) where S.Element == (String, PropertyListValue) {
        self.init(minimumCapacity: pairs.underestimatedCount)
        for (key, value) in pairs { self[key] = value }
    }

    /// The number of entries.
    @inlinable public var count: Int { entries.count }

    /// Whether the dictionary has no entries.
    @inlinable public var isEmpty: Bool { entries.isEmpty }

    /// The keys, in insertion order.
    public var keys: [String] { entries.map(\.key) }

    /// The values, in insertion order.
    public var values: [PropertyListValue] { entries.map(\.value) }

    /// The position of `key` in insertion order, or `nil` if it is absent.
    @inlinable
    public func position(of key: String) -> Int? {
        if entries.count > Self.indexThreshold { return index[LiteralKey(key)] }
        for position in entries.indices where PropertyListKey.same(entries[position].key, key) { return position }
        return nil
    }

    /// The value stored under `key`; assigning `nil` removes the entry.
    public subscript(key: String) -> PropertyListValue? {
        get {
            guard let position = position(of: key) else { return nil }
            return entries[position].value
        }
        set {
            if let newValue {
                updateValue(newValue, forKey: key)
            } else {
                removeValue(forKey: key)
            }
        }
    }

    /// Stores `value` under `key` and returns the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: PropertyListValue, forKey key: String) -> PropertyListValue? {
        if let position = position(of: key) {
            let old = entries[position].value
            entries[position].value = value
            return old
        }
        appendUnique(key: key, value: value)
        return nil
    }

    /// Appends an entry the caller knows is not present yet.
    @usableFromInline
    mutating func appendUnique(key: String, value: PropertyListValue) {
        entries.append((key, value))
        if entries.count > Self.indexThreshold {
            if index.isEmpty {
                rebuildIndex()
            } else {
                index[LiteralKey(key)] = entries.count - 1
            }
        }
    }

    /// Removes the entry for `key` and returns its value, if it was present.
    @discardableResult
    public mutating func removeValue(forKey key: String) -> PropertyListValue? {
        guard let position = position(of: key) else { return nil }
        let old = entries.remove(at: position).value
        rebuildIndex()
        return old
    }

    private mutating func rebuildIndex() {
        guard entries.count > Self.indexThreshold else {
            index = [:]
            return
        }
        var fresh = [LiteralKey: Int](minimumCapacity: entries.count)
        for (position, entry) in entries.enumerated() { fresh[LiteralKey(entry.key)] = position }
        index = fresh
    }
}

extension PropertyListDictionary: RandomAccessCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { entries.count }
    @inlinable public subscript(position: Int) -> Element { entries[position] }
}

extension PropertyListDictionary: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, PropertyListValue)...) {
        self.init(elements)
    }
}

extension PropertyListDictionary: Hashable {
    /// Equal when both hold the same keys with equal values, in any order.
    public static func == (lhs: PropertyListDictionary, rhs: PropertyListDictionary) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for (key, value) in lhs.entries {
            guard let other = rhs[key], other == value else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        // Order-independent: combine per-entry hashes commutatively.
        var combined = 0
        for (key, value) in entries {
            var entryHasher = Hasher()
            entryHasher.combine(key)
            entryHasher.combine(value)
            combined ^= entryHasher.finalize()
        }
        hasher.combine(entries.count)
        hasher.combine(combined)
    }
}
