/// How much of a format the memory level holds before it evicts the least recently used values.
public struct CacheMemoryLimit: Sendable, Hashable {
    /// Most values held; 0 keeps nothing in memory (every hit comes from the disk).
    public var count: Int
    /// Largest total cost of the values held, in the units of the format's cost function.
    public var totalCost: Int

    /// Creates a limit.
    ///
    /// - Parameters:
    ///   - count: Most values held in memory (negative values count as 0).
    ///   - totalCost: Largest total cost (negative values count as 0).
    public init(count: Int = .max, totalCost: Int = .max) {
        self.count = max(count, 0)
        self.totalCost = max(totalCost, 0)
    }

    /// No limit at all: values leave memory only when removed or expired.
    public static let unlimited = CacheMemoryLimit()
}
