import AutoCoding
import Foundation
import Testing
import TestSupport

/// An `AutoCodable` class that reaches another of its kind only through ``BridgeRelay``, a type
/// with synthesized `Codable`: each node inside is a bridge call of its own.
final class BridgeRelayNode: AutoCodable, Codable {
    var id = 0
    var relay: BridgeRelay? = nil
    required init() {}
}

/// Synthesized `Codable`: it calls `BridgeRelayNode`'s `init(from:)` and `encode(to:)` itself.
struct BridgeRelay: Codable {
    var node: BridgeRelayNode?
}

/// An `NSObject` chain whose links each run their own bridge call (the coder calls `encode(with:)`
/// and `init(coder:)` of every link), keeping the error a call threw.
final class BridgeRelayObject: NSObject, NSCoding, AutoCodable {
    var id = 0
    var next: BridgeRelayObject? = nil
    /// What this link's `autoEncode(with:)` threw, if anything (not archived).
    var failure: AutoCodingError.Kind? = nil
    static var autoCodingTransientProperties: Set<String> { ["failure"] }

    override init() { super.init() }

    func encode(with coder: NSCoder) {
        do { try autoEncode(with: coder) } catch { failure = (error as? AutoCodingError)?.kind ?? .unsupportedType }
    }

    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}

/// The bridges' depth limit holds across bridge calls reached again through a type's own coding
/// methods. Counted per call, a chain through a type with synthesized `Codable` (or through
/// `NSCoding` objects, which the coder decodes by calling `init(coder:)`) had no limit: a binary
/// property list that contains itself, which `PropertyListDecoder` follows forever, or a cycle of
/// objects ran the stack out.
@Suite struct BridgeNestingAcrossCallsTests {
    /// `bplist00` whose top dictionary holds `"id": 1` and `"relay": {"node": <the top dictionary>}`.
    private static let relayThatContainsItself: Data = {
        // Objects: 0 the node, 1 "id", 2 "relay", 3 the integer 1, 4 the relay, 5 "node".
        BinaryPropertyListAssembler([
            [0xD2, 1, 2, 3, 4],
            BinaryPropertyListAssembler.ascii("id"),
            BinaryPropertyListAssembler.ascii("relay"),
            [0x10, 1],
            [0xD1, 5, 0],
            BinaryPropertyListAssembler.ascii("node"),
        ]).data
    }()

    /// A chain of `count` nodes, each holding the next through a relay.
    private static func chain(_ count: Int) -> BridgeRelayNode {
        let first = BridgeRelayNode()
        var last = first
        for id in 1 ..< count {
            let node = BridgeRelayNode()
            node.id = id
            last.relay = BridgeRelay(node: node)
            last = node
        }
        return first
    }

    /// How many nodes follow from `node`, itself included.
    private static func length(_ node: BridgeRelayNode?) -> Int {
        var count = 0
        var current = node
        while let next = current {
            count += 1
            current = next.relay?.node
        }
        return count
    }

