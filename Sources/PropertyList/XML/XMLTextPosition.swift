/// A 1-based line and column (in bytes) in an XML document.
///
/// Computed from a byte offset only when an error is reported, so reading never pays for
/// counting lines. A line ends at LF, CRLF or a lone CR; a leading byte-order mark is not counted
/// as a column.
struct XMLTextPosition: Hashable {
    /// The 1-based line.
    var line: Int
    /// The 1-based column, counted in bytes.
    var column: Int

    /// The position of `offset` in `input[0..<count]` (`offset` may equal `count`).
    init(offset: Int, in input: UnsafePointer<UInt8>, count: Int) {
        let target = min(max(offset, 0), count)
        var line = 1
        var lineStart = 0
        var index = 0
        while index < target {
            let byte = input[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0D, index + 1 >= count || input[index + 1] != 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        if line == 1, count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF, target >= 3 {
            lineStart = 3
        }
        self.line = line
        self.column = target - lineStart + 1
    }
}
