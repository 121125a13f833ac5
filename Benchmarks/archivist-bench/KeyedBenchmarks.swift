import AutoCoding
import Foundation
import KeyedArchive

/// Keyed archives of the standard corpus as a class graph (shared customers) against Foundation's
/// NSKeyedArchiver / NSKeyedUnarchiver with hand-written NSCoding of the same model; and keyed
/// archives of the AutoCoding corpus itself against `AutoArchiver`'s binary format (the `vs-auto`
/// rows: the same model graph through both archivers, so the speedup is AutoArchiver's time over
/// the keyed archiver's).
enum KeyedBenchmarks: BenchmarkSuite {
    static let ids = ["keyed.encode", "keyed.decode", "keyed.encode.vs-auto", "keyed.decode.vs-auto", "keyed.size",
                      "bridge.nscoding.encode", "bridge.nscoding.decode"]

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        var result: [Comparison] = []
        if wanted("keyed.encode") || wanted("keyed.decode") { result += try foundationComparisons() }
        if wanted("keyed.encode.vs-auto") || wanted("keyed.decode.vs-auto") { result += try autoComparisons() }
        if wanted("bridge.nscoding.encode") || wanted("bridge.nscoding.decode") { result += try bridgeComparisons() }
        return result.filter { wanted($0.id) }
    }

    /// The keyed archivers against AutoArchiver's binary format on the AutoCoding corpus
    /// (``AutoCodingCorpus``: structs, with one class), in one process, timed in alternating rounds.
    private static func autoComparisons() throws -> [Comparison] {
        let company = AutoCodingCorpus.make()
        let archiver = KeyedArchiver()
        let unarchiver = KeyedUnarchiver(allowing: [CorpusPerson.self, CorpusOrder.self, CorpusLineItem.self,
                                                    CorpusAddress.self])
        let keyed = try archiver.archive(company)
        let binary = try AutoArchiver.archive(company, format: .binary)
        // Both must read back what they wrote before either is timed.
        let fromKeyed = try unarchiver.unarchive(CorpusCompany.self, from: keyed)
        let fromBinary = try AutoArchiver.unarchive(CorpusCompany.self, from: binary)
        guard fromKeyed.people.count == company.people.count, fromKeyed.orders.count == company.orders.count,
              fromKeyed.people.last?.email == company.people.last?.email,
              fromKeyed.orders.last?.customer.name == company.orders.last?.customer.name,
              fromBinary.people.count == company.people.count else {
            throw KeyedArchiveError(.typeMismatch, "the AutoCoding corpus did not round-trip")
        }
        return [
            Comparison(id: "keyed.encode.vs-auto", baseline: "AutoArchiver binary", bytes: keyed.count,
                       ours: { blackHole(try archiver.archive(company)) },
                       baseline: { blackHole(try AutoArchiver.archive(company, format: .binary)) }),
            Comparison(id: "keyed.decode.vs-auto", baseline: "AutoArchiver binary", bytes: keyed.count,
                       ours: { blackHole(try unarchiver.unarchive(CorpusCompany.self, from: keyed)) },
                       baseline: { blackHole(try AutoArchiver.unarchive(CorpusCompany.self, from: binary)) }),
        ]
    }

    /// The `NSCoding` bridge against hand-written `NSCoding` of the same classes, both through
    /// Foundation's `NSKeyedArchiver` / `NSKeyedUnarchiver` (a speedup of 1 is parity).
    private static func bridgeComparisons() throws -> [Comparison] {
        let handWritten = KeyedCorpus.makeFoundation()
        let bridged = BridgedCorpus.make(from: handWritten)
        let ours = BridgedCorpus.archive(bridged)
        let theirs = BridgedCorpus.archive(handWritten)
        // Both must read back what they wrote before either is timed.
        guard let check = try BridgedCorpus.unarchive(ours) as? BridgedCorpusCompany,
              check.orders.count == bridged.orders.count, check.people.last?.email == bridged.people.last?.email,
              check.orders.first?.customer === check.people[bridged.orders[0].customer.id],
              check.orders.last?.lines.last?.price == bridged.orders.last?.lines.last?.price,
              try BridgedCorpus.unarchive(theirs) is KeyedFoundationCorpusCompany else {
            throw KeyedArchiveError(.typeMismatch, "the bridged corpus did not round-trip through Foundation")
        }
        return [
            Comparison(id: "bridge.nscoding.encode", baseline: "hand-written encode(with:), NSKeyedArchiver",
                       bytes: ours.count,
                       ours: { blackHole(BridgedCorpus.archive(bridged)) },
                       baseline: { blackHole(BridgedCorpus.archive(handWritten)) }),
            Comparison(id: "bridge.nscoding.decode", baseline: "hand-written init?(coder:), NSKeyedUnarchiver",
                       bytes: ours.count,
                       ours: { blackHole(try BridgedCorpus.unarchive(ours)) },
                       baseline: { blackHole(try BridgedCorpus.unarchive(theirs)) }),
        ]
    }

    private static func foundationComparisons() throws -> [Comparison] {
        let company = KeyedCorpus.make()
        let foundationCompany = KeyedCorpus.makeFoundation()
        let archiver = KeyedArchiver(classNames: KeyedCorpus.names)
        let unarchiver = KeyedUnarchiver(allowing: KeyedCorpus.allowedTypes, classNames: KeyedCorpus.names)
        let ours = try archiver.archive(company)
        let theirs = KeyedCorpus.foundationArchive(foundationCompany)
        // Both readers must understand the archive before either is timed.
        let check = try unarchiver.unarchive(KeyedCorpusCompany.self, from: ours)
        guard check.orders.count == company.orders.count, check.orders.first?.customer === check.people[company.orders[0].customer.id],
              try KeyedCorpus.foundationUnarchive(theirs) is KeyedFoundationCorpusCompany else {
            throw KeyedArchiveError(.typeMismatch, "the corpus did not round-trip")
        }
        return [
            Comparison(id: "keyed.encode", baseline: "NSKeyedArchiver", bytes: ours.count,
                       ours: { blackHole(try archiver.archive(company)) },
                       baseline: { blackHole(KeyedCorpus.foundationArchive(foundationCompany)) }),
            Comparison(id: "keyed.decode", baseline: "NSKeyedUnarchiver", bytes: ours.count,
                       ours: { blackHole(try unarchiver.unarchive(KeyedCorpusCompany.self, from: ours)) },
                       baseline: { blackHole(try KeyedCorpus.foundationUnarchive(theirs)) }),
        ]
    }

    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra] {
        guard wanted("keyed.size") else { return [] }
        let ours = try KeyedArchiver(classNames: KeyedCorpus.names).archive(KeyedCorpus.make())
        let theirs = KeyedCorpus.foundationArchive(KeyedCorpus.makeFoundation())
        return [BenchmarkExtra(
            id: "keyed.size",
            summary: "keyed archive of the corpus: \(ours.count) bytes (NSKeyedArchiver \(theirs.count))",
            values: ["bytes": Double(ours.count), "foundationBytes": Double(theirs.count)])]
    }
}
