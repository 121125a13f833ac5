/// An arithmetic expression: a recursive enum with payloads, archived through `Codable`.
public indirect enum Expression: Codable, Equatable {
    case number(Int)
    case negate(Expression)
    case add(Expression, Expression)
}
