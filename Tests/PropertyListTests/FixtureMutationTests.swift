import Foundation
import PropertyList
import Testing
import TestSupport

/// Damaged copies of every valid fixture — every truncation of small files, seeded byte flips
/// and insertions — either decode or throw a ``PropertyListError``; nothing else, and no crash.
///
/// A crash takes the whole test process down, which is the failure this suite exists to catch.
@Suite struct FixtureMutationTests {
    static let directory = "PropertyList/valid"
    static let documents = Fixtures.names(in: directory, endingWith: ".plist")

    /// Decodes `bytes`, failing the test for any error that is not a `PropertyListError`.
    static func decodeOrReject(_ bytes: Data, _ description: @autoclosure () -> String) {
        do {
            _ = try PropertyListValue(from: bytes)
        } catch is PropertyListError {
            // Rejected with a typed error: what damaged input should get.
        } catch {
            Issue.record("\(description()) threw \(type(of: error)) instead of PropertyListError: \(error)")
        }
    }

    @Test(arguments: documents)
    func everyTruncationDecodesOrThrowsATypedError(name: String) throws {
        let document = try Fixtures.data("\(Self.directory)/\(name)")
        // All prefixes of small files; an even spread of 600 for larger ones.
        let step = max(1, document.count / 600)
        for length in stride(from: 0, to: document.count, by: step) {
            Self.decodeOrReject(document.prefix(length), "\(name) cut to \(length) bytes")
        }
    }

    @Test(arguments: documents)
    func seededByteDamageDecodesOrThrowsATypedError(name: String) throws {
        let document = try Fixtures.data("\(Self.directory)/\(name)")
        guard !document.isEmpty else { return }
        var random = SeededRandom(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        let interesting: [UInt8] = [0x00, 0x0F, 0x10, 0x13, 0x14, 0x1F, 0x3C, 0x3E, 0x26, 0x5F, 0x6F, 0x7F, 0x80, 0xAF,
                                    0xDF, 0xFF]
        for round in 0 ..< 300 {
            var damaged = document
            for _ in 0 ... random.below(3) {
                let position = damaged.startIndex + random.below(damaged.count)
                if random.chance(1, in: 4) {
                    damaged.insert(random.pick(interesting), at: position)
                } else {
                    damaged[position] = random.chance(1, in: 2) ? random.pick(interesting) : UInt8(truncatingIfNeeded: random.next())
                }
            }
            Self.decodeOrReject(damaged, "\(name) damage round \(round)")
        }
    }
}
