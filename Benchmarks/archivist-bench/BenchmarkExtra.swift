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
