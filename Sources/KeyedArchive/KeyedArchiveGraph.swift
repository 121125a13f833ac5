/// A whole keyed archive read without Swift types: the root value and every custom object.
///
/// Made by ``KeyedUnarchiver/graph(from:options:)``. Objects are kept by their `$objects` index, so a
/// value referring to an object twice refers to one ``KeyedObject`` and cycles need no copying.
public struct KeyedArchiveGraph: Sendable, Equatable {
    /// The value under `$top`'s `root` key.
    public var root: KeyedValue
    /// Every custom object reachable from the root, by `$objects` index.
    public var objects: [Int: KeyedObject]

    /// Creates a graph.
    ///
    /// - Parameters:
    ///   - root: The root value.
    ///   - objects: The custom objects by index.
    public init(root: KeyedValue, objects: [Int: KeyedObject]) {
        self.root = root
        self.objects = objects
    }

    /// How many times each object is referred to from the root value and from other objects.
    ///
    /// - Returns: Reference counts by object index; more than 1 means the object is shared.
    public func referenceCounts() -> [Int: Int] {
        var counts: [Int: Int] = [:]
        // Iterative: values nest as deep as the archive allowed.
        var pending: [KeyedValue] = [root]
        for object in objects.values {
            for field in object.fields { pending.append(field.value) }
        }
        while let value = pending.popLast() {
            switch value {
            case .object(let index):
                counts[index, default: 0] += 1
            case .array(let elements), .set(let elements):
                pending.append(contentsOf: elements)
            case .dictionary(let entries):
                for entry in entries {
                    pending.append(entry.key)
                    pending.append(entry.value)
                }
            default:
                break
            }
        }
        return counts
    }
}
