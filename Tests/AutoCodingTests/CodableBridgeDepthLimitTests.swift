import AutoCoding
import Foundation
import Testing
import TestSupport

/// A struct of any depth, and an `NSObject` holding one, with `NSCoding` from AutoCoding.
struct BridgeDepthNode: AutoCodable {
    var children: [BridgeDepthNode] = []

    /// `levels` nodes, each the only child of the one above.
    static func nested(_ levels: Int) -> BridgeDepthNode {
        var node = BridgeDepthNode()
        for _ in 1 ..< levels { node = BridgeDepthNode(children: [node]) }
        return node
    }
}

final class BridgeDepthHolder: NSObject, NSCoding, AutoCodable {
    var tree = BridgeDepthNode()
    override init() { super.init() }
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}

/// A class that can chain to itself, with its `Codable` from AutoCoding.
final class BridgeChainLink: AutoCodable, Codable {
    var id = 0
    var next: BridgeChainLink? = nil
    var links: [BridgeChainLink] = []
    required init() {}
}

/// The bridge nests 512 levels at most, in both directions. A binary property list may refer back
/// to a container that holds the reference (our reader refuses it: "dictionary contains itself");
/// Foundation's `PropertyListDecoder` follows such references without a check, so each level it
/// hands the bridge is the same dictionary again, and Foundation recurses once per level whenever
/// it builds a coding path. So the bridge must stop at its limit with an error, never run a stack out.
@Suite struct CodableBridgeDepthLimitTests {
    /// `bplist00` whose top object, a dictionary, holds `"id": 1` and, under `key`, itself (or, with
    /// `inArray`, an array holding it).
    private static func selfContaining(under key: String, inArray: Bool) -> Data {
        // Objects: 0 the dictionary, 1 "id", 2 the key, 3 the integer 1, 4 the array (when used).
        var objects: [[UInt8]] = [
            [0xD2, 1, 2, 3, inArray ? 4 : 0],
            BinaryPropertyListAssembler.ascii("id"),
            BinaryPropertyListAssembler.ascii(key),
            [0x10, 1],
        ]
        if inArray { objects.append([0xA1, 0]) }
        return BinaryPropertyListAssembler(objects).data
    }

    @Test(arguments: [("next", false), ("links", true)])
    func aListThatContainsItselfIsRefusedAtTheDepthLimit(key: String, inArray: Bool) throws {
        let data = Self.selfContaining(under: key, inArray: inArray)
        // The same bytes our own reader refuses outright.
        #expect(throws: (any Error).self) { try AutoArchiver.unarchive(BridgeChainLink.self, from: data) }
        let error = try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(BridgeChainLink.self, from: data)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        let underlying = try #require(context.underlyingError as? AutoCodingError)
        #expect(underlying.kind == .depthLimitExceeded)
        #expect(underlying.pathDescription.hasPrefix("BridgeChainLink.\(key)"))
    }
}

extension CodableBridgeDepthLimitTests {
    /// A chain of `count` links through `next`.
    private static func chain(_ count: Int) -> BridgeChainLink {
        let first = BridgeChainLink()
        var last = first
        for id in 1 ..< count {
            let link = BridgeChainLink()
            link.id = id
            last.next = link
            last = link
        }
        return first
    }

    /// How many links follow `next` from `link`, itself included.
    private static func length(_ link: BridgeChainLink?) -> Int {
        var count = 0
        var current = link
        while let next = current {
            count += 1
            current = next.next
        }
        return count
    }

    @Test func aValueDeeperThanTheLimitIsRefusedWhenEncodedNamingTheProperty() throws {
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(Self.chain(600)) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        let underlying = try #require(context.underlyingError as? AutoCodingError)
        #expect(underlying.kind == .depthLimitExceeded)
        #expect(underlying.pathDescription.hasPrefix("BridgeChainLink.next.next"))
    }

    @Test func valuesWithinTheLimitRoundTripThroughEveryFoundationCoderOnASmallStack() throws {
        let lengths = try SmallStackThread.run { () throws -> [Int] in
            let first = Self.chain(400)
            let binary = PropertyListEncoder()
            binary.outputFormat = .binary
            let xml = PropertyListEncoder()
            xml.outputFormat = .xml
            return [
                Self.length(try JSONDecoder().decode(BridgeChainLink.self, from: JSONEncoder().encode(first))),
                Self.length(try PropertyListDecoder().decode(BridgeChainLink.self, from: binary.encode(first))),
                Self.length(try PropertyListDecoder().decode(BridgeChainLink.self, from: xml.encode(first))),
            ]
        }
        #expect(lengths == [400, 400, 400])
    }
}

extension CodableBridgeDepthLimitTests {
    /// `NSKeyedArchiver` writes nested dictionaries by recursion: the `NSCoding` bridge has the
    /// same limit. (corelibs-foundation's archiver also compares nested dictionaries by value to
    /// share equal ones, so its time grows with about the fourth power of the depth, with or
    /// without the bridge: 25 levels take 2 s in a debug build. Hence the few levels carried.)
    @Test func theNSCodingBridgeRefusesAValueDeeperThanTheLimitAndCarriesOneWithinIt() throws {
        let holder = BridgeDepthHolder()
        holder.tree = .nested(600)
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        let error = try #require(throws: AutoCodingError.self) { try holder.autoEncode(with: archiver) }
        #expect(error.kind == .depthLimitExceeded)
        #expect(error.pathDescription.hasPrefix("BridgeDepthHolder.tree.children[0]"))

        holder.tree = .nested(8)
        let data = try NSKeyedArchiver.archivedData(withRootObject: holder, requiringSecureCoding: false)
        let back = try #require(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? BridgeDepthHolder)
        var levels = 1
        var node = back.tree
        while let child = node.children.first {
            levels += 1
            node = child
        }
        #expect(levels == 8)
    }
}
