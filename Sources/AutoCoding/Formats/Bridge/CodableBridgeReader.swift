import Foundation
import PropertyList

/// The `Codable` format for coders, reading: values come from a `Decoder`'s containers, so an
/// `AutoCodable` value decodes from `JSONDecoder`, `PropertyListDecoder` or any other decoder with
/// AutoCoding's rules (missing keys keep `init()`'s defaults, renames, versions, unknown keys passed
/// to the type's hook).
///
/// Decoders say nothing of a value's kind until it is read as one, so typed reads ask the decoder
/// for the Swift type the coder expects, and ``tree(_:)`` (unknown entries, migration) tries the
/// kinds in turn. Elements of arrays are read in order, as decoders require.
package struct CodableBridgeReader: ArchiveReader {
    package typealias Node = CodableBridgeNode

    package static var sharesObjects: Bool { false }
    package static var escapesReservedSpellings: Bool { false }
    package static var readsFieldsByKey: Bool { true }

    package let root: Node
    /// Whether properties are read with the decoders' typed calls where their coders have them
    /// (``typedFields(of:_:into:_:opened:)``); `false` reads every property the general way, what
    /// the typed reads are tested against.
    let typedReads: Bool
    /// Where this thread's stack runs out, for ``tree(_:)`` of deep unknown entries.
    private var stackLimit = StackGuard.limit()

    init(_ decoder: any Decoder, typedReads: Bool = true) {
        root = .root(CodableBridgeRoot(decoder))
        self.typedReads = typedReads
    }

    package func kindName(_ node: Node) -> String { "value" }

    // MARK: Scalars

    /// Reads `node` with the call that suits where it is. Each caller passes closures naming its
    /// concrete type, so the decoder's own overload for it runs (the one synthesized code calls),
    /// not the generic `decode(_:)`, which decoders serve through dynamic casts.
    @inline(__always)
    private func read<T>(_ node: Node,
                         single: (any SingleValueDecodingContainer) throws -> T,
                         keyed: (KeyedDecodingContainer<BridgeKey>, BridgeKey) throws -> T,
                         unkeyed: (inout any UnkeyedDecodingContainer) throws -> T) throws -> T {
        try Self.bridging {
            switch node {
            case .root(let root):
                return try single(try root.decoder.singleValueContainer())
            case .entry(let dictionary, let index):
                return try keyed(dictionary.container, dictionary.keys[index])
            case .named(let object, let key):
                return try keyed(object.container, key)
            case .element(let array, let index):
                try Self.checkNext(array, index)
                return try unkeyed(&array.container)
            case .object, .dictionary, .array:
                throw AutoCodingError(.typeMismatch, "expected \(T.self), found a container", expected: "\(T.self)")
            }
        }
    }

    private func read<T: Decodable>(_ type: T.Type, _ node: Node) throws -> T {
        try read(node, single: { try $0.decode(T.self) }, keyed: { try $0.decode(T.self, forKey: $1) },
                 unkeyed: { try $0.decode(T.self) })
    }

    package mutating func integer(_ node: Node) throws -> PropertyListInteger {
        do {
            return PropertyListInteger(Int64(try read(node, single: { try $0.decode(Int.self) },
                                                      keyed: { try $0.decode(Int.self, forKey: $1) },
                                                      unkeyed: { try $0.decode(Int.self) })))
        } catch let error as AutoCodingError where error.kind == .invalidValue {
            // Past `Int.max`: decoders refuse the number as out of range, not as a mismatch.
            guard let unsigned = try? read(node, single: { try $0.decode(UInt64.self) },
                                           keyed: { try $0.decode(UInt64.self, forKey: $1) },
                                           unkeyed: { try $0.decode(UInt64.self) }) else { throw error }
            return PropertyListInteger(unsigned)
        }
    }

    package mutating func real(_ node: Node) throws -> Double {
        try read(node, single: { try $0.decode(Double.self) }, keyed: { try $0.decode(Double.self, forKey: $1) },
                 unkeyed: { try $0.decode(Double.self) })
    }

    package mutating func real32(_ node: Node) throws -> Float {
        try read(node, single: { try $0.decode(Float.self) }, keyed: { try $0.decode(Float.self, forKey: $1) },
                 unkeyed: { try $0.decode(Float.self) })
    }

    package mutating func bool(_ node: Node) throws -> Bool {
        try read(node, single: { try $0.decode(Bool.self) }, keyed: { try $0.decode(Bool.self, forKey: $1) },
                 unkeyed: { try $0.decode(Bool.self) })
    }

    package mutating func string(_ node: Node) throws -> String {
        try read(node, single: { try $0.decode(String.self) }, keyed: { try $0.decode(String.self, forKey: $1) },
                 unkeyed: { try $0.decode(String.self) })
    }

    package mutating func date(_ node: Node) throws -> Date { try read(Date.self, node) }
    package mutating func data(_ node: Node) throws -> Data { try read(Data.self, node) }
    package mutating func url(_ node: Node) throws -> URL { try read(URL.self, node) }
    package mutating func uuid(_ node: Node) throws -> UUID { try read(UUID.self, node) }

    /// A `Codable` value the engine does not code itself: decoded by its own `init(from:)` from this
    /// decoder, as synthesized `Codable` would.
    /// Its `init(from:)` may call the bridge again, which then counts on from this depth.
    package mutating func decodable<T: Decodable>(_ type: T.Type, _ node: Node, _ context: DecodingContext) throws -> T {
        try BridgeNesting.handingOver(at: context.levelsForHandOver) { try read(T.self, node) }
    }

    /// `nil` is the decoder's own; nested optionals collapse to it as in synthesized `Codable`.
    package mutating func nilLevel(_ node: Node) throws -> Int? {
        let isNil = try Self.bridging { () throws -> Bool in
            switch node {
            case .root(let root):
                return try root.decoder.singleValueContainer().decodeNil()
            case .entry(let dictionary, let index):
                return try dictionary.container.decodeNil(forKey: dictionary.keys[index])
            case .named(let object, let key):
                // Some decoders call a missing key `nil`; a missing key keeps the default instead.
                guard try object.container.decodeNil(forKey: key) else { return false }
                guard object.container.contains(key) else {
                    throw AutoCodingError(.missingValue, "no value for key \"\(key.stringValue)\"")
                }
                return true
            case .element(let array, let index):
                guard array.container.currentIndex == index, !array.container.isAtEnd else { return false }
                return try array.container.decodeNil()
            case .object, .dictionary, .array:
                return false
            }
        }
        return isNil ? 0 : nil
    }

    // MARK: Containers

    /// The container `node` was opened as, if it was.
    private func opened(_ node: Node) -> CodableBridgeContainer? {
        switch node {
        case .root(let root):
            return root.opened
        case .entry(let dictionary, let index):
            return dictionary.children.isEmpty ? nil : dictionary.children[index]
        case .named, .object:
            // Opened by their coders only, which hold what they opened.
            return nil
        case .element(let array, let index):
            guard let child = array.child, child.index == index else { return nil }
            return child.opened
        case .dictionary(let dictionary):
            return .dictionary(dictionary)
        case .array(let array):
            return .array(array)
        }
    }

    /// Remembers what `node` was opened as.
    private func remember(_ container: CodableBridgeContainer, for node: Node) {
        switch node {
        case .root(let root):
            root.opened = container
        case .entry(let dictionary, let index):
            if dictionary.children.isEmpty { dictionary.children = Array(repeating: nil, count: dictionary.keys.count) }
            dictionary.children[index] = container
        case .element(let array, let index):
            array.child = (index, container)
        case .named, .object, .dictionary, .array:
            break
        }
    }

    /// `node` opened as a keyed container (once), its keys with `$type` and `$version` first;
    /// remembered for `node` (an entry or an element: properties are opened by their coders only).
    @inline(__always)
    private func dictionary(_ node: Node) throws -> CodableBridgeDictionary {
        // A dictionary's own node, at every entry it reads: nothing to look up.
        if case .dictionary(let opened) = node { return opened }
        return try openDictionary(node)
    }

    /// ``dictionary(_:)`` of a node that is not a dictionary already.
    private func openDictionary(_ node: Node) throws -> CodableBridgeDictionary {
        if case .dictionary(let opened)? = opened(node) { return opened }
        let dictionary = CodableBridgeDictionary(try keyedContainer(node))
        remember(.dictionary(dictionary), for: node)
        return dictionary
    }

    /// The keyed container of `node`: the one it is already opened as, or the decoder's, opened
    /// now and not remembered (the caller keeps it).
    @inline(__always)
    private func keyedContainer(_ node: Node) throws -> KeyedDecodingContainer<BridgeKey> {
        switch node {
        case .object(let object):
            return object.container
        case .dictionary(let dictionary):
            return dictionary.container
        default:
            if case .dictionary(let opened)? = opened(node) { return opened.container }
            return try openKeyedContainer(node)
        }
    }

    /// The object whose properties `node` holds: `node`'s own, or its container, wrapped.
    @inline(__always)
    private func object(_ node: Node) throws -> CodableBridgeObject {
        if case .object(let object) = node { return object }
        return CodableBridgeObject(try keyedContainer(node))
    }

    /// Opens `node` as a keyed container (one decoder call).
    private func openKeyedContainer(_ node: Node) throws -> KeyedDecodingContainer<BridgeKey> {
        try Self.bridging { () throws -> KeyedDecodingContainer<BridgeKey> in
            switch node {
            case .root(let root):
                return try root.decoder.container(keyedBy: BridgeKey.self)
            case .entry(let parent, let index):
                return try parent.container.nestedContainer(keyedBy: BridgeKey.self, forKey: parent.keys[index])
            case .named(let parent, let key):
                return try parent.container.nestedContainer(keyedBy: BridgeKey.self, forKey: key)
            case .element(let array, let index):
                try Self.checkNext(array, index)
                return try array.container.nestedContainer(keyedBy: BridgeKey.self)
            case .object(let object):
                return object.container
            case .dictionary(let dictionary):
                return dictionary.container
            case .array:
                throw AutoCodingError(.typeMismatch, "expected a dictionary, found an array", expected: "dictionary")
            }
        }
    }

    /// `node` opened as an unkeyed container (once).
    @inline(__always)
    private func array(_ node: Node, remembering: Bool = true) throws -> CodableBridgeArray {
        // An array's own node, at every element it reads: nothing to look up.
        if case .array(let opened) = node { return opened }
        return try openArray(node, remembering: remembering)
    }

    /// ``array(_:remembering:)`` of a node that is not a container already.
    private func openArray(_ node: Node, remembering: Bool) throws -> CodableBridgeArray {
        if case .array(let opened)? = opened(node) { return opened }
        let container = try Self.bridging { () throws -> any UnkeyedDecodingContainer in
            switch node {
            case .root(let root):
                return try root.decoder.unkeyedContainer()
            case .entry(let parent, let index):
                return try parent.container.nestedUnkeyedContainer(forKey: parent.keys[index])
            case .named(let parent, let key):
                return try parent.container.nestedUnkeyedContainer(forKey: key)
            case .element(let array, let index):
                try Self.checkNext(array, index)
                return try array.container.nestedUnkeyedContainer()
            case .array(let array):
                return array.container
            case .object, .dictionary:
                throw AutoCodingError(.typeMismatch, "expected an array, found a dictionary", expected: "array")
            }
        }
        guard let count = container.count else {
            throw AutoCodingError(.corruptArchive, "the decoder does not say how many elements an array has")
        }
        let array = CodableBridgeArray(container, count: count)
        if remembering { remember(.array(array), for: node) }
        return array
    }

    /// The container of an `AutoCodable` value, opened once and handed to its coder, which looks
    /// the properties up in it by name: nothing is remembered for it.
    package mutating func openedObject(_ node: Node) throws -> Node {
        if case .object = node { return node }
        return .object(CodableBridgeObject(try keyedContainer(node)))
    }

    /// The dictionary a dictionary is read from, opened once and handed to its coder (see
    /// ``openedObject(_:)``), with its keys for reading the entries by position.
    package mutating func openedDictionary(_ node: Node) throws -> Node {
        if case .dictionary = node { return node }
        if case .dictionary(let opened)? = opened(node) { return .dictionary(opened) }
        let dictionary = CodableBridgeDictionary(try keyedContainer(node))
        if !Self.isNamed(node) { remember(.dictionary(dictionary), for: node) }
        return .dictionary(dictionary)
    }

    /// The array an array is read from, opened once and handed to its coder (see ``openedObject(_:)``).
    package mutating func openedArray(_ node: Node) throws -> Node {
        .array(try array(node, remembering: !Self.isNamed(node)))
    }

    /// Whether `node` is an entry looked up by name, which its object need not remember once the
    /// coder holds the container it opened.
    private static func isNamed(_ node: Node) -> Bool {
        if case .named = node { return true }
        return false
    }

    package mutating func arrayCount(_ node: Node) throws -> Int { try array(node).count }

    package mutating func element(_ node: Node, at index: Int) throws -> Node {
        let array = try array(node)
        guard index >= 0, index < array.count else {
            throw AutoCodingError(.corruptArchive, "element \(index) is past the end of an array of \(array.count)")
        }
        return .element(array, index)
    }

    package mutating func dictionaryCount(_ node: Node) throws -> Int { try dictionary(node).keys.count }

    package mutating func key(_ node: Node, at index: Int) throws -> String { try dictionary(node).keys[index].stringValue }

    package mutating func key(_ node: Node, at index: Int, is key: ArchiveKey) throws -> Bool {
        try dictionary(node).keys[index].stringValue == key.text
    }

    package mutating func keyIsReserved(_ node: Node, at index: Int) throws -> Bool {
        try dictionary(node).keys[index].stringValue.utf8.first == UInt8(ascii: "$")
    }

    package mutating func value(_ node: Node, at index: Int) throws -> Node {
        .entry(try dictionary(node), index)
    }

    /// A property's value, not looked up first (synthesized `Codable` makes one lookup per
    /// property, and so does this): a key the decoder lacks fails the read with `keyNotFound`, and
    /// ``field(_:_:into:at:_:)`` keeps the property's default then.
    package mutating func value(_ node: Node, forKey key: ArchiveKey) throws -> Node? {
        .named(try object(node), BridgeKey(key.text))
    }

    /// The value under `key` if the decoder holds one (the reserved entries, which most objects lack).
    private mutating func present(_ node: Node, _ key: ArchiveKey) throws -> Node? {
        let object = try object(node)
        let codingKey = BridgeKey(key.text)
        return object.container.contains(codingKey) ? .named(object, codingKey) : nil
    }

    /// Reads a property whose key was not checked first: when the read fails because the key is
    /// missing (and only then: the container is asked), the property keeps its default.
    /// The coder is reached through its entry point for this format (specialized for it).
    package mutating func field(_ coder: any FieldCoding, _ node: Node, into memory: InstanceMemory, at offset: Int,
                                _ context: DecodingContext) throws {
        do {
            try coder.decodeBridgeField(node, from: &self, into: memory, at: offset, context)
        } catch let error as AutoCodingError where error.path.isEmpty {
            guard case .named(let object, let key) = node, !object.container.contains(key) else { throw error }
        }
    }

    /// The properties of the object `node`: ``typedFields(of:_:into:_:opened:)``, but for types with
    /// the unknown-keys hook, read the general way throughout (``TypePlan/decodeFields(_:_:from:into:_:)``).
    package mutating func fields(of plan: TypePlan, _ node: Node, _ header: ObjectHeader, into memory: InstanceMemory,
                                 _ context: DecodingContext) throws -> PropertyListDictionary {
        guard typedReads, case .object(let object) = node, !plan.implementsUnknownKeysHook else {
            return try plan.decodeFields(node, header, from: &self, into: memory, context)
        }
        do {
            try typedFields(of: plan, object.container, into: memory, context, opened: object)
        } catch let failure as BridgePropertyRead.Failure {
            throw failure.error
        }
        return PropertyListDictionary()
    }

    /// Reads the properties `container` holds into the instance in `memory`, each with the
    /// decoder's own call for its type where its coder has one (``BridgePropertyRead``), as
    /// synthesized `Codable` reads them. The others, and any whose typed read throws, are read the
    /// general way (``TypePlan/decodeField(_:byKeyOf:from:into:_:)``), which then gives the value,
    /// the kept default or the error with its path.
    ///
    /// - Throws: ``BridgePropertyRead/Failure`` with the general read's error, the property in its path.
    ///
    /// - Parameter opened: The object wrapping `container`, if there is one already (the general
    ///   reads need one; made at the first).
    mutating func typedFields(of plan: TypePlan, _ container: KeyedDecodingContainer<BridgeKey>,
                              into memory: InstanceMemory, _ context: DecodingContext,
                              opened: CodableBridgeObject? = nil) throws {
        var object = opened
        try plan.slots.withUnsafeBufferPointer { slots in
            for slot in slots {
                let key = BridgeKey(slot.key.text)
                let read: BridgePropertyRead
                do {
                    read = try slot.withCoder {
                        try $0.decodeBridgeProperty(container, key, into: memory, at: slot.offset, from: &self, context)
                    }
                } catch let failure as BridgePropertyRead.Failure {
                    // A value inside failed its general read: final, located as that read locates it.
                    throw failure.located { plan.located($0, in: slot) }
                } catch {
                    // A missing key keeps the default, as the general read concludes (asking the
                    // container the same question) after a second thrown error; anything else is
                    // read again the general way, for its error and path (or its reading of the value).
                    guard container.contains(key) else { continue }
                    read = .untyped
                }
                guard case .untyped = read else { continue }
                let general = object ?? CodableBridgeObject(container)
                object = general
                do {
                    try plan.decodeField(slot, byKeyOf: .object(general), from: &self, into: memory, context)
                } catch {
                    throw BridgePropertyRead.Failure(error)
                }
            }
        }
    }

    /// A value a coder holds (an element, a dictionary value, a wrapped or raw value), through the
    /// coder's entry point for this format (specialized for it).
    @inline(__always)
    package mutating func decode<Value>(_ node: Node, with coder: any ValueCoding<Value>,
                                        _ context: DecodingContext) throws -> Value {
        try coder.decodeBridgeValue(node, from: &self, context)
    }

    /// The entries no property claims, for the unknown-keys hook. Listing a container's keys is the
    /// costliest call decoders offer (a quarter of decoding the benchmark corpus through
    /// `JSONDecoder`), and the one synthesized `Codable` does not make.
    package mutating func unclaimedEntries(_ node: Node, claimed: Set<String>) throws -> PropertyListDictionary {
        let dictionary = try dictionary(node)
        var unknown = PropertyListDictionary()
        for (index, key) in dictionary.keys.enumerated() where !claimed.contains(key.stringValue) {
            unknown.updateValue(try tree(.entry(dictionary, index)), forKey: key.stringValue)
        }
        return unknown
    }

    /// The reserved entries, looked up by name (properties are too: ``readsFieldsByKey``).
    package mutating func objectHeader(_ node: Node) throws -> ObjectHeader {
        var header = ObjectHeader(count: 0, firstField: 0, typeRecord: nil, version: 0)
        let node = try openedObject(node)
        if let record = try present(node, ReservedKey.typeKey) { header.typeRecord = try headerTypeRecord(record) }
        if let version = try present(node, ReservedKey.versionKey) { header.version = try headerVersion(version) }
        return header
    }

    /// Only the entries `plan`'s type can have been written with (see the protocol): each lookup
    /// costs what reading a property does, and most objects have neither.
    package mutating func objectHeader(_ node: Node, of plan: TypePlan) throws -> ObjectHeader {
        var header = ObjectHeader(count: 0, firstField: 0, typeRecord: nil, version: 0)
        let node = try openedObject(node)
        if plan.isClass, let record = try present(node, ReservedKey.typeKey) { header.typeRecord = try headerTypeRecord(record) }
        if plan.version != 0, let version = try present(node, ReservedKey.versionKey) {
            header.version = try headerVersion(version)
        }
        return header
    }

    // MARK: Trees

    /// The value as a property-list tree, the kinds tried in turn (the decoder does not say which
    /// it holds): `nil` (as `$null`), a Boolean, an integer, a real, a string, a dictionary, an
    /// array. Dates and data come as the encoder spelled them (in JSON, numbers and strings).
    package mutating func tree(_ node: Node) throws -> PropertyListValue {
        try tree(node, depth: 0)
    }

    /// ``tree(_:)`` of a value `depth` containers down, refused past the default depth limit (an
    /// unknown entry is read without a coder's depth accounting).
    private mutating func tree(_ node: Node, depth: Int) throws -> PropertyListValue {
        guard depth < PropertyListReadingOptions.defaultMaximumDepth else {
            throw AutoCodingError(.depthLimitExceeded,
                                  "an entry nests deeper than the limit of \(PropertyListReadingOptions.defaultMaximumDepth)")
        }
        if StackGuard.isExhausted(below: stackLimit) {
            // Deep input: go on on a fresh stack (the decoder is used from it while this thread waits).
            let saved = stackLimit
            defer { stackLimit = saved }
            return try StackGuard.onFreshStack(unavailable: AutoCodingError.threadUnavailable) { (limit) throws(any Error) in
                stackLimit = limit
                return try tree(node, depth: depth)
            }
        }
        if try nilLevel(node) != nil { return NilMarker.tree(level: 0) }
        if let flag = try? bool(node) { return .bool(flag) }
        if let number = try? integer(node) { return .integer(number) }
        if let real = try? real(node) { return .real(real) }
        if let text = try? string(node) { return .string(text) }
        if let opened = try? dictionary(node) {
            var entries = PropertyListDictionary(minimumCapacity: opened.keys.count)
            for index in opened.keys.indices {
                let value = try tree(.entry(opened, index), depth: depth + 1)
                entries.updateValue(value, forKey: opened.keys[index].stringValue)
            }
            return .dictionary(entries)
        }
        if let opened = try? array(node) {
            var values: [PropertyListValue] = []
            values.reserveCapacity(opened.count)
            for index in 0..<opened.count { values.append(try tree(.element(opened, index), depth: depth + 1)) }
            return .array(values)
        }
        throw AutoCodingError(.corruptArchive, "the decoder holds a value of no kind a property list has")
    }

    // MARK: Errors

    /// Refuses to read an element out of order.
    private static func checkNext(_ array: CodableBridgeArray, _ index: Int) throws {
        guard array.container.currentIndex == index else {
            throw AutoCodingError(.corruptArchive,
                                  "element \(index) was asked for at element \(array.container.currentIndex); decoders read in order")
        }
    }

    /// Runs a decoder call, turning what the decoder throws into an ``AutoCodingError`` with what
    /// was expected (paths are added by the coders as it travels out).
    @inline(__always)
    private static func bridging<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw bridged(error)
        }
    }

    /// What ``bridging(_:)`` throws for `error`. Out of line: matching `DecodingError` looks up its
    /// metadata and makes room for it on the stack, which inlined into every read would be paid on
    /// every read, not only on the failing ones.
    @inline(never)
    private static func bridged(_ error: any Error) -> AutoCodingError {
        if let error = error as? AutoCodingError { return error }
        if let error = error as? DecodingError {
            if case .dataCorrupted(let context) = error, let inner = CodableBridgePath.innerFailure(context.underlyingError) {
                return inner
            }
            return AutoCodingError(bridging: error)
        }
        return AutoCodingError(.invalidValue, "the decoder failed: \(error)")
    }
}

extension AutoCodingError {
    /// A decoder's error about the value being read, without its coding path (the coders add the
    /// path as the error travels out). A missing value (`null` where a value is expected) is a
    /// mismatch that found `nil`, so a property that is no longer optional keeps its default.
    init(bridging error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self.init(.typeMismatch, context.debugDescription, expected: "\(type)")
        case .valueNotFound(let type, let context):
            self.init(.typeMismatch, context.debugDescription, expected: "\(type)", found: "nil")
        case .keyNotFound(let key, _):
            self.init(.missingValue, "no value for key \"\(key.stringValue)\"")
        case .dataCorrupted(let context):
            self.init(.invalidValue, context.debugDescription)
        @unknown default:
            self.init(.invalidValue, "\(error)")
        }
    }
}
