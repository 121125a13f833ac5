/// One value of a `Decoder`, as the `Codable` bridge's reader hands it to coders: the decoder's
/// single value, entry `index` of a keyed container, or element `index` of an unkeyed one.
///
/// A node is a plain value (reading a scalar allocates nothing); the containers an entry or an
/// element is opened as are remembered by its parent, so a dictionary is opened once however many
/// times coders ask for its count, keys and values. Objects, dictionaries and arrays are opened
/// once by their coders (``CodableBridgeReader/openedObject(_:)``,
/// ``CodableBridgeReader/openedDictionary(_:)``, ``CodableBridgeReader/openedArray(_:)``) and read
/// through ``object(_:)``, ``dictionary(_:)`` and ``array(_:)`` nodes, which find nothing again;
/// a property's value (``named(_:_:)``) is opened only that way, so it needs no bookkeeping.
package enum CodableBridgeNode {
    case root(CodableBridgeRoot)
    /// Entry `index` of the dictionary's ``CodableBridgeDictionary/keys``.
    case entry(CodableBridgeDictionary, Int)
    /// The entry under a key looked up by name in an object's container (a property, a reserved entry).
    case named(CodableBridgeObject, BridgeKey)
    case element(CodableBridgeArray, Int)
    /// The container of an `AutoCodable` value, opened by its coder
    /// (``CodableBridgeReader/openedObject(_:)``), which looks its properties up by name: nothing
    /// is remembered for it (its keys are listed, as a ``dictionary(_:)``, only for the
    /// unknown-keys hook and migration).
    case object(CodableBridgeObject)
    /// A dictionary already opened, handed to the coder that reads it
    /// (``CodableBridgeReader/openedDictionary(_:)``): its entries are read without finding it again.
    case dictionary(CodableBridgeDictionary)
    /// An array already opened (``CodableBridgeReader/openedArray(_:)``).
    case array(CodableBridgeArray)
}

/// A container a node was opened as.
enum CodableBridgeContainer {
    case dictionary(CodableBridgeDictionary)
    case array(CodableBridgeArray)
}

/// The decoder itself, and the container its value was opened as.
package final class CodableBridgeRoot {
    let decoder: any Decoder
    var opened: CodableBridgeContainer?

    init(_ decoder: any Decoder) { self.decoder = decoder }
}

/// The keyed container of an `AutoCodable` value, and nothing else.
///
/// A class, so nodes have a layout known when compiling (`KeyedDecodingContainer`'s is not: held
/// in a node, it would make every copy of a node a call through value witnesses). Allocated once
/// per object, and smaller than a ``CodableBridgeDictionary``, whose bookkeeping an object,
/// read by name, does not need.
package final class CodableBridgeObject {
    let container: KeyedDecodingContainer<BridgeKey>

    init(_ container: KeyedDecodingContainer<BridgeKey>) { self.container = container }
}

/// A keyed decoding container with its keys (reserved keys first), and the containers its
/// entries were opened as, by entry.
package final class CodableBridgeDictionary {
    let container: KeyedDecodingContainer<BridgeKey>
    /// The keys, listed only when asked for (decoders list keys slowly; objects look theirs up).
    private(set) lazy var keys: [BridgeKey] = Self.reservedFirst(container.allKeys)
    var children: [CodableBridgeContainer?] = []

    init(_ container: KeyedDecodingContainer<BridgeKey>) {
        self.container = container
    }


    /// `keys` with `$type` and `$version` first, where the archive formats have them.
    private static func reservedFirst(_ keys: [BridgeKey]) -> [BridgeKey] {
        guard keys.contains(where: { $0.stringValue.utf8.first == UInt8(ascii: "$") }) else { return keys }
        var ordered = keys
        if let position = ordered.firstIndex(where: { $0.stringValue == ReservedKey.version }), position > 0 {
            ordered.insert(ordered.remove(at: position), at: 0)
        }
        if let position = ordered.firstIndex(where: { $0.stringValue == ReservedKey.type }), position > 0 {
            ordered.insert(ordered.remove(at: position), at: 0)
        }
        return ordered
    }
}

/// An unkeyed decoding container (decoders read its elements in order), and the container its
/// latest element was opened as.
package final class CodableBridgeArray {
    // Unchecked for exclusivity: one reader uses an array, one call at a time, and a dynamic check
    // at every element cost more than reading many of the elements.
    @exclusivity(unchecked) var container: any UnkeyedDecodingContainer
    let count: Int
    @exclusivity(unchecked) var child: (index: Int, opened: CodableBridgeContainer)?

    init(_ container: any UnkeyedDecodingContainer, count: Int) {
        self.container = container
        self.count = count
    }
}
