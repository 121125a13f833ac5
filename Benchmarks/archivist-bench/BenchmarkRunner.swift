import Dispatch

/// Times comparisons: a warm-up, then rounds alternating ours and the baseline, each round long
/// enough for the monotonic clock to resolve it, and the median of the per-round ratios.
///
/// Pairing rounds and taking the median of their ratios cancels slow drift in machine load
/// (other processes share these cores); a single noisy round cannot move the median.
struct BenchmarkRunner {
    /// How many paired rounds to aim for.
    var rounds: Int
    /// Fewest rounds taken even when `timeBudgetSeconds` is exceeded.
    var minimumRounds: Int
    /// After this much time on one comparison, stop once `minimumRounds` are done.
    var timeBudgetSeconds: Double
    /// Each side repeats the operation until a round lasts at least this long.
    var minimumRoundSeconds: Double

    static let standard = BenchmarkRunner(rounds: 15, minimumRounds: 5, timeBudgetSeconds: 30,
                                          minimumRoundSeconds: 0.02)
    static let quick = BenchmarkRunner(rounds: 5, minimumRounds: 3, timeBudgetSeconds: 8,
                                       minimumRoundSeconds: 0.02)

    /// The timings of one comparison.
    struct Result {
        let comparison: Comparison
        /// Median time of one operation by Archivist, in milliseconds.
        let oursMilliseconds: Double
        /// Median time of one operation by the baseline, in milliseconds.
        let baselineMilliseconds: Double
        /// Median over rounds of baseline time / our time; above 1 means Archivist is faster.
        let speedup: Double
        /// Rounds actually run.
        let rounds: Int
        /// Operations per round for ours and the baseline.
        let iterations: (ours: Int, baseline: Int)
    }

    /// Runs one comparison.
    ///
    /// - Parameter comparison: The work to time.
    /// - Returns: Median timings and speedup.
    /// - Throws: Whatever either side throws; a comparison whose side fails is not timed.
    func run(_ comparison: Comparison) throws -> Result {
        // Warm-up: caches, lazy initialization, page faults of the input; also a first estimate.
        let oursOnce = try Self.time(iterations: 1, comparison.ours)
        let theirsOnce = try Self.time(iterations: 1, comparison.theirs)
        let oursIterations = try calibrate(comparison.ours, firstEstimate: oursOnce)
        let theirsIterations = try calibrate(comparison.theirs, firstEstimate: theirsOnce)

        var oursTimes: [Double] = []
        var theirsTimes: [Double] = []
        var ratios: [Double] = []
        let start = DispatchTime.now().uptimeNanoseconds
        for round in 0..<rounds {
            // Alternate which side goes first so neither always runs on a cache the other warmed.
            let ours: Double
            let theirs: Double
            if round % 2 == 0 {
                ours = try Self.time(iterations: oursIterations, comparison.ours)
                theirs = try Self.time(iterations: theirsIterations, comparison.theirs)
            } else {
                theirs = try Self.time(iterations: theirsIterations, comparison.theirs)
                ours = try Self.time(iterations: oursIterations, comparison.ours)
            }
            let oursEach = ours / Double(oursIterations)
            let theirsEach = theirs / Double(theirsIterations)
            oursTimes.append(oursEach)
            theirsTimes.append(theirsEach)
            ratios.append(theirsEach / oursEach)
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            if round + 1 >= minimumRounds && elapsed > timeBudgetSeconds { break }
        }
        return Result(comparison: comparison,
                      oursMilliseconds: Self.median(oursTimes) * 1000,
                      baselineMilliseconds: Self.median(theirsTimes) * 1000,
                      speedup: Self.median(ratios),
                      rounds: ratios.count,
                      iterations: (oursIterations, theirsIterations))
    }

    /// Finds how many repetitions make a round last at least `minimumRoundSeconds`.
    private func calibrate(_ work: () throws -> Void, firstEstimate: Double) throws -> Int {
        var iterations = 1
        var seconds = firstEstimate
        while seconds < minimumRoundSeconds {
            let perIteration = max(seconds / Double(iterations), 1e-9)
            // Aim 20 % past the target so a slightly faster round still clears it.
            let wanted = Int((minimumRoundSeconds * 1.2 / perIteration).rounded(.up))
            iterations = min(max(wanted, iterations * 2), 10_000_000)
            seconds = try Self.time(iterations: iterations, work)
            if iterations == 10_000_000 { break }
        }
        return iterations
    }

    /// Seconds taken by `iterations` calls of `work`, on the monotonic clock.
    private static func time(iterations: Int, _ work: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<iterations { try work() }
        let end = DispatchTime.now().uptimeNanoseconds
        return Double(end - start) / 1e9
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
