import AutoCoding
import Foundation
import PropertyList
import Testing
import TestSupport

/// Headings nested through arrays: two container levels per value.
struct DeepOutline: AutoCodable {
    var level = 0
    var children: [DeepOutline] = []
}

/// Values 10,000 levels deep round-trip in every form on a thread with a 512 KiB stack: the engine
/// bounds depth by a limit, not the stack (Encoding/DecodingContext move deep work to fresh stacks).
///
/// The tests build, check and free deep values without recursion on their own thread (freeing one
/// recursively would overflow a small stack in the test's code); the small thread only borrows
/// them and hands its results back.
@Suite struct DeepNestingTests {
    static let depth = 10_000

    private static func chain(_ count: Int) -> Node {
        let head = Node()
        var tail = head
        for value in 1..<count {
            let next = Node()
            next.value = value
            tail.next = next
            tail = next
        }
        return head
    }

    /// The chain's length when its values count up from 0, else `nil`.
    private static func length(of head: Node) -> Int? {
        var count = 0
        var cursor: Node? = head
        while let node = cursor {
            guard node.value == count else { return nil }
            count += 1
            cursor = node.next
        }
        return count
    }

    private static func unlink(_ head: Node) {
        var cursor = head.next
        head.next = nil
        while let node = cursor {
            cursor = node.next
            node.next = nil
        }
    }

    private static func outline(_ depth: Int) -> DeepOutline {
        var outline = DeepOutline(level: depth - 1)
        for level in (0..<(depth - 1)).reversed() { outline = DeepOutline(level: level, children: [outline]) }
        return outline
    }

    private static func depth(of outline: DeepOutline) -> Int? {
        var count = 0
        var current = outline
        while true {
            guard current.level == count, current.children.count <= 1 else { return nil }
            count += 1
            guard let child = current.children.first else { return count }
            current = child
        }
    }

    /// Frees `outline` one level at a time; the caller must hold its only copy.
    private static func dismantle(_ outline: consuming DeepOutline) {
        var current = outline
        while let child = current.children.popLast() { current = child }
    }

    /// `value` archived in `form` and restored on a 512 KiB thread; trees are released there
    /// without recursion.
    private static func roundTripOnASmallStack<T: AutoCodable & SendableMetatype>(_ value: T, _ form: ArchiveForm) throws -> T {
        let lent = Lent(value)
        defer { _ = lent.take() }
        return try SmallStackThread.run {
            switch form {
            case .binary, .xml:
                return try form.roundTrip(lent.borrowed)
            case .tree:
                let tree = try AutoArchiver.encodeTree(lent.borrowed)
                let copy = try AutoArchiver.decode(T.self, from: tree)
                PropertyListValue.release(consume tree)
                return copy
            }
        }
    }

    @Test(arguments: ArchiveForm.allCases)
    func aTenThousandNodeListRoundTripsOnA512KiBThread(_ form: ArchiveForm) throws {
        let head = Self.chain(Self.depth)
        defer { Self.unlink(head) }
        let copy = try Self.roundTripOnASmallStack(head, form)
        defer { Self.unlink(copy) }
        #expect(Self.length(of: copy) == Self.depth)
    }

    @Test(arguments: ArchiveForm.allCases)
    func arraysNestedTenThousandDeepRoundTripOnA512KiBThread(_ form: ArchiveForm) throws {
        var original: DeepOutline? = Self.outline(Self.depth)
        defer { Self.dismantle(original.take()!) }
        var copy: DeepOutline? = try Self.roundTripOnASmallStack(original!, form)
        defer { Self.dismantle(copy.take()!) }
        #expect(Self.depth(of: copy!) == Self.depth)
    }
}
