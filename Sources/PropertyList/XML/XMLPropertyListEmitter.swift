import Foundation

/// Writes the XML text of a value into a ``ByteBuffer``, formatted as Apple's writers format it.
///
/// Errors are ``PropertyListError/Kind/unrepresentable`` with `location.path` holding the path
/// below the root (`["people"][3]`), built from the stack of open containers only when thrown.
struct XMLPropertyListEmitter: ~Copyable {
    private var buffer: ByteBuffer

    init() {
        buffer = ByteBuffer(initialCapacity: 4_096)
    }

    /// Ends writing and returns the document.
    consuming func finish() -> Data {
        buffer.finish()
    }

    /// An array or dictionary being written: its contents and how far writing has got.
    private struct Frame {
        let elements: [PropertyListValue]
        let dictionary: PropertyListDictionary
        let isDictionary: Bool
        let depth: Int
        /// The position of the next child to write.
        var next = 0

        var count: Int { isDictionary ? dictionary.count : elements.count }

        /// The path component of the child at `position`: `[3]` or `["name"]`.
        func component(at position: Int) -> String {
            isDictionary ? "[\(String(reflecting: dictionary[position].key))]" : "[\(position)]"
        }
    }

    /// Writes the header, the value and the closing `</plist>`.
    mutating func emitDocument(_ value: PropertyListValue) throws(PropertyListError) {
        XMLScalarSpelling.appendDocumentStart(into: &buffer)
        try emitTree(value)
        XMLScalarSpelling.appendDocumentEnd(into: &buffer)
    }

    /// Writes a value and everything in it. Containers wait on an explicit stack rather than the
    /// call stack, so however deep the value, writing cannot overflow the thread's stack.
    private mutating func emitTree(_ root: PropertyListValue) throws(PropertyListError) {
        var stack: [Frame] = []
        try emit(root, depth: 0, opening: &stack)
        while !stack.isEmpty {
            let top = stack.count - 1
            let position = stack[top].next
            guard position < stack[top].count else {
                let frame = stack.removeLast()
                indent(frame.depth)
                buffer.append(frame.isDictionary ? "</dict>\n" : "</array>\n")
                continue
            }
            stack[top].next += 1
            let depth = stack[top].depth + 1
            do {
                if stack[top].isDictionary {
                    let entry = stack[top].dictionary[position]
                    indent(depth)
                    buffer.append("<key>")
                    try appendEscaped(entry.key)
                    buffer.append("</key>\n")
                    try emit(entry.value, depth: depth, opening: &stack)
                } else {
                    try emit(stack[top].elements[position], depth: depth, opening: &stack)
                }
            } catch {
                // The path is the child being written in each open container, outermost first.
                var located = error
                located.location.path = stack.prefix(top + 1).map { $0.component(at: $0.next - 1) }.joined()
                throw located
            }
        }
    }

    /// Writes a scalar or empty container, or the start tag of a container (then pushed on `stack`).
    private mutating func emit(_ value: PropertyListValue, depth: Int,
                               opening stack: inout [Frame]) throws(PropertyListError) {
        indent(depth)
        switch value {
        case .string(let text):
            buffer.append("<string>")
            try appendEscaped(text)
            buffer.append("</string>\n")
        case .integer(let number):
            XMLScalarSpelling.appendInteger(magnitude: number.isNegative ? 0 &- number.bits : number.bits,
                                            negative: number.isNegative, into: &buffer)
        case .real(let number):
            XMLScalarSpelling.appendReal(number, into: &buffer)
        case .real32(let number):
            XMLScalarSpelling.appendReal(Double(number), into: &buffer)
        case .bool(let flag):
            buffer.append(flag ? "<true/>\n" : "<false/>\n")
        case .date(let date):
            try appendDate(date)
        case .data(let bytes):
            XMLScalarSpelling.appendData(bytes, depth: depth, into: &buffer)
        case .uid(let number):
            buffer.append("<dict>\n")
            indent(depth + 1)
            buffer.append("<key>CF$UID</key>\n")
            indent(depth + 1)
            XMLScalarSpelling.appendInteger(magnitude: number, negative: false, into: &buffer)
            indent(depth)
            buffer.append("</dict>\n")
        case .array(let elements):
            if elements.isEmpty {
                buffer.append("<array/>\n")
            } else {
                buffer.append("<array>\n")
                stack.append(Frame(elements: elements, dictionary: PropertyListDictionary(), isDictionary: false, depth: depth))
            }
        case .dictionary(let dictionary):
            if dictionary.isEmpty {
                buffer.append("<dict/>\n")
            } else {
                buffer.append("<dict>\n")
                stack.append(Frame(elements: [], dictionary: dictionary, isDictionary: true, depth: depth))
            }
        }
    }

    private mutating func indent(_ depth: Int) {
        XMLScalarSpelling.appendIndentation(depth, into: &buffer)
    }

    /// Writes a `<date>`, or throws when it is not finite or its year is outside ±999,999,999.
    private mutating func appendDate(_ date: Date) throws(PropertyListError) {
        guard let fields = XMLScalarSpelling.dateFields(of: date) else {
            let seconds = date.timeIntervalSinceReferenceDate
            let reason = seconds.isFinite
                ? "date \(seconds) seconds after 2001-01-01 is outside the years \(XMLDateFields.years.lowerBound) "
                    + "through \(XMLDateFields.years.upperBound) that an XML date can hold"
                : "date \(seconds) seconds after 2001-01-01 is not an instant an XML date can hold"
            throw PropertyListError(.unrepresentable, reason, at: .init(path: ""))
        }
        XMLScalarSpelling.appendDate(fields, into: &buffer)
    }

    /// Writes escaped text; throws for characters XML 1.0 cannot carry at all.
    private mutating func appendEscaped(_ text: String) throws(PropertyListError) {
        if let unwritable = XMLScalarSpelling.appendEscaped(text, into: &buffer) {
            throw PropertyListError(.unrepresentable, unwritable.message(minimumDigits: 4), at: .init(path: ""))
        }
    }
}
