import AutoCoding
import Foundation

/// A node of linked structures: lists, rings, self-references and trees.
final class GraphNode: AutoCodable {
    var label = ""
    var next: GraphNode?
    var children: [GraphNode] = []
    /// Set by `autoCodingDidDecode`: what the hook saw of `next` (its label), proving order.
    var labelOfNextSeenByHook: String?
    var hookRuns = 0
    static let autoCodingTransientProperties: Set<String> = ["labelOfNextSeenByHook", "hookRuns"]

    required init() {}

    convenience init(_ label: String) {
        self.init()
        self.label = label
    }

    func autoCodingDidDecode() throws {
        hookRuns += 1
        labelOfNextSeenByHook = next?.label
    }
}

/// A parent that owns children which point back at it.
final class GraphParent: AutoCodable {
    var name = ""
    var children: [GraphChild] = []
    required init() {}
}

/// A child with a strong back-reference to its parent (a parent ↔ child cycle).
final class GraphChild: AutoCodable {
    var name = ""
    var parent: GraphParent?
    var position = GraphPoint()
    required init() {}
}

/// A struct written inline at each occurrence.
struct GraphPoint: AutoCodable, Equatable {
    var x = 0.0
    var y = 0.0
}

/// An enum stored as its raw value.
enum GraphColor: String {
    case red, green, blue
}

/// Every plain value type a keyed archive carries.
final class GraphEverything: AutoCodable {
    var text = ""
    var count = 0
    var small: Int16 = 0
    var big: UInt64 = 0
    var ratio = 0.0
    var single: Float = 0
    var flag = false
    var when = Date(timeIntervalSinceReferenceDate: 0)
    var bytes = Data()
    var link = URL(fileURLWithPath: "/")
    var identifier = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var words: [String] = []
    var numbers: Set<Int> = []
    var table: [String: Double] = [:]
    var nested: [[Int]] = []
    var maybe: String?
    var maybeNumber: Int?
    var color = GraphColor.red
    var colors: [GraphColor] = []
    var points: [GraphPoint] = []
    required init() {}
}

/// A subclass found where its base class is declared.
class GraphAnimal: AutoCodable {
    var name = ""
    required init() {}
}

final class GraphDog: GraphAnimal {
    var goodBoy = true
    required init() { super.init() }
}

/// Holds animals, declared as the base class.
final class GraphZoo: AutoCodable {
    var animals: [GraphAnimal] = []
    var star: GraphAnimal?
    required init() {}
}

/// A child with a weak back-reference: refused unless transient.
final class WeakChild: AutoCodable {
    var name = ""
    weak var parent: WeakParent?
    required init() {}
}

final class WeakParent: AutoCodable {
    var children: [WeakChild] = []
    required init() {}
}

/// The supported pattern: the weak back-reference is transient and rebuilt by the parent's hook.
final class LinkedChild: AutoCodable {
    var name = ""
    weak var parent: LinkedParent?
    static let autoCodingTransientProperties: Set<String> = ["parent"]
    required init() {}
}

final class LinkedParent: AutoCodable {
    var children: [LinkedChild] = []
    required init() {}
    func autoCodingDidDecode() throws {
        for child in children { child.parent = self }
    }
}

/// Records whether the objects it refers to had run their hooks before its own.
final class HookOrderNode: AutoCodable {
    var children: [HookOrderNode] = []
    var hooked = false
    var childrenHookedFirst = false
    static let autoCodingTransientProperties: Set<String> = ["hooked", "childrenHookedFirst"]
    required init() {}
    func autoCodingDidDecode() throws {
        childrenHookedFirst = children.allSatisfy(\.hooked)
        hooked = true
    }
}

/// A type that cannot be archived (an NSObject property), referred to by another.
final class UnarchivableLeaf: AutoCodable {
    var amount = NSObject()
    required init() {}
}

final class HolderOfUnarchivable: AutoCodable {
    var leaf: UnarchivableLeaf?
    required init() {}
}
