/// What reading a basic-value store log found besides its contents.
public struct BasicLogSummary: Sendable, Equatable {
    /// Intact records (sets and removals).
    public var records: Int
    /// Keys holding a value after replaying them.
    public var keys: Int
    /// Damaged byte ranges between intact records, skipped.
    public var damagedRanges: [Range<Int>]
    /// Where a torn tail (an interrupted append) starts, when the file has one.
    public var tornTailOffset: Int?

    /// Creates a summary.
    public init(records: Int, keys: Int, damagedRanges: [Range<Int>] = [], tornTailOffset: Int? = nil) {
        self.records = records
        self.keys = keys
        self.damagedRanges = damagedRanges
        self.tornTailOffset = tornTailOffset
    }

    /// The damage as sentences, empty for an intact log.
    public var problems: [String] {
        var problems = damagedRanges.map { "damaged bytes 0x\(String($0.lowerBound, radix: 16))..<0x\(String($0.upperBound, radix: 16)) skipped" }
        if let tornTailOffset { problems.append("torn tail from offset 0x\(String(tornTailOffset, radix: 16)) (an interrupted write)") }
        return problems
    }
}
