/// One value of a `Decoder`, as the `Codable` bridge's reader hands it to coders: the decoder's
/// single value, entry `index` of a keyed container, or element `index` of an unkeyed one.
///
/// A node is a plain value (reading a scalar allocates nothing); the containers a node is opened
/// as are remembered by its parent, so a dictionary is opened once however many times coders ask
/// for its count, keys and values.
enum CodableBridgeNode {
    case root(CodableBridgeRoot)
    case entry(CodableBridgeDictionary, Int)
    case element(CodableBridgeArray, Int)
}

/// A container a node was opened as.
enum CodableBridgeContainer {
    case dictionary(CodableBridgeDictionary)
    case array(CodableBridgeArray)
}

/// The decoder itself, and the container its value was opened as.
final class CodableBridgeRoot {
    let decoder: any Decoder
    var opened: CodableBridgeContainer?

    init(_ decoder: any Decoder) { self.decoder = decoder }
}

/// A keyed decoding container with its keys (reserved keys first), and the containers its
/// entries were opened as, by entry.
final class CodableBridgeDictionary {
    let container: KeyedDecodingContainer<BridgeKey>
    let keys: [BridgeKey]
    var children: [CodableBridgeContainer?] = []

    init(_ container: KeyedDecodingContainer<BridgeKey>, keys: [BridgeKey]) {
        self.container = container
        self.keys = keys
    }
}

/// An unkeyed decoding container (decoders read its elements in order), and the container its
/// latest element was opened as.
final class CodableBridgeArray {
    var container: any UnkeyedDecodingContainer
    let count: Int
    var child: (index: Int, opened: CodableBridgeContainer)?

    init(_ container: any UnkeyedDecodingContainer, count: Int) {
        self.container = container
        self.count = count
    }
}
