import AutoCoding
import Foundation
import KeyedArchive

/// Keyed archives of the standard corpus as a class graph (shared customers) against Foundation's
/// NSKeyedArchiver / NSKeyedUnarchiver with hand-written NSCoding of the same model.
enum KeyedBenchmarks: BenchmarkSuite {
    static let ids = ["keyed.encode", "keyed.decode", "keyed.size"]

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
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
        ].filter { wanted($0.id) }
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
