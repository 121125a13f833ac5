import Foundation
import PropertyList

/// The events coders write an archive through; one implementation per format (binary, XML, a
/// `PropertyListValue` tree, keyed archives, `Codable` encoders).
///
/// Coders are generic over the writer and specialized for the concrete formats, so each event is
/// a direct call on the hot path. Events nest like ``PropertyListEventWriter``'s: a container's
/// `begin…` announces its element count, a dictionary's entries are a ``key(_:)`` followed by a
/// value, and every value is exactly one scalar, container, ``nilMarker(level:)`` or object.
package protocol ArchiveWriter: ~Copyable {
    /// Whether the format numbers objects, so that a class instance reached twice is written once
    /// and referred to (keyed archives). Formats that do not are trees: an instance reached again
    /// on its own path is a cycle, and one reached on two paths is written twice.
    static var sharesObjects: Bool { get }
    /// Whether the format names the type of every object it writes by itself (keyed archives'
    /// `$class`), so a subclass or a value behind `Any` needs no registered name.
    static var isSelfDescribing: Bool { get }
    /// Whether strings and dictionary keys spelled like the archives' reserved words (`$null`,
    /// `$type`, …) are written with one more `$` (``NilMarker``, ``ReservedKey``): every archive
    /// format. Not the `Codable` bridge, whose `nil` is the encoder's own and whose dictionaries hold
    /// no reserved keys, so a string `"$null"` is written as it is, as synthesized `Codable` writes it.
    static var escapesReservedSpellings: Bool { get }

    mutating func beginArray(count: Int) throws
    mutating func endArray() throws
    mutating func beginDictionary(count: Int) throws
    mutating func endDictionary() throws
    /// The key of the next dictionary entry (user dictionaries: any string).
    mutating func key(_ key: String) throws
    /// The key of the next entry, prepared (property keys, reserved keys).
    mutating func key(_ key: ArchiveKey) throws

    mutating func string(_ value: String) throws
    mutating func integer(_ value: Int64) throws
    mutating func unsigned(_ value: UInt64) throws
    mutating func real(_ value: Double) throws
    mutating func real32(_ value: Float) throws
    mutating func bool(_ value: Bool) throws
    mutating func date(_ value: Date) throws
    mutating func data(_ value: Data) throws
    mutating func url(_ value: URL) throws
    mutating func uuid(_ value: UUID) throws
    /// A property-list tree (unknown entries kept by a type, the output of `Codable` types).
    mutating func tree(_ value: PropertyListValue) throws
    /// A `Codable` value the engine does not code itself. The default writes the tree its
    /// `encode(to:)` makes through the engine's own `Encoder`; the `Codable` bridge hands the value
    /// to the caller's encoder instead.
    mutating func encodable<T: Encodable>(_ value: T, _ context: EncodingContext) throws

    /// Opens a set of `count` elements (keyed archives: an `NSSet`; plain formats: an array).
    mutating func beginSet(count: Int) throws
    /// Closes the innermost set.
    mutating func endSet() throws

    /// `nil`, `level` optional layers below the outermost (see ``NilMarker``).
    mutating func nilMarker(level: Int) throws
    /// The plain formats' level-0 nil marker, the string ``NilMarker/null`` (what the default
    /// ``nilMarker(level:)`` writes for level 0): a requirement so that a format can write the
    /// string prepared (the binary format, without hashing it again at every `nil`).
    mutating func nullMarker() throws
    /// Says that the next value is the value inside an `Optional` (formats that spell a number in
    /// an optional differently: keyed archives and `NSCoder` box it as an `NSNumber` object, so a
    /// reader can tell it from `nil` before reading it).
    mutating func optionalValueFollows()

    /// Writes the value of `coder`'s type stored at `offset` in `memory`, through `coder`.
    ///
    /// The default calls ``FieldCoding/encodeField(in:at:to:_:)``; a format with an entry point
    /// of its own in ``FieldCoding`` calls that instead, so the coder runs specialized for it.
    mutating func field(_ coder: any FieldCoding, in memory: InstanceMemory, at offset: Int,
                        _ context: EncodingContext) throws

    /// Writes every field of the instance in `memory` as `plan` lists them
    /// (``TypePlan/encodeFields(in:to:_:)``, the default and the only implementation).
    ///
    /// A requirement so that coders generic over the value's type, whose closures run the loop
    /// unspecialized, reach this writer's own specialization of it: every key and value of the
    /// object is then a direct call, not one through the protocol's witness table.
    mutating func fields(of plan: TypePlan, in memory: InstanceMemory, _ context: EncodingContext) throws

    /// Starts an `AutoCodable` value; its fields follow as key–value entries.
    ///
    /// - Returns: `false` when the format already holds this instance and has written a reference
    ///   to it instead: the caller then writes nothing more for it (and calls no ``endObject()``).
    mutating func beginObject(_ start: ObjectStart) throws -> Bool
    /// Ends the value started by the last ``beginObject(_:)`` that returned `true`.
    mutating func endObject() throws
}

