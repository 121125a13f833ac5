import Foundation
import PropertyList

/// Random access to the values of one archive, for coders; one implementation per format.
///
/// A ``Node`` stands for one value (a binary object, a tree node, a keyed-archive entry). Typed
/// accessors check the kind and throw ``AutoCodingError/Kind/typeMismatch`` (with what was expected
/// and found) or ``AutoCodingError/Kind/corruptArchive``; paths are added by the coders as errors
/// travel out. Coders are generic over the reader and specialized for the concrete formats.
package protocol ArchiveReader {
    associatedtype Node

    /// Whether the format numbers objects, so one class instance may be referred to from many places
    /// and cycles are legal (keyed archives).
    static var sharesObjects: Bool { get }
    /// Whether the format says what each value is by itself (keyed archives' Foundation classes),
    /// so a value behind `Any` can be read without a registered type record.
    static var isSelfDescribing: Bool { get }
    /// Whether strings and dictionary keys spelled like reserved words were written with one more
    /// `$` (see ``ArchiveWriter/escapesReservedSpellings``), so reading removes it: every archive
    /// format, not the `Codable` bridge.
    static var escapesReservedSpellings: Bool { get }

    /// Whether the properties of an object are looked up by key rather than found by walking its
    /// entries (decoders, whose containers answer lookups cheaply but list their keys slowly).
    static var readsFieldsByKey: Bool { get }

    /// The archive's root value.
    var root: Node { get }

    /// What `node` is, in the words errors use ("string", "dictionary", …).
    func kindName(_ node: Node) -> String

    mutating func integer(_ node: Node) throws -> PropertyListInteger
    /// A 64-bit or 32-bit real (widened), or an integer that a `Double` holds exactly.
    mutating func real(_ node: Node) throws -> Double
    /// A 32-bit real exactly, a 64-bit real rounded, or an integer a `Float` holds exactly.
    mutating func real32(_ node: Node) throws -> Float
    mutating func bool(_ node: Node) throws -> Bool
    mutating func string(_ node: Node) throws -> String
    mutating func date(_ node: Node) throws -> Date
    mutating func data(_ node: Node) throws -> Data
    mutating func url(_ node: Node) throws -> URL
    mutating func uuid(_ node: Node) throws -> UUID

    /// The number of elements of an array.
    mutating func arrayCount(_ node: Node) throws -> Int
    /// Element `index` of an array.
    mutating func element(_ node: Node, at index: Int) throws -> Node
    /// The number of entries of a dictionary.
    mutating func dictionaryCount(_ node: Node) throws -> Int
    /// Key `index` of a dictionary.
    mutating func key(_ node: Node, at index: Int) throws -> String
    /// Whether key `index` of a dictionary is `key` (without making a `String` where possible).
    mutating func key(_ node: Node, at index: Int, is key: ArchiveKey) throws -> Bool
    /// Whether key `index` of a dictionary starts with `$` (a reserved key).
    mutating func keyIsReserved(_ node: Node, at index: Int) throws -> Bool
    /// Value `index` of a dictionary.
    mutating func value(_ node: Node, at index: Int) throws -> Node
    /// The value under `key` in a dictionary, or `nil` when it has none (formats that
    /// ``readsFieldsByKey``).
    mutating func value(_ node: Node, forKey key: ArchiveKey) throws -> Node?
    /// The entries of a dictionary whose keys are not in `claimed`, as trees (formats that
    /// ``readsFieldsByKey``: what walking the entries finds for the unknown-keys hook).
    mutating func unclaimedEntries(_ node: Node, claimed: Set<String>) throws -> PropertyListDictionary

    /// The level of a nil marker (see ``NilMarker``), or `nil` when `node` is not one.
    mutating func nilLevel(_ node: Node) throws -> Int?
    /// The value as a property-list tree (unknown entries, migration, `Codable` types).
    mutating func tree(_ node: Node) throws -> PropertyListValue
    /// The entries of the archived object `node` as trees, for its type's migration hook
    /// (``AutoCodable/autoCodingMigrate(from:tree:)``); `nil` when `node` is no dictionary.
    mutating func migrationEntries(_ node: Node) throws -> PropertyListDictionary?
    /// Reads `plan`'s fields into `memory` from `migrated`, what the migration hook made of the
    /// entries of `node` (its reserved entries removed), with the rules of
    /// ``fields(of:_:_:into:_:)``; returns the entries no property claims.
    mutating func migratedFields(of plan: TypePlan, _ node: Node, _ migrated: PropertyListDictionary,
                                 into memory: InstanceMemory, _ context: DecodingContext) throws -> PropertyListDictionary
    /// A `Codable` value the engine does not code itself. The default reads ``tree(_:)`` through
    /// the engine's own `Decoder`; the `Codable` bridge asks the caller's decoder instead.
    mutating func decodable<T: Decodable>(_ type: T.Type, _ node: Node, _ context: DecodingContext) throws -> T

    /// The reserved entries at the start of an `AutoCodable` value's dictionary.
    mutating func objectHeader(_ node: Node) throws -> ObjectHeader
    /// ``objectHeader(_:)`` of a value read as `plan`'s type. Formats that look entries up one by
    /// one (decoders, whose lookups cost what a property's read costs) skip the entries that type
    /// cannot have been written with: a `$type` for a struct (no subclasses), a `$version` for a
    /// type without ``AutoCodable/autoCodingVersion`` (as synthesized `Codable` has no versions).
    mutating func objectHeader(_ node: Node, of plan: TypePlan) throws -> ObjectHeader

    /// The Swift type a self-describing format says `node` holds (`String` for an `NSString`,
    /// `[Any]` for an `NSArray`…), or `nil` for an archived object (which has a type record) or
    /// in formats that are not self-describing.
    mutating func describedType(of node: Node) throws -> Any.Type?

    /// `node`, whose value an `AutoCodable` value is read from, as a node that reads the entries of
    /// its dictionary without finding the dictionary again: formats that open containers (the
    /// `Codable` bridge) open it here; the others return `node`.
    mutating func openedObject(_ node: Node) throws -> Node
    /// `node`, whose value a dictionary is read from, as a node that reads its entries without
    /// finding the dictionary again (see ``openedObject(_:)``).
    mutating func openedDictionary(_ node: Node) throws -> Node
    /// `node`, whose value an array is read from, as a node that reads its elements without
    /// finding the array again (see ``openedObject(_:)``).
    mutating func openedArray(_ node: Node) throws -> Node

    /// Marks the container `node` as being read.
    ///
    /// - Throws: ``AutoCodingError/Kind/corruptArchive`` when it is already being read: a
    ///   container that contains itself (formats whose containers can be shared).
    mutating func enter(_ node: Node) throws
    /// Ends what ``enter(_:)`` began.
    mutating func leave(_ node: Node)
    /// `error`, thrown while the container `node` was read, with the format's own location added.
    func locate(_ error: AutoCodingError, in node: Node) -> AutoCodingError

    /// The instance already read for the object `node` refers to (formats that share objects).
    mutating func sharedInstance(_ node: Node) -> AnyObject?
    /// The instance of the class `type` (or a subclass) already made for `node`: the one read for
    /// the object it refers to (formats that share objects), or one the format's own machinery made
    /// (`NSCoder`, which runs `init(coder:)` of `NSObject` classes itself).
    mutating func instance(_ node: Node, of type: Any.Type) throws -> AnyObject?
    /// Records the instance made for the object `node` refers to, before its fields are read.
    mutating func share(_ instance: AnyObject, for node: Node)
    /// Keeps a post-decoding hook to run once the whole graph is read (formats that share objects).
    mutating func deferHook(_ hook: @escaping () throws -> Void)

    /// How many values reading has counted against the expansion limit so far (formats that share
    /// collections; a mark for ``share(value:for:countedSince:)``).
    var expandedValues: Int { get }
    /// The value already read as `Any` for the collection `node` refers to, counted again against
    /// the expansion limit (formats that share collections).
    mutating func sharedValue(_ node: Node) throws -> Any?
    /// Records the value read as `Any` for the collection `node` refers to, which counted the
    /// values since `mark`.
    mutating func share(value: Any, for node: Node, countedSince mark: Int)

    /// Reads `node` into the value of `coder`'s type stored at `offset` in `memory`, through `coder`.
    ///
    /// The default calls ``FieldCoding/decodeField(_:from:into:at:_:)``; a format with an entry
    /// point of its own in ``FieldCoding`` calls that instead, so the coder runs specialized for it.
    mutating func field(_ coder: any FieldCoding, _ node: Node, into memory: InstanceMemory, at offset: Int,
                        _ context: DecodingContext) throws

    /// Reads `node` through `coder`: how coders read the values they hold (elements, dictionary
    /// values, a wrapped or raw value).
    ///
    /// The default calls ``ValueCoding/decode(_:from:_:)``; a format with an entry point of its own
    /// in ``ValueCoding`` calls that instead (see ``field(_:_:into:at:_:)``).
    mutating func decode<Value>(_ node: Node, with coder: any ValueCoding<Value>, _ context: DecodingContext) throws -> Value

    /// Reads the properties of the object `node` into the instance in `memory` as `plan` lists
    /// them, returning the entries no property claims (``TypePlan/decodeFields(_:_:from:into:_:)``,
    /// the default; the `Codable` bridge first tries the decoder's typed calls,
    /// ``CodableBridgeReader/fields(of:_:_:into:_:)``).
    ///
    /// A requirement for the reason ``ArchiveWriter/fields(of:in:_:)`` is: coders generic over the
    /// value's type reach this reader's own specialization of the loop.
    mutating func fields(of plan: TypePlan, _ node: Node, _ header: ObjectHeader, into memory: InstanceMemory,
                         _ context: DecodingContext) throws -> PropertyListDictionary
}

