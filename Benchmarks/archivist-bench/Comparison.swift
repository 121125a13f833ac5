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
