import Archivist
import ConsumerApp
import Foundation

/// The app's three recursive shapes, nested as deep as a test asks.
enum DeepShape: String, CaseIterable, Codable, Sendable {
    /// A ``LinkedList`` of `depth` ``Node``s.
    case linkedList
    /// A ``Formula`` whose expression is `depth` `.negate`s around `.number(depth)` (`Codable`).
    case indirectEnum
    /// An ``Outline`` `depth` levels deep, each the only child of the one above (arrays in arrays).
    case nestedArrays

    /// A new value of this shape, `depth` levels deep; built without recursion.
    func make(depth: Int) -> DeepValue {
        switch self {
        case .linkedList:
            var list = LinkedList()
            list.name = "deep"
            var head: Node?
            for value in (0..<depth).reversed() {
                let node = Node()
                node.value = value
                node.next = head
                head = node
            }
            list.head = head
            return .list(list)
        case .indirectEnum:
            var expression = Expression.number(depth)
            for _ in 0..<depth { expression = .negate(expression) }
            var formula = Formula()
            formula.name = "deep"
            formula.expression = expression
            return .formula(formula)
        case .nestedArrays:
            var outline = Outline()
            outline.heading = "\(depth - 1)"
            for level in (0..<(depth - 1)).reversed() {
                var parent = Outline()
                parent.heading = "\(level)"
                parent.children = [outline]
                outline = parent
            }
            return .outline(outline)
        }
    }
}

/// Where a deep value is sent and read back from.
enum Route: String, CaseIterable, Codable, Sendable {
    case binary, xml, keyedArchive, archiveStore
}

/// A value of a ``DeepShape``.
///
/// Freeing a value thousands of levels deep recursively takes stack in proportion to its depth —
/// in the test's own code, not the library's. So deep values are built, checked and freed on the
/// main actor's 8 MiB stack, with ``dismantle()`` freeing them one level at a time, and small
/// threads only borrow them (see ``SmallStackThread/Handover``).
enum DeepValue: Sendable {
    case list(LinkedList)
    case formula(Formula)
    case outline(Outline)

    /// How deep the value is when every level holds what ``DeepShape/make(depth:)`` put there,
    /// else `nil`; measured without recursion.
    var intactDepth: Int? {
        switch self {
        case .list(let list):
            var count = 0
            var cursor = list.head
            while let node = cursor {
                guard node.value == count else { return nil }
                count += 1
                cursor = node.next
            }
            return list.name == "deep" ? count : nil
        case .formula(let formula):
            var count = 0
            var current = formula.expression
            while case .negate(let inner) = current {
                count += 1
                current = inner
            }
            guard formula.name == "deep", current == .number(count) else { return nil }
            return count
        case .outline(let outline):
            var count = 0
            var current = outline
            while true {
                guard current.heading == "\(count)" else { return nil }
                count += 1
                guard let child = current.children.first else { return count }
                guard current.children.count == 1 else { return nil }
                current = child
            }
        }
    }

    /// Frees the value one level at a time (the caller must hold the only copy).
    consuming func dismantle() {
        switch consume self {
        case .list(let list):
            var cursor = list.head
            while let node = cursor {
                cursor = node.next
                node.next = nil
            }
        case .formula(var formula):
            var current = formula.expression
            formula.expression = .number(0)
            while case .negate(let inner) = current { current = inner }
        case .outline(var current):
            while let child = current.children.popLast() { current = child }
        }
    }

    /// The value sent through `route` and read back, with the library's default options.
    ///
    /// - Parameters:
    ///   - route: Where the value goes.
    ///   - context: The store and unarchiver the routes use.
    ///   - key: The key the ``Route/archiveStore`` route stores the value under.
    nonisolated func roundTrip(via route: Route, _ context: RouteContext, key: String) throws -> DeepValue {
        switch self {
        case .list(let list): return .list(try Self.roundTrip(list, via: route, context, key: key))
        case .formula(let formula): return .formula(try Self.roundTrip(formula, via: route, context, key: key))
        case .outline(let outline): return .outline(try Self.roundTrip(outline, via: route, context, key: key))
        }
    }

    private nonisolated static func roundTrip<V: AutoCodable>(_ value: V, via route: Route, _ context: RouteContext,
                                                              key: String) throws -> V {
        switch route {
        case .binary:
            return try AutoArchiver.unarchive(V.self, from: AutoArchiver.archive(value, format: .binary))
        case .xml:
            return try AutoArchiver.unarchive(V.self, from: AutoArchiver.archive(value, format: .xml))
        case .keyedArchive:
            return try context.unarchiver.unarchive(V.self, from: KeyedArchiver().archive(value))
        case .archiveStore:
            try context.store.persist(value, forKey: key)
            return try context.store.retrieve(V.self, forKey: key)
        }
    }
}

/// What the routes need: a store in a temporary directory, and a keyed unarchiver that allows the
/// list's ``Node``s (made on the main actor, as `Node`'s conformance is isolated to it).
struct RouteContext: Sendable {
    let directory: TemporaryDirectory
    let store: ArchiveStore
    let unarchiver: KeyedUnarchiver

    init() throws {
        directory = try TemporaryDirectory()
        store = try ArchiveStore(name: "deep", location: .directory(directory.url))
        unarchiver = KeyedUnarchiver(allowing: [Node.self])
    }
}
