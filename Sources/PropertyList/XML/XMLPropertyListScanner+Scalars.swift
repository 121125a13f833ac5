import Foundation

/// Content of `<integer>`, `<real>`, `<date>`, `<data>`, `<true>` and `<false>`: white space
/// around the value is tolerated, anything malformed is ``PropertyListError/Kind/invalidObject``.
extension XMLPropertyListScanner {
    /// Reads raw content up to the end tag (no markup allowed) and the end tag; returns the
    /// content without surrounding white space.
    private mutating func readContent(of element: Element, openedAt start: Int) throws(PropertyListError) -> Range<Int> {
        let contentStart = position
        let remaining = UnsafeRawPointer(input + contentStart)
        guard let found = memchr(remaining, Int32(UInt8(ascii: "<")), end - contentStart) else {
            throw unclosed(element, openedAt: start)
        }
        let contentEnd = contentStart + (UnsafeRawPointer(found) - remaining)
        guard byte(contentEnd + 1) == UInt8(ascii: "/") else {
            throw syntaxError("unexpected \(describeTag(at: contentEnd)) inside <\(element.name)>", at: contentEnd)
        }
        position = contentEnd
        try expectEndTag(element, openedAt: start)
        var lower = contentStart
        var upper = contentEnd
        while lower < upper, isSpace(input[lower]) { lower += 1 }
        while upper > lower, isSpace(input[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    private func invalid(_ reason: String, at offset: Int) -> PropertyListError {
        PropertyListError(.invalidObject, reason, at: .init(byteOffset: offset))
    }

    /// The content of `<true>…</true>` or `<false>…</false>` may only be white space.
    mutating func readBooleanContent(of element: Element, openedAt start: Int) throws(PropertyListError) {
        let content = try readContent(of: element, openedAt: start)
        guard content.isEmpty else {
            throw invalid("<\(element.name)> must be empty", at: content.lowerBound)
        }
    }

    /// Reads a decimal or `0x` hexadecimal integer with an optional sign.
    mutating func readInteger(isEmpty: Bool, openedAt start: Int) throws(PropertyListError) -> PropertyListInteger {
        let content = isEmpty ? start..<start : try readContent(of: .integer, openedAt: start)
        guard !content.isEmpty else { throw invalid("empty <integer>", at: content.lowerBound) }
        var index = content.lowerBound
        let negative = input[index] == UInt8(ascii: "-")
        if negative || input[index] == UInt8(ascii: "+") { index += 1 }
        var radix: UInt64 = 10
        if index + 1 < content.upperBound, input[index] == UInt8(ascii: "0"), input[index + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 2
        }
        guard index < content.upperBound else {
            throw invalid("<integer> has no digits", at: content.lowerBound)
        }
        var magnitude: UInt64 = 0
        while index < content.upperBound {
            guard let digit = Self.digitValue(input[index], radix: UInt32(radix)) else {
                throw invalid("\(String(reflecting: text(content))) is not an integer", at: index)
            }
            let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { throw outOfRange(content) }
            magnitude = sum
            index += 1
        }
        guard negative, magnitude != 0 else { return PropertyListInteger(magnitude) }
        guard magnitude <= UInt64(Int64.max) + 1 else { throw outOfRange(content) }
        return PropertyListInteger(Int64(bitPattern: 0 &- magnitude))
    }

    private func outOfRange(_ content: Range<Int>) -> PropertyListError {
        PropertyListError(.integerOutOfRange, "\(text(content)) is outside \(Int64.min)...\(UInt64.max)",
                          at: .init(byteOffset: content.lowerBound))
    }

    /// Reads a decimal real or `nan`, `inf`, `infinity` (any case, the infinities signed or not).
    mutating func readReal(isEmpty: Bool, openedAt start: Int) throws(PropertyListError) -> Double {
        let content = isEmpty ? start..<start : try readContent(of: .real, openedAt: start)
        guard !content.isEmpty else { throw invalid("empty <real>", at: content.lowerBound) }
        let bytes = UnsafeBufferPointer(start: input + content.lowerBound, count: content.count)
        if let value = XMLRealParser.parse(bytes) { return value }
        throw invalid("\(String(reflecting: text(content))) is not a real number", at: content.lowerBound)
    }

    /// Reads `[±]YYYY-MM-DDTHH:MM:SSZ` (UTC, proleptic Gregorian calendar) and the fraction of a
    /// second in the tag's `fraction` attribute: `<date fraction="0.75">2000-12-31T23:59:59Z</date>`.
    ///
    /// The year has at least four digits, or three after a minus sign (Foundation writes year −1
    /// as `-001`), and lies within ``XMLDateFields/years``. The attribute is `0.` and one or more
    /// digits, added exactly to the whole second before rounding once to a `Double`. Documents
    /// written by the previous version may instead have the fraction in the text
    /// (`2000-12-31T23:59:59.75Z`), which is read the same way but no longer written; a date may
    /// not have both.
    mutating func readDate(isEmpty: Bool, attributes: Range<Int>, openedAt start: Int) throws(PropertyListError) -> Date {
        let attributeFraction = try readFractionAttribute(in: attributes)
        let content = isEmpty ? start..<start : try readContent(of: .date, openedAt: start)
        func malformed() -> PropertyListError {
            invalid("\(String(reflecting: text(content))) is not a date of the form "
                    + "YYYY-MM-DDTHH:MM:SS[.fraction]Z", at: content.lowerBound)
        }
        var index = content.lowerBound
        let upper = content.upperBound
        let sign = index < upper ? input[index] : 0
        let negative = sign == UInt8(ascii: "-")
        if negative || sign == UInt8(ascii: "+") { index += 1 }
        let yearStart = index
        var year: Int64 = 0
        let yearLimit = XMLDateFields.years.upperBound + 1
        while index < upper, let digit = Self.digitValue(input[index], radix: 10) {
            // Clamped, so any number of digits is safe: past the limit the year is refused anyway.
            year = min(year * 10 + Int64(digit), yearLimit)
            index += 1
        }
        // `-MM-DDTHH:MM:SS` takes 15 bytes from `index`; then `Z` or `.digits Z`.
        let fieldsEnd = index + 15
        guard index - yearStart >= (negative ? 3 : 4), fieldsEnd < upper, input[upper - 1] == UInt8(ascii: "Z") else {
            throw malformed()
        }
        func field(_ offset: Int) -> Int? {
            guard let tens = Self.digitValue(input[index + offset], radix: 10),
                  let ones = Self.digitValue(input[index + offset + 1], radix: 10) else { return nil }
            return Int(tens * 10 + ones)
        }
        func separator(_ offset: Int, _ expected: Unicode.Scalar) -> Bool {
            input[index + offset] == UInt8(ascii: expected)
        }
        guard separator(0, "-"), separator(3, "-"), separator(6, "T"), separator(9, ":"), separator(12, ":"),
              let month = field(1), let day = field(4), let hour = field(7), let minute = field(10),
              let second = field(13) else {
            throw malformed()
        }
        var fraction = attributeFraction ?? fieldsEnd..<fieldsEnd
        if fieldsEnd < upper - 1 {
            let textFraction = fieldsEnd + 1..<upper - 1
            guard input[fieldsEnd] == UInt8(ascii: "."), !textFraction.isEmpty,
                  textFraction.allSatisfy({ Self.digitValue(input[$0], radix: 10) != nil }) else {
                throw malformed()
            }
            guard attributeFraction == nil else {
                throw invalid("\(String(reflecting: text(content))) has a fraction of a second in its text "
                              + "and in its fraction attribute", at: fieldsEnd)
            }
            fraction = textFraction
        }
        func outOfRange(_ detail: String = "") -> PropertyListError {
            invalid("\(text(content))\(detail) is outside the years \(XMLDateFields.years.lowerBound) through "
                    + "\(XMLDateFields.years.upperBound) that an XML date can hold", at: content.lowerBound)
        }
        guard year < yearLimit else { throw outOfRange() }
        let date = GregorianDate(year: negative ? -year : year, month: month, day: day,
                                 hour: hour, minute: minute, second: second)
        guard date.isValid else {
            throw invalid("\(text(content)) is not a valid calendar date and time", at: content.lowerBound)
        }
        let seconds = XMLDateFields.seconds(whole: date.secondsSinceReferenceDate,
                                            fraction: UnsafeBufferPointer(start: input + fraction.lowerBound,
                                                                          count: fraction.count))
        // Doubles are 4 s apart there: the last seconds of year 999,999,999 round up out of range,
        // where the writer could not spell them again.
        guard seconds < Double(XMLDateFields.secondLimit) else { throw outOfRange(" (as the nearest Double)") }
        return Date(timeIntervalSinceReferenceDate: seconds)
    }

    /// The digits after `0.` of a `<date>`'s `fraction` attribute, or `nil` when it has none.
    @inline(__always)
    private func readFractionAttribute(in attributes: Range<Int>) throws(PropertyListError) -> Range<Int>? {
        guard !attributes.isEmpty, let value = try attributeValue("fraction", in: attributes, of: .date) else {
            return nil
        }
        let digits = value.lowerBound + 2..<max(value.lowerBound + 2, value.upperBound)
        guard value.count > 2, input[value.lowerBound] == UInt8(ascii: "0"), input[value.lowerBound + 1] == UInt8(ascii: "."),
              digits.allSatisfy({ Self.digitValue(input[$0], radix: 10) != nil }) else {
            throw invalid("fraction=\(String(reflecting: text(value))) is not a fraction of a second of the form "
                          + "0.digits", at: value.lowerBound)
        }
        return digits
    }

    /// Reads base64 content, which may contain white space anywhere.
    mutating func readData(openedAt start: Int) throws(PropertyListError) -> Data {
        let content = try readContent(of: .data, openedAt: start)
        do {
            return try Base64.decode(UnsafeRawBufferPointer(start: input + content.lowerBound, count: content.count))
        } catch {
            throw invalid("malformed base64 in <data>: \(error.reason)", at: content.lowerBound + error.offset)
        }
    }
}
