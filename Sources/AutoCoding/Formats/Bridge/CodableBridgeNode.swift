/// One value of a `Decoder`, as the `Codable` bridge's reader hands it to coders: the decoder's
/// single value, entry `index` of a keyed container, or element `index` of an unkeyed one.
///
/// A node is a plain value (reading a scalar allocates nothing); the containers a node is opened
/// as are remembered by its parent, so a dictionary is opened once however many times coders ask
/// for its count, keys and values. Objects and arrays are opened once by their coders
/// (``CodableBridgeReader/openedObject(_:)``) and read through ``dictionary(_:)`` and ``array(_:)``
/// nodes, which find nothing again.
package enum CodableBridgeNode {
    case root(CodableBridgeRoot)
    /// Entry `index` of the dictionary's ``CodableBridgeDictionary/keys``.
    case entry(CodableBridgeDictionary, Int)
    /// The entry under a key looked up by name (an object's property).
    case named(CodableBridgeDictionary, BridgeKey)
    case element(CodableBridgeArray, Int)
    /// A dictionary already opened, handed to the coder that reads it
    /// (``CodableBridgeReader/openedObject(_:)``): its entries are read without finding it again.
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

/// A keyed decoding container with its keys (reserved keys first), and the containers its
/// entries were opened as, by entry.
package final class CodableBridgeDictionary {
    let container: KeyedDecodingContainer<BridgeKey>
    /// The keys, listed only when asked for (decoders list keys slowly; objects look theirs up).
    private(set) lazy var keys: [BridgeKey] = Self.reservedFirst(container.allKeys)
    var children: [CodableBridgeContainer?] = []
    /// The containers entries looked up by name were opened as, latest last.
    private var namedChildren: [(key: String, opened: CodableBridgeContainer)] = []

    init(_ container: KeyedDecodingContainer<BridgeKey>) {
        self.container = container
    }

    /// The container the entry under `key` was last opened as, if it was.
    func openedChild(named key: String) -> CodableBridgeContainer? {
        var position = namedChildren.endIndex
        while position > namedChildren.startIndex {
            position -= 1
            if namedChildren[position].key == key { return namedChildren[position].opened }
        }
        return nil
    }

    /// Remembers what the entry under `key` was opened as, making room for a few at once (growing
    /// the list one by one would reallocate it for each).
    func remember(_ opened: CodableBridgeContainer, named key: String) {
        if namedChildren.isEmpty { namedChildren.reserveCapacity(4) }
        namedChildren.append((key, opened))
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
    var container: any UnkeyedDecodingContainer
    let count: Int
    var child: (index: Int, opened: CodableBridgeContainer)?

    init(_ container: any UnkeyedDecodingContainer, count: Int) {
        self.container = container
        self.count = count
    }
}