/// The reserved entries of an archived `AutoCodable` value.
package struct ObjectHeader {
    /// The number of entries of its dictionary.
    package var count: Int
    /// The position of the first entry that is not reserved.
    package var firstField: Int
    /// The recorded type name (``ReservedKey/type``, or a keyed archive's class name).
    package var typeRecord: String?
    /// The recorded version (0 when none).
    package var version: Int

    package init(count: Int, firstField: Int, typeRecord: String?, version: Int) {
        self.count = count
        self.firstField = firstField
        self.typeRecord = typeRecord
        self.version = version
    }
}

extension ArchiveReader {
    package static var isSelfDescribing: Bool { false }
    package static var escapesReservedSpellings: Bool { true }
    package static var readsFieldsByKey: Bool { false }

    /// Walks the entries (formats that do not ``readsFieldsByKey`` never get here).
    package mutating func value(_ node: Node, forKey key: ArchiveKey) throws -> Node? {
        for index in 0..<(try dictionaryCount(node)) where try self.key(node, at: index, is: key) {
            return try value(node, at: index)
        }
        return nil
    }

    package mutating func unclaimedEntries(_ node: Node, claimed: Set<String>) throws -> PropertyListDictionary {
        var unknown = PropertyListDictionary()
        for index in 0..<(try dictionaryCount(node)) {
            let key = try self.key(node, at: index)
            guard !claimed.contains(key) else { continue }
            unknown.updateValue(try tree(try value(node, at: index)), forKey: key)
        }
        return unknown
    }
    package mutating func enter(_ node: Node) throws {}
    package mutating func leave(_ node: Node) {}
    package func locate(_ error: AutoCodingError, in node: Node) -> AutoCodingError { error }
    package mutating func sharedInstance(_ node: Node) -> AnyObject? { nil }
    package mutating func share(_ instance: AnyObject, for node: Node) {}
    @inline(__always)
    package mutating func objectHeader(_ node: Node, of plan: TypePlan) throws -> ObjectHeader { try objectHeader(node) }
    @inline(__always)
    package mutating func instance(_ node: Node, of type: Any.Type) throws -> AnyObject? { sharedInstance(node) }
    package mutating func deferHook(_ hook: @escaping () throws -> Void) {}
    package var expandedValues: Int { 0 }
    package mutating func sharedValue(_ node: Node) throws -> Any? { nil }
    package mutating func share(value: Any, for node: Node, countedSince mark: Int) {}
    package mutating func field(_ coder: any FieldCoding, _ node: Node, into memory: InstanceMemory, at offset: Int,
                                _ context: DecodingContext) throws {
        try coder.decodeField(node, from: &self, into: memory, at: offset, context)
    }
    @inline(__always)
    package mutating func decode<Value>(_ node: Node, with coder: any ValueCoding<Value>,
                                        _ context: DecodingContext) throws -> Value {
        try coder.decode(node, from: &self, context)
    }
    package mutating func fields(of plan: TypePlan, _ node: Node, _ header: ObjectHeader, into memory: InstanceMemory,
                                 _ context: DecodingContext) throws -> PropertyListDictionary {
        try plan.decodeFields(node, header, from: &self, into: memory, context)
    }
    package mutating func describedType(of node: Node) throws -> Any.Type? { nil }

