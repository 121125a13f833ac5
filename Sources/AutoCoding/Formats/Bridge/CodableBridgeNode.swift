/// One value of a `Decoder`, as the `Codable` bridge's reader hands it to coders: where it is
/// (the decoder's single value, an entry of a keyed container, an element of an unkeyed one), and
/// the container it was opened as, once it has been.
///
/// A class, so a container is opened once however many times coders ask for a dictionary's count,
/// keys and values.
final class CodableBridgeNode {
    enum Place {
        case root(any Decoder)
        case entry(KeyedDecodingContainer<BridgeKey>, BridgeKey)
        case element(CodableBridgeElements, Int)
    }

    let place: Place
    /// The keyed container this value was opened as, with its keys (reserved keys first).
    var dictionary: (container: KeyedDecodingContainer<BridgeKey>, keys: [BridgeKey])?
    /// The unkeyed container this value was opened as.
    var array: CodableBridgeElements?

    init(_ place: Place) { self.place = place }
}

/// An unkeyed decoding container, shared by the nodes of its elements (decoders read elements in
/// order, so each read checks that it is the next one).
final class CodableBridgeElements {
    var container: any UnkeyedDecodingContainer
    let count: Int

    init(_ container: any UnkeyedDecodingContainer, count: Int) {
        self.container = container
        self.count = count
    }
}
