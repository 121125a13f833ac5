import AutoCoding
import Foundation
import PropertyList

/// The AutoCoding engine on the standard corpus against Foundation's Codable coders, plus a
/// hand-written flat encoder as the limit.
enum AutoCodingBenchmarks: BenchmarkSuite {
    static let ids = [
        "autocoding.binary.encode", "autocoding.binary.decode", "autocoding.xml.encode", "autocoding.xml.decode",
        "autocoding.json.encode", "autocoding.json.decode", "autocoding.flat.encode", "autocoding.binary.size",
    ]

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        let company = AutoCodingCorpus.make()
        var result: [Comparison] = []
        for format in [PropertyListFormat.binary, .xml] {
            let name = format == .binary ? "binary" : "xml"
            let archive = try AutoArchiver.archive(company, format: format)
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .binary ? .binary : .xml
            let foundationArchive = try encoder.encode(company)
            result.append(Comparison(
                id: "autocoding.\(name).encode", baseline: "PropertyListEncoder", bytes: archive.count,
                ours: { blackHole(try AutoArchiver.archive(company, format: format)) },
                baseline: { blackHole(try encoder.encode(company)) }))
            result.append(Comparison(
                id: "autocoding.\(name).decode", baseline: "PropertyListDecoder", bytes: archive.count,
                ours: { blackHole(try AutoArchiver.unarchive(CorpusCompany.self, from: archive)) },
                baseline: { blackHole(try PropertyListDecoder().decode(CorpusCompany.self, from: foundationArchive)) }))
        }
        let binary = try AutoArchiver.archive(company, format: .binary)
        let json = try JSONEncoder().encode(company)
        result.append(Comparison(
            id: "autocoding.json.encode", baseline: "JSONEncoder", bytes: binary.count,
            ours: { blackHole(try AutoArchiver.archive(company, format: .binary)) },
            baseline: { blackHole(try JSONEncoder().encode(company)) }))
        result.append(Comparison(
            id: "autocoding.json.decode", baseline: "JSONDecoder", bytes: binary.count,
            ours: { blackHole(try AutoArchiver.unarchive(CorpusCompany.self, from: binary)) },
            baseline: { blackHole(try JSONDecoder().decode(CorpusCompany.self, from: json)) }))
        // The limit: a speedup below 1 says how many times slower than hand-written code we are.
        result.append(Comparison(
            id: "autocoding.flat.encode", baseline: "hand-written flat encoder", bytes: binary.count,
            ours: { blackHole(try AutoArchiver.archive(company, format: .binary)) },
            baseline: { blackHole(CorpusFlatEncoder.encode(company)) }))
        return result.filter { wanted($0.id) }
    }

    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra] {
        guard wanted("autocoding.binary.size") else { return [] }
        let company = AutoCodingCorpus.make()
        let ours = try AutoArchiver.archive(company, format: .binary)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let theirs = try encoder.encode(company)
        let flat = CorpusFlatEncoder.encode(company)
        return [BenchmarkExtra(
            id: "autocoding.binary.size",
            summary: "corpus archive: \(ours.count) bytes (PropertyListEncoder \(theirs.count), flat \(flat.count))",
            values: ["bytes": Double(ours.count), "foundationBytes": Double(theirs.count), "flatBytes": Double(flat.count)])]
    }
}