    /// ``tree(_:)`` of `node`, if it is a dictionary.
    package mutating func migrationEntries(_ node: Node) throws -> PropertyListDictionary? {
        guard case .dictionary(let entries) = try tree(node) else { return nil }
        return entries
    }

    /// Reads the migrated entries as a tree: formats whose trees hold every value whole.
    package mutating func migratedFields(of plan: TypePlan, _ node: Node, _ migrated: PropertyListDictionary,
                                         into memory: InstanceMemory,
                                         _ context: DecodingContext) throws -> PropertyListDictionary {
        var tree = TreeArchiveReader(root: .dictionary(migrated))
        let header = ObjectHeader(count: migrated.count, firstField: 0, typeRecord: nil, version: plan.version)
        return try tree.fields(of: plan, tree.root, header, into: memory, context)
    }
    @inline(__always)
    package mutating func openedObject(_ node: Node) throws -> Node { node }
    @inline(__always)
    package mutating func openedDictionary(_ node: Node) throws -> Node { node }
    @inline(__always)
    package mutating func openedArray(_ node: Node) throws -> Node { node }
    package mutating func decodable<T: Decodable>(_ type: T.Type, _ node: Node, _ context: DecodingContext) throws -> T {
        try CodableTree.decode(T.self, node, from: &self, context)
    }

