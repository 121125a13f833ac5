/// One row of the benchmark table: the same work done by Archivist and by a baseline.
///
/// Both closures must do the whole operation being compared (and nothing else) and pass their
/// result to ``blackHole(_:)`` so the optimizer cannot drop the work. Inputs are prepared once,
/// outside the closures.
struct Comparison {
    /// Stable identifier used by `--filter` and in the JSON report, e.g. `plist.binary.read`.
    let id: String
    /// What the baseline is, e.g. `PropertyListSerialization`.
    let baseline: String
    /// Size of the input (for reads) or output (for writes) in bytes.
    let bytes: Int
    /// Archivist doing the work once.
    let ours: () throws -> Void
    /// The baseline doing the same work once.
    let theirs: () throws -> Void

    init(id: String, baseline: String, bytes: Int,
         ours: @escaping () throws -> Void, baseline theirs: @escaping () throws -> Void) {
        self.id = id
        self.baseline = baseline
        self.bytes = bytes
        self.ours = ours
        self.theirs = theirs
    }
}

/// A measured fact printed after the table but not timed, e.g. an output size or a peak memory.
struct BenchmarkExtra: Encodable {
    /// Stable identifier, filtered like comparison ids, e.g. `plist.binary.size`.
    let id: String
    /// The line printed under the table.
    let summary: String
    /// The numbers behind `summary`, by name (bytes, multiples…); empty when unavailable.
    let values: [String: Double]
    /// Why the numbers are missing or what qualifies them; `nil` when nothing needs saying.
    let note: String?

    init(id: String, summary: String, values: [String: Double] = [:], note: String? = nil) {
        self.id = id
        self.summary = summary
        self.values = values
        self.note = note
    }
}

/// A group of comparisons for one area (property lists, auto-coding…). Add a type conforming to
/// this and one line in `main.swift` to add a suite.
protocol BenchmarkSuite {
    /// Builds the suite's inputs and returns its comparisons. Called only when `wanted` matches at
    /// least one id the suite declares in ``ids``.
    static func comparisons(matching wanted: (String) -> Bool) throws -> [Comparison]
    /// Untimed measurements printed after the table.
    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra]
    /// Every comparison and extra id the suite can produce, so building can be skipped when a
    /// filter excludes them all.
    static var ids: [String] { get }
}

extension BenchmarkSuite {
    static func extras(matching wanted: (String) -> Bool) throws -> [BenchmarkExtra] { [] }
}
