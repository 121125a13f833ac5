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

    /// Appends `count` copies of `byte` (indentation), eight at a time.
    @inlinable
    package mutating func append(repeating byte: UInt8, count repeated: Int) {
        guard repeated > 0 else { return }
        // Whole words are stored, so room for up to seven more bytes is made; they are not counted.
        let (rounded, overflow) = repeated.addingReportingOverflow(7)
        precondition(!overflow, "ByteBuffer size overflow")
        reserve(rounded)
        let word = UInt64(byte) &* 0x0101_0101_0101_0101
        var offset = 0
        while offset < repeated {
            base.storeBytes(of: word, toByteOffset: count + offset, as: UInt64.self)
            offset += 8
        }
        count += repeated
    }

    /// Copies `count` bytes: up to 16 with two overlapping loads and stores (the short runs writers
    /// copy most), more with `memcpy`.
    @inlinable @inline(__always)
    package static func copy(_ count: Int, from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer) {
        if count >= 8 {
            guard count <= 16 else { return target.copyMemory(from: source, byteCount: count) }
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4 {
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
        } else {
            for offset in 0..<count {
                target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
    }

    /// Appends an array of bytes.
    @inlinable
    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append(contentsOf: $0) }
    }

    /// Appends the UTF-8 encoding of a static string (tags, headers).
    ///
    /// Always inlined: with a literal the length is a constant, so the copy becomes a few moves
    /// instead of a call to `memcpy`.
    @inlinable @inline(__always)
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
