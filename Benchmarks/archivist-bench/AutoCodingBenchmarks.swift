import AutoCoding
import Foundation
import PropertyList

/// The AutoCoding engine on the standard corpus against Foundation's Codable coders, plus a
/// hand-written flat encoder as the limit.
enum AutoCodingBenchmarks: BenchmarkSuite {
    static let ids = [
        "autocoding.binary.encode", "autocoding.binary.decode", "autocoding.xml.encode", "autocoding.xml.decode",
        "autocoding.json.encode", "autocoding.json.decode", "autocoding.flat.encode", "autocoding.binary.size",
        "autocoding.binary.scaling", "autocoding.binary.encode.memory", "autocoding.xml.encode.memory",
        "bridge.json.encode", "bridge.json.decode", "bridge.json.decode.sparse",
        "bridge.json.decode.nulls",
    ]

    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison] {
        let company = AutoCodingCorpus.make()
        // Foundation's coders run on synthesized Codable, not on the corpus types' bridged Codable.
        let twin = SynthesizedCorpus.make(from: company)
        var result: [Comparison] = []
        for format in [PropertyListFormat.binary, .xml] {
            let name = format == .binary ? "binary" : "xml"
            let archive = try AutoArchiver.archive(company, format: format)
            let encoder = PropertyListEncoder()
            encoder.outputFormat = format == .binary ? .binary : .xml
            let foundationArchive = try encoder.encode(twin)
            result.append(Comparison(
                id: "autocoding.\(name).encode", baseline: "PropertyListEncoder", bytes: archive.count,
                ours: { blackHole(try AutoArchiver.archive(company, format: format)) },
                baseline: { blackHole(try encoder.encode(twin)) }))
            result.append(Comparison(
                id: "autocoding.\(name).decode", baseline: "PropertyListDecoder", bytes: archive.count,
                ours: { blackHole(try AutoArchiver.unarchive(CorpusCompany.self, from: archive)) },
                baseline: { blackHole(try PropertyListDecoder().decode(SynthesizedCorpus.Company.self, from: foundationArchive)) }))
        }
        let binary = try AutoArchiver.archive(company, format: .binary)
        let json = try JSONEncoder().encode(twin)
        result.append(Comparison(
            id: "autocoding.json.encode", baseline: "JSONEncoder", bytes: binary.count,
            ours: { blackHole(try AutoArchiver.archive(company, format: .binary)) },
            baseline: { blackHole(try JSONEncoder().encode(twin)) }))
        result.append(Comparison(
            id: "autocoding.json.decode", baseline: "JSONDecoder", bytes: binary.count,
            ours: { blackHole(try AutoArchiver.unarchive(CorpusCompany.self, from: binary)) },
            baseline: { blackHole(try JSONDecoder().decode(SynthesizedCorpus.Company.self, from: json)) }))
        // The Codable bridge: the same encoder and decoder on the corpus's bridged Codable and on
        // synthesized Codable (a speedup of 1 is parity).
        let bridgedJSON = try JSONEncoder().encode(company)
        result.append(Comparison(
            id: "bridge.json.encode", baseline: "synthesized Codable, JSONEncoder", bytes: bridgedJSON.count,
            ours: { blackHole(try JSONEncoder().encode(company)) },
            baseline: { blackHole(try JSONEncoder().encode(twin)) }))
        result.append(Comparison(
            id: "bridge.json.decode", baseline: "synthesized Codable, JSONDecoder", bytes: bridgedJSON.count,
            ours: { blackHole(try JSONDecoder().decode(CorpusCompany.self, from: bridgedJSON)) },
            baseline: { blackHole(try JSONDecoder().decode(SynthesizedCorpus.Company.self, from: json)) }))
        // The same input for both: what synthesized `Codable` writes (no key for `nil`, as most JSON
        // producers write it), so every `nil` nickname is a missing key the bridge must keep the
        // default for.
        result.append(Comparison(
            id: "bridge.json.decode.sparse", baseline: "synthesized Codable, JSONDecoder, same JSON", bytes: json.count,
            ours: { blackHole(try JSONDecoder().decode(CorpusCompany.self, from: json)) },
            baseline: { blackHole(try JSONDecoder().decode(SynthesizedCorpus.Company.self, from: json)) }))
        // The same input for both again, now what the bridge writes (`null` for `nil`, which
        // synthesized code reads with `decodeIfPresent`).
        result.append(Comparison(
            id: "bridge.json.decode.nulls", baseline: "synthesized Codable, JSONDecoder, same JSON", bytes: bridgedJSON.count,
            ours: { blackHole(try JSONDecoder().decode(CorpusCompany.self, from: bridgedJSON)) },
            baseline: { blackHole(try JSONDecoder().decode(SynthesizedCorpus.Company.self, from: bridgedJSON)) }))
        // The limit: a speedup below 1 says how many times slower than hand-written code we are.
        result.append(Comparison(
            id: "autocoding.flat.encode", baseline: "hand-written flat encoder", bytes: binary.count,
            ours: { blackHole(try AutoArchiver.archive(company, format: .binary)) },
            baseline: { blackHole(CorpusFlatEncoder.encode(company)) }))
        return result.filter { wanted($0.id) }
    }

    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra] {
        var extras: [BenchmarkExtra] = []
        if wanted("autocoding.binary.size") { extras.append(try sizes()) }
        if wanted("autocoding.binary.scaling") { extras.append(try AutoCodingScalingProbe.measure()) }
        for format in ["binary", "xml"] where wanted("autocoding.\(format).encode.memory") {
            extras.append(memory(format: format))
        }
        return extras
    }

    /// Peak memory growth while archiving the corpus, against the issue's limit of twice the
    /// output size plus a constant.
    private static func memory(format: String) -> BenchmarkExtra {
        let id = "autocoding.\(format).encode.memory"
        guard MemoryProbe.isSupported else {
            return BenchmarkExtra(id: id, summary: "\(format) archive memory: not measured", note: "needs /proc/self/clear_refs")
        }
        do {
            let (cold, warm, output) = try AutoCodingMemoryProbe.measureInChild(format: format)
            let coldMultiple = Double(cold) / Double(max(output, 1))
            let warmMultiple = Double(warm) / Double(max(output, 1))
            return BenchmarkExtra(
                id: id,
                summary: "\(format) archive of the corpus (\(output) bytes): peak memory growth "
                    + "\(String(format: "%.2f", warmMultiple))x the output (\(warm) bytes) once the size is learned, "
                    + "\(String(format: "%.2f", coldMultiple))x (\(cold) bytes) for the first archive",
                values: ["warmPeakBytes": Double(warm), "coldPeakBytes": Double(cold), "outputBytes": Double(output),
                         "warmMultiple": warmMultiple, "coldMultiple": coldMultiple],
                note: "resident-set growth in a child process, page granularity")
        } catch {
            return BenchmarkExtra(id: id, summary: "\(format) archive memory: not measured", note: "\(error)")
        }
    }

    private static func sizes() throws -> BenchmarkExtra {
        let company = AutoCodingCorpus.make()
        let ours = try AutoArchiver.archive(company, format: .binary)
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let theirs = try encoder.encode(SynthesizedCorpus.make(from: company))
        let flat = CorpusFlatEncoder.encode(company)
        var values = ["bytes": Double(ours.count), "foundationBytes": Double(theirs.count), "flatBytes": Double(flat.count)]
        let plistlib: String
        do {
            let bytes = try plistlibSize(of: ours)
            values["plistlibBytes"] = Double(bytes)
            plistlib = "plistlib \(bytes)"
        } catch {
            plistlib = "plistlib not measured: \(error)"
        }
        return BenchmarkExtra(
            id: "autocoding.binary.size",
            summary: "corpus archive: \(ours.count) bytes (\(plistlib), PropertyListEncoder \(theirs.count), flat \(flat.count))",
            values: values,
            note: "plistlib: Python's plistlib.dumps(FMT_BINARY) of the same tree, read back from our archive")
    }

    /// The bytes Python's `plistlib` writes for the tree in `archive`.
    ///
    /// - Throws: When `python3` is missing or fails.
    private static func plistlibSize(of archive: Data) throws -> Int {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-bench-\(ProcessInfo.processInfo.processIdentifier).plist").path
        try archive.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = "import plistlib,sys\n"
            + "tree = plistlib.load(open(sys.argv[1], 'rb'))\n"
            + "print(len(plistlib.dumps(tree, fmt=plistlib.FMT_BINARY, sort_keys=False)))"
        let output = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, path])
        guard let bytes = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ChildProcess.Failure(message: "python3 printed \(output.prefix(100))")
        }
        return bytes
    }
}
