import PropertyList

/// A total order on property-list values, used to write sets in a reproducible order.
enum CanonicalOrder {
    /// Whether `lhs` sorts before `rhs`: by kind first, then by value (containers
    /// lexicographically).
    static func precedes(_ lhs: PropertyListValue, _ rhs: PropertyListValue) -> Bool {
        let (left, right) = (rank(lhs), rank(rhs))
        if left != right { return left < right }
        switch (lhs, rhs) {
        case (.string(let l), .string(let r)): return l < r
        case (.integer(let l), .integer(let r)): return l < r
        case (.real(let l), .real(let r)): return l.bitPattern < r.bitPattern
        case (.real32(let l), .real32(let r)): return l.bitPattern < r.bitPattern
        case (.bool(let l), .bool(let r)): return !l && r
        case (.date(let l), .date(let r)):
            return l.timeIntervalSinceReferenceDate.bitPattern < r.timeIntervalSinceReferenceDate.bitPattern
        case (.data(let l), .data(let r)): return l.lexicographicallyPrecedes(r)
        case (.uid(let l), .uid(let r)): return l < r
        case (.array(let l), .array(let r)): return l.lexicographicallyPrecedes(r, by: precedes)
        case (.dictionary(let l), .dictionary(let r)):
            let leftPairs = l.sorted { $0.key < $1.key }
            let rightPairs = r.sorted { $0.key < $1.key }
            return leftPairs.lexicographicallyPrecedes(rightPairs) { a, b in
                a.key != b.key ? a.key < b.key : precedes(a.value, b.value)
            }
        default: return false
        }
    }

    private static func rank(_ value: PropertyListValue) -> Int {
        switch value {
        case .bool: return 0
        case .integer: return 1
        case .real32: return 2
        case .real: return 3
        case .string: return 4
        case .date: return 5
        case .data: return 6
        case .uid: return 7
        case .array: return 8
        case .dictionary: return 9
        }
    }
}
