import Foundation

/// Literal string comparison for property-list keys and strings.
///
/// Swift's `String ==` treats canonically equivalent strings as equal (`"é"` and `"e\u{301}"`),
/// but CoreFoundation, Python and the file formats compare code units: those are two different
/// keys, and folding them would silently drop one. Everything in the model that decides whether
/// two strings are "the same key" goes through here.
@usableFromInline
package enum PropertyListKey {
    /// Whether two strings have identical Unicode scalars (equivalently, identical UTF-8).
    @inlinable @inline(__always)
    package static func same(_ lhs: String, _ rhs: String) -> Bool {
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                guard let left = left.baseAddress, let right = right.baseAddress else { return count == 0 }
                return memcmp(left, right, count) == 0
            }
        }
        if let fast, let result = fast { return result }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }
}

/// A dictionary key that hashes and compares by Unicode scalars, not canonical equivalence.
@usableFromInline
package struct LiteralKey: Hashable, Sendable {
    /// The string, exactly as given.
    @usableFromInline package let string: String

    /// Wraps a string.
    @inlinable package init(_ string: String) { self.string = string }

    @inlinable
    package static func == (lhs: LiteralKey, rhs: LiteralKey) -> Bool {
        PropertyListKey.same(lhs.string, rhs.string)
    }

    @inlinable
    package func hash(into hasher: inout Hasher) {
        // Canonically equivalent strings hash alike, so String's hash stays consistent with the
        // stricter equality above.
        hasher.combine(string)
    }
}
