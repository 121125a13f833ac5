import Foundation

/// Receives a property list one event at a time: scalars, the start and end of containers, and
/// dictionary keys.
///
/// This is the one writing interface of every format: the binary and XML writers implement it, a
/// ``PropertyListValue`` tree is written by walking it into one (``PropertyListValue/write(to:maximumDepth:)``),
/// and AutoCoding's coders write values through it directly. So a document comes out the same
/// whether it was built as a tree first or written straight from values.
///
/// Events must nest: a container's `begin…` is followed by exactly `count` elements (for a
/// dictionary, `count` pairs of ``key(_:)`` then a value) and its `end…`.
package protocol PropertyListEventWriter: ~Copyable {
    /// Opens an array of `count` elements.
    mutating func beginArray(count: Int) throws(PropertyListError)
    /// Closes the innermost array.
    mutating func endArray() throws(PropertyListError)
    /// Opens a dictionary of `count` entries.
    mutating func beginDictionary(count: Int) throws(PropertyListError)
    /// Closes the innermost dictionary.
    mutating func endDictionary() throws(PropertyListError)
    /// The key of the next entry of the innermost dictionary; its value follows.
    mutating func key(_ key: String) throws(PropertyListError)
    /// A string.
    mutating func string(_ value: String) throws(PropertyListError)
    /// An integer.
    mutating func integer(_ value: PropertyListInteger) throws(PropertyListError)
    /// A 64-bit real.
    mutating func real(_ value: Double) throws(PropertyListError)
    /// A 32-bit real.
    mutating func real32(_ value: Float) throws(PropertyListError)
    /// A Boolean.
    mutating func bool(_ value: Bool) throws(PropertyListError)
    /// A date.
    mutating func date(_ value: Date) throws(PropertyListError)
    /// Bytes.
    mutating func data(_ value: Data) throws(PropertyListError)
    /// A keyed-archive UID.
    mutating func uid(_ value: UInt64) throws(PropertyListError)
}

extension PropertyListEventWriter where Self: ~Copyable {
    /// Writes a value that is not a container; containers go through
    /// ``PropertyListValue/write(to:maximumDepth:)``, which walks them without recursion.
    ///
    /// - Returns: `false` (writing nothing) when `value` is an array or a dictionary.
    @inlinable
    package mutating func scalar(_ value: PropertyListValue) throws(PropertyListError) -> Bool {
        switch value {
        case .string(let text): try string(text)
        case .integer(let number): try integer(number)
        case .real(let number): try real(number)
        case .real32(let number): try real32(number)
        case .bool(let flag): try bool(flag)
        case .date(let moment): try date(moment)
        case .data(let bytes): try data(bytes)
        case .uid(let number): try uid(number)
        case .array, .dictionary: return false
        }
        return true
    }
}
