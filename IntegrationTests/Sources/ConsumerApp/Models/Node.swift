import Archivist

/// A singly linked list node.
public final class Node: AutoCodable {
    public var value = 0
    public var next: Node?
    public init() {}
}