    /// Whether `error`, or an error it wraps, is the bridge's depth limit.
    private static func isDepthLimit(_ error: any Error) -> Bool {
        switch error {
        case let error as AutoCodingError:
            return error.kind == .depthLimitExceeded
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context),
             DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
            return context.underlyingError.map(isDepthLimit) == true
        case EncodingError.invalidValue(_, let context):
            return context.underlyingError.map(isDepthLimit) == true
        default:
            return false
        }
    }

    @Test func aListThatContainsItselfThroughASynthesizedTypeIsRefusedAtTheLimit() throws {
        let data = Self.relayThatContainsItself
        // Our own reader refuses the same bytes outright.
        #expect(throws: (any Error).self) { try AutoArchiver.unarchive(BridgeRelayNode.self, from: data) }
        let error = try #require(throws: (any Error).self) {
            try SmallStackThread.run { try PropertyListDecoder().decode(BridgeRelayNode.self, from: data) }
        }
        #expect(Self.isDepthLimit(error), "\(error)")
        // One error, its path continued across the calls (not a reason nested in a reason per call).
        guard case DecodingError.dataCorrupted(let context) = error,
              let underlying = context.underlyingError as? AutoCodingError else {
            Issue.record("expected dataCorrupted with the bridge's error, got \(error)")
            return
        }
        #expect(underlying.pathDescription.hasPrefix("BridgeRelayNode.relay.relay.relay"))
        #expect(underlying.path.count > 200)
        #expect(underlying.description.count < 2_000)
    }

    @Test func aCycleThroughASynthesizedTypeIsRefusedWhenEncoded() throws {
        let error = try #require(throws: EncodingError.self) {
            try SmallStackThread.run {
                let node = BridgeRelayNode()
                node.relay = BridgeRelay(node: node)
                defer { node.relay = nil }
                return try JSONEncoder().encode(node)
            }
        }
        #expect(Self.isDepthLimit(error), "\(error)")
        guard case .invalidValue(_, let context) = error, let underlying = context.underlyingError as? AutoCodingError else {
            Issue.record("expected invalidValue with the bridge's error, got \(error)")
            return
        }
        #expect(underlying.pathDescription.hasPrefix("BridgeRelayNode.relay.relay.relay"))
        #expect(underlying.description.count < 2_000)
    }

    @Test func aChainThroughASynthesizedTypeCountsEveryLevelAgainstOneLimit() throws {
        // Each level is two values (the node and its relay), as JSON nests them: 200 levels are
        // 400 deep, 300 levels 600.
        let lengths = try SmallStackThread.run { () throws -> [Int] in
            let first = Self.chain(200)
            let binary = PropertyListEncoder()
            binary.outputFormat = .binary
            return [
                Self.length(try JSONDecoder().decode(BridgeRelayNode.self, from: JSONEncoder().encode(first))),
                Self.length(try PropertyListDecoder().decode(BridgeRelayNode.self, from: binary.encode(first))),
            ]
        }
        #expect(lengths == [200, 200])
        let error = try #require(throws: EncodingError.self) {
            try SmallStackThread.run { try JSONEncoder().encode(Self.chain(300)) }
        }
        #expect(Self.isDepthLimit(error), "\(error)")
    }

    @Test func anNSCodingChainCountsEveryLinkAgainstOneLimit() throws {
        @Sendable func chain(_ count: Int) -> BridgeRelayObject {
            let first = BridgeRelayObject()
            var last = first
            for id in 1 ..< count {
                let link = BridgeRelayObject()
                link.id = id
                last.next = link
                last = link
            }
            return first
        }
        @Sendable func failures(from first: BridgeRelayObject) -> [AutoCodingError.Kind] {
            var kinds: [AutoCodingError.Kind] = []
            var current: BridgeRelayObject? = first
            while let link = current {
                if let failure = link.failure { kinds.append(failure) }
                current = link.next
            }
            return kinds
        }
        let short = chain(40)
        let data = try NSKeyedArchiver.archivedData(withRootObject: short, requiringSecureCoding: false)
        #expect(failures(from: short).isEmpty)
        var back = try #require(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? BridgeRelayObject)
        var count = 1
        while let next = back.next {
            #expect(next.id == count)
            count += 1
            back = next
        }
        #expect(count == 40)

        let (kinds, thrown) = try SmallStackThread.run { () throws -> ([AutoCodingError.Kind], (any Error)?) in
            let long = chain(600)
            do {
                _ = try NSKeyedArchiver.archivedData(withRootObject: long, requiringSecureCoding: false)
                return (failures(from: long), nil)
            } catch {
                return (failures(from: long), error)
            }
        }
        #expect(kinds == [.depthLimitExceeded])
        #if !canImport(Darwin)
        // `encode(with:)` kept the error to itself, but the archiver was told: no archive that
        // reads back as a shorter chain.
        let error = try #require(thrown as? AutoCodingError, "archived a chain the bridge refused")
        #expect(error.kind == .depthLimitExceeded)
        #else
        _ = thrown
        #endif
    }
}
