/// The elements of a collection ``NSCoderBridgeWriter`` is filling, boxed so they grow in place
/// while the writer's stack of open containers holds them.
final class NSCoderBridgeElements<Elements> {
    var elements: Elements

    init(_ elements: Elements) { self.elements = elements }
}
