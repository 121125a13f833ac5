extension PropertyListValue {
    /// Writes this value into an event writer, containers included.
    ///
    /// Open containers wait on an explicit stack, not the call stack, so a tree of any depth is
    /// written in constant stack space.
    /// - Parameters:
    ///   - writer: Receives the events.
    ///   - maximumDepth: The deepest container nesting to write.
    /// - Throws: ``PropertyListError/Kind/unrepresentable`` when nesting exceeds `maximumDepth`, or what
    ///   the writer throws, with `location.path` set to the offending value's path below the root
    ///   (`["people"][3]["name"]`).
    package func write<Writer: PropertyListEventWriter & ~Copyable>(
        to writer: inout Writer, maximumDepth: Int
    ) throws(PropertyListError) {
        var stack: [WriteFrame] = []
        do {
            try writeStart(of: self, to: &writer, stack: &stack, maximumDepth: maximumDepth)
            while !stack.isEmpty {
                let top = stack.count - 1
                let position = stack[top].next
                guard position < stack[top].count else {
                    if stack.removeLast().isDictionary { try writer.endDictionary() } else { try writer.endArray() }
                    continue
                }
                stack[top].next += 1
                let child: PropertyListValue
                if stack[top].isDictionary {
                    let entry = stack[top].dictionary.entries[position]
                    try writer.key(entry.key)
                    child = entry.value
                } else {
                    child = stack[top].elements[position]
                }
                try writeStart(of: child, to: &writer, stack: &stack, maximumDepth: maximumDepth)
            }
        } catch {
            // The path is the child being written in each open container, outermost first.
            var located = error
            var path = ""
            for frame in stack where frame.next > 0 { path += frame.component(at: frame.next - 1) }
            located.location.path = path + (error.location.path ?? "")
            throw located
        }
    }

    /// Writes a scalar, or opens a container and pushes it on `stack`.
    private func writeStart<Writer: PropertyListEventWriter & ~Copyable>(
        of value: PropertyListValue, to writer: inout Writer, stack: inout [WriteFrame], maximumDepth: Int
    ) throws(PropertyListError) {
        if try writer.scalar(value) { return }
        guard stack.count < maximumDepth else {
            throw PropertyListError(.unrepresentable, "containers nest deeper than the limit of \(maximumDepth)")
        }
        switch value {
        case .array(let elements):
            try writer.beginArray(count: elements.count)
            stack.append(WriteFrame(elements: elements, dictionary: PropertyListDictionary(), isDictionary: false))
        case .dictionary(let entries):
            try writer.beginDictionary(count: entries.count)
            stack.append(WriteFrame(elements: [], dictionary: entries, isDictionary: true))
        default:
            break
        }
    }
}

/// An array or dictionary being written by ``PropertyListValue/write(to:maximumDepth:)``.
private struct WriteFrame {
    let elements: [PropertyListValue]
    let dictionary: PropertyListDictionary
    let isDictionary: Bool
    /// The position of the next child to write.
    var next = 0

    var count: Int { isDictionary ? dictionary.count : elements.count }

    /// The path component of the child at `position`: `[3]` or `["name"]`.
    func component(at position: Int) -> String {
        isDictionary ? "[\(String(reflecting: dictionary.entries[position].key))]" : "[\(position)]"
    }
}
