/// Attributes of a start tag, for the one element that reads any: `<date fraction="0.75">`.
///
/// Every other element's attributes are skipped unread (``readStartTag()`` only checks that their
/// quotes close), as CoreFoundation, swift-foundation and `plistlib` skip them.
extension XMLPropertyListScanner {
    /// The value of the attribute `name` among the `attributes` of a start tag of `element`,
    /// without its quotes, or `nil` when there is none.
    ///
    /// The attributes must be well-formed `name="value"` or `name='value'` pairs; other names are
    /// skipped. Values are taken as written: entity and character references are not expanded.
    ///
    /// - Throws: ``PropertyListError/Kind/xmlSyntax`` at the offending byte for a malformed
    ///   attribute or a second attribute called `name`.
    func attributeValue(_ name: StaticString, in attributes: Range<Int>,
                        of element: Element) throws(PropertyListError) -> Range<Int>? {
        var found: Range<Int>?
        var index = attributes.lowerBound
        let upper = attributes.upperBound
        while true {
            while index < upper, isSpace(input[index]) { index += 1 }
            guard index < upper else { return found }
            let nameStart = index
            while index < upper, !isSpace(input[index]), input[index] != UInt8(ascii: "="),
                  input[index] != UInt8(ascii: "\""), input[index] != UInt8(ascii: "'") { index += 1 }
            let nameEnd = index
            while index < upper, isSpace(input[index]) { index += 1 }
            guard nameEnd > nameStart, index < upper, input[index] == UInt8(ascii: "=") else {
                throw syntaxError("malformed attribute in <\(element.name)>; expected name=\"value\"", at: nameStart)
            }
            index += 1
            while index < upper, isSpace(input[index]) { index += 1 }
            let quote = index < upper ? input[index] : 0
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw syntaxError("the value of attribute \(text(nameStart..<nameEnd)) of <\(element.name)> is not quoted",
                                  at: index)
            }
            let valueStart = index + 1
            index = valueStart
            // ``readStartTag()`` has seen every quote close before the end of the tag.
            while index < upper, input[index] != quote { index += 1 }
            if nameEnd - nameStart == name.utf8CodeUnitCount, starts(with: name, at: nameStart) {
                guard found == nil else {
                    throw syntaxError("<\(element.name)> has a second \(text(nameStart..<nameEnd)) attribute", at: nameStart)
                }
                found = valueStart..<index
            }
            index += 1
        }
    }
}
