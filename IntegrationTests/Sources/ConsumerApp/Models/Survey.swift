import Archivist

/// An answer sheet: optionals of every depth, an enum with raw values, optionals inside collections.
public struct Survey: AutoCodable, Equatable {
    public var respondent = ""
    public var nickname: String? = "none"
    /// `nil`: not asked; `.some(nil)`: asked, no answer; `.some(.some(n))`: answered `n`.
    public var answer: Int?? = .some(.some(1))
    public var priority: Priority = .normal
    public var scores: [Int?] = []
    public var comments: [String: String?] = [:]

    public init() {}
}