extension ArchiveWriter where Self: ~Copyable {
    package static var isSelfDescribing: Bool { false }
    package static var escapesReservedSpellings: Bool { true }

    /// `URL` as its `absoluteString`.
    package mutating func url(_ value: URL) throws { try string(value.absoluteString) }

    /// `UUID` as its `uuidString`.
    package mutating func uuid(_ value: UUID) throws { try string(value.uuidString) }

    /// A set: an array in plain formats.
    package mutating func field(_ coder: any FieldCoding, in memory: InstanceMemory, at offset: Int,
                                _ context: EncodingContext) throws {
        try coder.encodeField(in: memory, at: offset, to: &self, context)
    }

    package mutating func fields(of plan: TypePlan, in memory: InstanceMemory, _ context: EncodingContext) throws {
        try plan.encodeFields(in: memory, to: &self, context)
    }

    package mutating func encodable<T: Encodable>(_ value: T, _ context: EncodingContext) throws {
        try CodableTree.encode(value, to: &self, context)
    }

    package mutating func beginSet(count: Int) throws { try beginArray(count: count) }

    @inline(__always)
    package mutating func optionalValueFollows() {}

    /// Ends a set.
    package mutating func endSet() throws { try endArray() }

    /// The plain-format spelling: the string `$null` (what Foundation's `PropertyListEncoder` writes
    /// for `nil`, and its decoder reads as `nil`), or for deeper levels a dictionary whose only key
    /// is `$nil`, holding the level.
    package mutating func nilMarker(level: Int) throws {
        if level == 0 { return try nullMarker() }
        try beginDictionary(count: 1)
        try key(ReservedKey.nilKey)
        try integer(Int64(level))
        try endDictionary()
    }

    /// The string ``NilMarker/null``.
    package mutating func nullMarker() throws { try string(NilMarker.null) }

    /// Writes `value` as the events that make it (a format without a tree event of its own:
    /// the `Codable` and `NSCoding` bridges). Recursive: the trees formats hand here are the ones
    /// coders made within the depth limit.
    package mutating func writeTreeEvents(_ value: PropertyListValue) throws {
        switch value {
        case .string(let text): try string(text)
        case .integer(let number):
            if let signed = number.int64Value { try integer(signed) } else if let large = number.uint64Value { try unsigned(large) }
        case .real(let real): try self.real(real)
        case .real32(let real): try real32(real)
        case .bool(let flag): try bool(flag)
        case .date(let date): try self.date(date)
        case .data(let data): try self.data(data)
        case .uid(let number): try unsigned(number)
        case .array(let elements):
            try beginArray(count: elements.count)
            for element in elements { try writeTreeEvents(element) }
            try endArray()
        case .dictionary(let entries):
            try beginDictionary(count: entries.count)
            for (key, element) in entries {
                try self.key(key)
                try writeTreeEvents(element)
            }
            try endDictionary()
        }
    }

    /// The plain-format spelling: a dictionary with the reserved entries first.
    package mutating func beginPlainObject(_ start: ObjectStart) throws {
        try beginDictionary(count: start.entryCount)
        if let record = start.typeRecord {
            try key(ReservedKey.typeKey)
            try string(record)
        }
        if start.plan.version != 0 {
            try key(ReservedKey.versionKey)
            try integer(Int64(start.plan.version))
        }
    }
}
