import Archivist
import ConsumerApp
import Foundation
import Testing

/// The README's limit for the `Codable` bridge, from an app target: values nest 512 levels at most
/// through any encoder or decoder; deeper ones, and a binary property list that contains itself,
/// fail with `depthLimitExceeded` naming the path, never a crash.
@Suite struct CodableBridgeDepthTests {
    @Test func aTrailWithinTheLimitRoundTripsThroughJSON() throws {
        let back = try JSONDecoder().decode(TrailStop.self, from: JSONEncoder().encode(TrailStop.trail(300)))
        #expect(back.length == 300)
    }

    @Test func aTrailDeeperThanTheLimitIsRefusedNamingThePath() throws {
        let error = try #require(throws: EncodingError.self) { try JSONEncoder().encode(TrailStop.trail(600)) }
        guard case .invalidValue(_, let context) = error, let underlying = context.underlyingError as? AutoCodingError else {
            Issue.record("expected an invalidValue carrying an AutoCodingError, got \(error)")
            return
        }
        #expect(underlying.kind == .depthLimitExceeded)
        #expect(underlying.pathDescription.hasPrefix("TrailStop.next.next"))
    }

    @Test func aBinaryListThatContainsItselfIsRefused() throws {
        // bplist00: a dictionary {"name": "loop", "next": <itself>}.
        let objects: [[UInt8]] = [[0xD2, 1, 2, 3, 0], [0x54] + Array("name".utf8), [0x54] + Array("next".utf8),
                                  [0x54] + Array("loop".utf8)]
        let error = try #require(throws: DecodingError.self) {
            try PropertyListDecoder().decode(TrailStop.self, from: HandBuiltBinaryList.data(objects))
        }
        guard case .dataCorrupted(let context) = error, let underlying = context.underlyingError as? AutoCodingError else {
            Issue.record("expected dataCorrupted carrying an AutoCodingError, got \(error)")
            return
        }
        #expect(underlying.kind == .depthLimitExceeded)
    }
}
