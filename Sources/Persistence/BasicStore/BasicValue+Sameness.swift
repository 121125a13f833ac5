import Foundation

extension BasicValue {
    /// Whether `self` and `other` would be stored as the same value: like `==`, except that numbers
    /// and dates compare by their bits, so `0.0` and `-0.0` differ and a NaN is the same as itself.
    ///
    /// Change publishing uses this to tell a changed value from an unchanged one: `==` would miss
    /// a change from `0.0` to `-0.0` and report an unchanged NaN as new every time.
    func isSameStoredValue(as other: BasicValue) -> Bool {
        switch (self, other) {
        case let (.double(left), .double(right)):
            return left.bitPattern == right.bitPattern
        case let (.date(left), .date(right)):
            return left.timeIntervalSinceReferenceDate.bitPattern == right.timeIntervalSinceReferenceDate.bitPattern
        case let (.array(left), .array(right)):
            guard left.count == right.count else { return false }
            return zip(left, right).allSatisfy { $0.isSameStoredValue(as: $1) }
        case let (.dictionary(left), .dictionary(right)):
            guard left.count == right.count else { return false }
            return left.allSatisfy { key, value in
                right[key].map { value.isSameStoredValue(as: $0) } ?? false
            }
        default:
            return self == other
        }
    }
}