    package mutating func url(_ node: Node) throws -> URL {
        let text = try string(node)
        guard let url = URL(string: text) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a URL", expected: "URL", found: "\"\(text)\"")
        }
        return url
    }

    package mutating func uuid(_ node: Node) throws -> UUID {
        let text = try string(node)
        guard let uuid = UUID(uuidString: text) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a UUID", expected: "UUID", found: "\"\(text)\"")
        }
        return uuid
    }

    /// The plain-format header: `$type` and `$version` entries before the first property key.
    package mutating func plainObjectHeader(_ node: Node) throws -> ObjectHeader {
        let count = try dictionaryCount(node)
        var header = ObjectHeader(count: count, firstField: 0, typeRecord: nil, version: 0)
        while header.firstField < count, try keyIsReserved(node, at: header.firstField) {
            let index = header.firstField
            if try key(node, at: index, is: ReservedKey.typeKey) {
                header.typeRecord = try headerTypeRecord(try value(node, at: index))
            } else if try key(node, at: index, is: ReservedKey.versionKey) {
                header.version = try headerVersion(try value(node, at: index))
            } else {
                break
            }
            header.firstField += 1
        }
        return header
    }

    /// The value of a `$type` entry: a string.
    package mutating func headerTypeRecord(_ value: Node) throws -> String {
        do {
            return try string(value)
        } catch let error as AutoCodingError {
            throw error.within(.key(ReservedKey.type))
        }
    }

    /// The value of a `$version` entry: an integer that fits `Int`.
    package mutating func headerVersion(_ value: Node) throws -> Int {
        let number: PropertyListInteger
        do {
            number = try integer(value)
        } catch let error as AutoCodingError {
            throw error.within(.key(ReservedKey.version))
        }
        guard let version = number.int64Value.flatMap({ Int(exactly: $0) }) else {
            throw AutoCodingError(.integerOutOfRange, "version \(number) does not fit Int",
                                  path: [.key(ReservedKey.version)], expected: "Int", found: "\(number)")
        }
        return version
    }

    /// The plain-format nil marker of a level above 0: a one-entry dictionary `{"$nil": level}`
    /// (level 0 is the string `$null`, which each reader recognizes itself).
    package mutating func plainNilLevel(_ node: Node, isDictionary: Bool) throws -> Int? {
        guard isDictionary, try dictionaryCount(node) == 1, try key(node, at: 0, is: ReservedKey.nilKey) else {
            return nil
        }
        let number = try integer(try value(node, at: 0))
        guard let level = number.int64Value.flatMap({ Int(exactly: $0) }), level >= 0 else {
            throw AutoCodingError(.corruptArchive, "a nil marker has the level \(number)")
        }
        return level
    }
}
