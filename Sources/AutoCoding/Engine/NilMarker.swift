import PropertyList

/// How `nil` is archived in plain formats.
///
/// A `nil` optional is the string `$null`: what Foundation's `PropertyListEncoder` writes for
/// `nil`, so Foundation's `PropertyListDecoder` reads our archives' `nil`s as `nil` too. A `nil`
/// further inside nested optionals (`.some(.none)` of an `Int??`) is the dictionary
/// `{"$nil": level}`, `level` being the number of optional layers inside the one that is `nil`
/// (so `.none` and `.some(.none)` stay distinct; `$null` is level 0).
///
/// No archived value of any other kind looks like a marker: strings spelled `$null`, `$$null`,
/// `$$$null` … are written with one more `$` (``escaped(_:)``), property keys never start with `$`,
/// and archived dictionaries escape keys that do (``ReservedKey/escaped(_:)``).
package enum NilMarker {
    /// The level-0 marker.
    package static let null = "$null"
    /// Its UTF-8.
    static let nullUTF8 = Array(null.utf8)
    private static let nullStorage = ArchiveKeyStorage(null)
    /// The level-0 marker prepared as keys are (its bytes and hash, for the binary writer's cache).
    static var preparedNull: ArchiveKey { nullStorage.key }

    /// The marker of `level` as a tree.
    static func tree(level: Int) -> PropertyListValue {
        if level == 0 { return .string(null) }
        return .dictionary(PropertyListDictionary([(ReservedKey.nilMarker, .integer(PropertyListInteger(Int64(level))))]))
    }

    /// The level of `value` when it is a nil marker.
    package static func level(of value: PropertyListValue) -> Int? {
        if case .string(let text) = value { return text == null ? 0 : nil }
        guard case .dictionary(let entries) = value, entries.count == 1, entries[0].key == ReservedKey.nilMarker,
              case .integer(let number) = entries[0].value,
              let level = number.int64Value.flatMap({ Int(exactly: $0) }), level >= 0 else { return nil }
        return level
    }

    /// Whether `text` could be the marker or an escaped string: 5 bytes or more, the first `$`.
    ///
    /// Every string written and read is asked, so the answer comes from its length and first byte,
    /// inline (`utf8.first` is a call into generic code).
    @inline(__always)
    static func mayBeMarker(_ text: String) -> Bool {
        let utf8 = text.utf8
        return utf8.count >= 5 && utf8[utf8.startIndex] == UInt8(ascii: "$")
    }

    /// Whether `text` is `$null` with any number (one or more) of leading `$`.
    @inline(__always)
    private static func isDollarsThenNull(_ text: String) -> Bool {
        mayBeMarker(text) && isDollarsThenNullSlowly(text)
    }

    private static func isDollarsThenNullSlowly(_ text: String) -> Bool {
        var utf8 = text.utf8[...]
        while utf8.first == UInt8(ascii: "$") { utf8 = utf8.dropFirst() }
        return utf8.count < text.utf8.count && utf8.elementsEqual("null".utf8)
    }

    /// Whether a string value must be archived escaped (`$null`, `$$null`, …).
    @inline(__always)
    static func needsEscape(_ text: String) -> Bool {
        isDollarsThenNull(text)
    }

    /// How a string value is archived: `$null`, `$$null`, … gain a `$`; every other string is as is.
    @inline(__always)
    static func escaped(_ text: String) -> String {
        isDollarsThenNull(text) ? "$" + text : text
    }

    /// The string an archived string stands for: `$$null`, `$$$null`, … lose a `$`.
    @inline(__always)
    static func unescaped(_ text: String) -> String {
        guard text.utf8.count > 5, isDollarsThenNull(text) else { return text }
        return String(text.dropFirst())
    }
}
