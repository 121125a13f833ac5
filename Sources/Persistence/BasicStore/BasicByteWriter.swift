/// A ``BasicByteSink`` that stores bytes into a buffer sized by a ``BasicByteCounter``.
///
/// Every store is checked against the buffer's end: bytes that would not fit are dropped and
/// ``overflowed`` is set, so a size that disagreed with the bytes could never write out of bounds
/// (the encoder then reports the record as unframeable instead of storing it).
struct BasicByteWriter: BasicByteSink {
    private let buffer: UnsafeMutableRawBufferPointer
    /// Where the next byte goes.
    private(set) var offset: Int
    /// Whether a put did not fit.
    private(set) var overflowed = false

    /// Creates a writer storing into `buffer` from `offset`.
    ///
    /// - Parameters:
    ///   - buffer: The bytes to fill; must outlive the writer.
    ///   - offset: Where to start.
    init(_ buffer: UnsafeMutableRawBufferPointer, offset: Int = 0) {
        self.buffer = buffer
        self.offset = offset
    }

    /// Makes `bytes` exactly `start + count` long and lets `body` write its bytes from `start`.
    ///
    /// - Parameters:
    ///   - bytes: The buffer; what it holds before `start` is kept.
    ///   - start: Where writing begins (at most `bytes.count`).
    ///   - count: How many bytes `body` must put, as a ``BasicByteCounter`` measured them.
    ///   - body: Puts the bytes; returns `false` to give up.
    /// - Returns: `true` when `body` succeeded and put exactly `count` bytes; otherwise `bytes` is
    ///   cut back to `start`.
    static func write(into bytes: inout [UInt8], from start: Int, count: Int,
                      _ body: (inout BasicByteWriter) -> Bool) -> Bool {
        let end = start + count
        if bytes.count > end {
            bytes.removeLast(bytes.count - end)
        } else if bytes.count < end {
            bytes.append(contentsOf: repeatElement(0, count: end - bytes.count))
        }
        let complete = bytes.withUnsafeMutableBytes { raw in
            var writer = BasicByteWriter(raw, offset: start)
            return body(&writer) && !writer.overflowed && writer.offset == end
        }
        if !complete { bytes.removeSubrange(start...) }
        return complete
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        guard offset < buffer.count else { overflowed = true; return }
        buffer[offset] = byte
        offset &+= 1
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        guard let base = buffer.baseAddress, bytes.count <= buffer.count &- offset else { overflowed = true; return }
        (base + offset).copyMemory(from: source, byteCount: bytes.count)
        offset &+= bytes.count
    }

    @inline(__always)
    mutating func put(utf8 string: String) {
        // A native string lends its bytes as they are; another is copied once.
        if string.utf8.withContiguousStorageIfAvailable({ put(UnsafeRawBufferPointer($0)) }) != nil { return }
        var contiguous = string
        contiguous.withUTF8 { put(UnsafeRawBufferPointer($0)) }
    }
}
