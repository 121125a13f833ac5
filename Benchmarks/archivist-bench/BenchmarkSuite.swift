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
