import Foundation

/// A growable byte buffer that writers append to and hand off as `Data` without a copy.
///
/// Writers are hot paths: appending to `[UInt8]` pays bounds and uniqueness checks per byte, and
/// converting it to `Data` copies everything once more. This buffer owns `malloc`ed memory, grows
/// geometrically with `realloc` (which moves large blocks by remapping pages, so growing does not
/// hold the old and the new copy at once — peak memory stays near the output size), and gives its
/// memory to the returned `Data`.
package struct ByteBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutableRawPointer
    @usableFromInline var capacity: Int
    /// Bytes written so far.
    @usableFromInline package var count: Int

    /// Creates an empty buffer with room for `initialCapacity` bytes.
    @inlinable
    package init(initialCapacity: Int = 4096) {
        capacity = Swift.max(initialCapacity, 64)
        guard let memory = malloc(capacity) else { fatalError("ByteBuffer: out of memory allocating \(capacity) bytes") }
        base = memory
        count = 0
    }

    deinit { free(base) }

    /// Makes room for at least `additional` more bytes.
    @inlinable
    package mutating func reserve(_ additional: Int) {
        let (needed, overflow) = count.addingReportingOverflow(additional)
        precondition(!overflow, "ByteBuffer size overflow")
        if needed > capacity { grow(to: needed) }
    }

    @usableFromInline
    mutating func grow(to needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed {
            let (doubled, overflow) = newCapacity.multipliedReportingOverflow(by: 2)
            newCapacity = overflow ? needed : doubled
        }
        guard let grown = realloc(base, newCapacity) else {
            fatalError("ByteBuffer: out of memory growing to \(newCapacity) bytes")
        }
        base = grown
        capacity = newCapacity
    }

    /// Appends one byte.
    @inlinable
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends the bytes of a buffer.
    @inlinable
    package mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends an array of bytes.
    @inlinable
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 encoding of a static string (tags, headers).
    @inlinable
    package mutating func append(_ text: StaticString) {
        append(contentsOf: UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 encoding of a string.
    @inlinable
    package mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: UnsafeRawBufferPointer($0)) }
    }

    /// Appends `value` in big-endian order using its low `width` bytes (1 to 8).
    @inlinable
    package mutating func appendBigEndian(_ value: UInt64, width: Int) {
        reserve(width)
        switch width {
        case 1: base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: count, as: UInt8.self)
        case 2: base.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, toByteOffset: count, as: UInt16.self)
        case 4: base.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: count, as: UInt32.self)
        case 8: base.storeBytes(of: value.bigEndian, toByteOffset: count, as: UInt64.self)
        default:
            var shift = (width - 1) * 8
            var offset = count
            while shift >= 0 {
                base.storeBytes(of: UInt8(truncatingIfNeeded: value >> UInt64(shift)), toByteOffset: offset, as: UInt8.self)
                offset += 1
                shift -= 8
            }
        }
        count += width
    }

    /// Writes `value` big-endian into already-written bytes at `offset` (used to patch sizes).
    @inlinable
    package mutating func storeBigEndian(_ value: UInt64, width: Int, at offset: Int) {
        precondition(offset >= 0 && offset + width <= count, "ByteBuffer patch out of range")
        for index in 0..<width {
            let shift = UInt64((width - 1 - index) * 8)
            base.storeBytes(of: UInt8(truncatingIfNeeded: value >> shift), toByteOffset: offset + index, as: UInt8.self)
        }
    }

    /// Gives the writer raw access to `length` bytes at the end, then counts them as written.
    ///
    /// The closure must initialize exactly the first `length` bytes of the buffer it receives.
    @inlinable
    package mutating func appendUnsafe(length: Int, _ body: (UnsafeMutableRawBufferPointer) -> Void) {
        reserve(length)
        body(UnsafeMutableRawBufferPointer(start: base + count, count: length))
        count += length
    }

    /// Reads the bytes written so far.
    @inlinable
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Ends the buffer and returns its bytes as `Data` that owns the memory.
    package consuming func finish() -> Data {
        let pointer = base
        let length = count
        discard self
        if length == 0 {
            free(pointer)
            return Data()
        }
        return Data(bytesNoCopy: pointer, count: length, deallocator: .free)
    }
}
