/// A `Codable`-only recursive enum, for values nested far deeper than a stack could recurse.
public indirect enum DeepExpression: Codable, Equatable, Sendable {
    case number(Int)
    case negate(DeepExpression)

    /// `depth` negations around a number.
    public static func nested(_ depth: Int) -> DeepExpression {
        var expression = DeepExpression.number(depth)
        for _ in 0..<depth { expression = .negate(expression) }
        return expression
    }

    /// How many negations wrap the number, counted without recursion.
    public var depth: Int {
        var count = 0
        var current = self
        while case .negate(let inner) = current {
            count += 1
            current = inner
        }
        return count
    }

    /// Frees `expression` one level at a time, leaving a number (letting a deep value go at once
    /// would recurse once per level). Every other copy must be gone first.
    public static func dismantle(_ expression: inout DeepExpression) {
        var current = expression
        expression = .number(0)
        while case .negate(let inner) = current { current = inner }
    }
}
