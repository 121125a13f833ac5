import Foundation

/// Prints the results table and writes the JSON report.
struct BenchmarkReport {
    var results: [BenchmarkRunner.Result] = []
    /// Comparisons that could not run, with the error, so a broken side shows instead of vanishing.
    var failures: [(id: String, message: String)] = []
    var extras: [BenchmarkExtra] = []

    /// The table as text: one line per comparison, then failures and extras.
    func table() -> String {
        let header = ["id", "baseline", "ours ms", "baseline ms", "speedup", "bytes"]
        var rows = [header]
        for result in results {
            rows.append([
                result.comparison.id,
                result.comparison.baseline,
                Self.format(result.oursMilliseconds),
                Self.format(result.baselineMilliseconds),
                String(format: "%.2fx", result.speedup),
                String(result.comparison.bytes),
            ])
        }
        var widths = Array(repeating: 0, count: header.count)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var lines: [String] = []
        for (number, row) in rows.enumerated() where !results.isEmpty {
            let cells = row.enumerated().map { column, cell in
                // Text columns left-aligned, numbers right-aligned.
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + pad : pad + cell
            }
            lines.append(cells.joined(separator: "  "))
            if number == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        for failure in failures { lines.append("FAILED \(failure.id): \(failure.message)") }
        if !extras.isEmpty { lines.append("") }
        for extra in extras { lines.append(extra.summary) }
        return lines.joined(separator: "\n")
    }

    /// Writes `{"comparisons": [...], "failures": [...], "extras": [...]}` to `path`.
    ///
    /// - Parameter path: Where to write; parent directories must exist.
    /// - Throws: Encoding or file-system errors.
    func writeJSON(to path: String) throws {
        struct Row: Encodable {
            let id: String
            let baseline: String
            let speedup: Double
            let ours_ms: Double
            let baseline_ms: Double
            let bytes: Int
            let rounds: Int
        }
        struct Failure: Encodable {
            let id: String
            let error: String
        }
        struct Document: Encodable {
            let comparisons: [Row]
            let failures: [Failure]
            let extras: [BenchmarkExtra]
        }
        let document = Document(
            comparisons: results.map {
                Row(id: $0.comparison.id, baseline: $0.comparison.baseline, speedup: $0.speedup,
                    ours_ms: $0.oursMilliseconds, baseline_ms: $0.baselineMilliseconds,
                    bytes: $0.comparison.bytes, rounds: $0.rounds)
            },
            failures: failures.map { Failure(id: $0.id, error: $0.message) },
            extras: extras)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(document).write(to: URL(fileURLWithPath: path))
    }

    /// Milliseconds with three significant-ish digits: `0.0123`, `1.23`, `123.4`.
    private static func format(_ milliseconds: Double) -> String {
        switch milliseconds {
        case ..<0.1: return String(format: "%.4f", milliseconds)
        case ..<10: return String(format: "%.3f", milliseconds)
        default: return String(format: "%.1f", milliseconds)
        }
    }
}
