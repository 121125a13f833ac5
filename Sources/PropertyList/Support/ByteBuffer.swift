import Foundation

/// A growable byte buffer that writers append to and hand off as `Data` without a copy.
///
/// Writers are hot paths: appending to `[UInt8]` pays bounds and uniqueness checks per byte, and
/// converting it to `Data` copies everything once more. This buffer owns `malloc`ed memory, grows
/// geometrically with `realloc` (which moves large blocks by remapping pages, so growing does not
/// hold the old and the new copy at once — peak memory stays near the output size), and gives its
/// memory to the returned `Data`.
///
/// Running out of memory, or past the buffer's ``limit``, is not fatal: the buffer records the
/// failure, drops the bytes it could not hold (writers go on writing into the room it has, which
/// is never less than ``minimumCapacity`` bytes, so no write touches memory it does not own), and
/// ``finish()`` throws it. Writers check ``failure`` only at the end.
package struct ByteBuffer: ~Copyable {
    /// Why a buffer could not hold its output.
    package struct Failure: Error, Sendable {
        /// The size the output needed when the failure happened.
        package var neededBytes: Int
        /// The limit the buffer was given, or `nil` when memory could not be allocated.
        package var limit: Int?

        /// A sentence for error messages.
        package var reason: String {
            if let limit { return "the output would exceed its limit of \(limit) bytes" }
            return "memory for \(neededBytes) bytes of output could not be allocated"
        }
    }

    /// Room every buffer has, failed or not: the most any single write reserves at once beyond the
    /// bytes it copies (indentation rounding, tags, number spellings).
    @usableFromInline static var minimumCapacity: Int { 4096 }

    @usableFromInline var base: UnsafeMutableRawPointer
    @usableFromInline var capacity: Int
    /// Bytes written so far.
    @usableFromInline package var count: Int
    /// The most bytes the output may have.
    package let limit: Int
    /// Why output was dropped, if it was.
    package private(set) var failure: Failure?
    /// Whether ``base`` was allocated by this buffer (it is ``unallocated`` when not even the
    /// minimum could be had).
    @usableFromInline var ownsMemory: Bool

    /// What an unallocated buffer points at: never written (its capacity is 0), never freed.
    @usableFromInline nonisolated(unsafe) static let unallocated = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 16)

    /// Creates an empty buffer with room for `initialCapacity` bytes that holds at most `limit`.
    @inlinable
    package init(initialCapacity: Int = 4096, limit: Int = .max) {
        self.limit = limit
        let wanted = Swift.max(Swift.min(initialCapacity, limit), Self.minimumCapacity)
        count = 0
        if let memory = malloc(wanted) {
            base = memory
            capacity = wanted
            ownsMemory = true
            failure = nil
        } else {
            base = Self.unallocated
            capacity = 0
            ownsMemory = false
            failure = Failure(neededBytes: wanted, limit: nil)
        }
    }

    deinit { if ownsMemory { free(base) } }

    /// Makes room for at least `additional` more bytes; `false` (and the failure recorded) when
    /// there is none, in which case the caller must not write.
    ///
    /// Always inlined: writers reserve before every line they write, and a call per reservation
    /// cost the XML writer 5–20% (measured); growing stays out of line.
    @inlinable @inline(__always)
    package mutating func reserve(_ additional: Int) -> Bool {
        let (needed, overflow) = count.addingReportingOverflow(additional)
        if _fastPath(!overflow && needed <= capacity) { return true }
        return grow(to: overflow ? .max : needed)
    }

    @usableFromInline
    mutating func grow(to needed: Int) -> Bool {
        guard failure == nil else { return false }
        guard needed <= limit else {
            failure = Failure(neededBytes: needed, limit: limit)
            return false
        }
        var newCapacity = Swift.max(capacity, Self.minimumCapacity)
        while newCapacity < needed {
            let (doubled, overflow) = newCapacity.multipliedReportingOverflow(by: 2)
            newCapacity = overflow ? needed : doubled
        }
        newCapacity = Swift.min(newCapacity, Swift.max(limit, needed))
        guard ownsMemory, let grown = realloc(base, newCapacity) else {
            failure = Failure(neededBytes: needed, limit: nil)
            return false
        }
        base = grown
        capacity = newCapacity
        return true
    }

    /// Records that a size did not fit in an `Int`.
    @usableFromInline @inline(never)
    mutating func failSizeOverflow() {
        if failure == nil { failure = Failure(neededBytes: .max, limit: nil) }
        capacity = Swift.min(capacity, count)
    }

    /// Records that output could not be written (a writer could not go on), dropping what follows.
    package mutating func fail(_ failure: Failure) {
        if self.failure == nil { self.failure = failure }
        capacity = Swift.min(capacity, count)
    }

    /// Appends one byte.
    @inlinable
    package mutating func append(_ byte: UInt8) {
        if count == capacity, !grow(to: count + 1) { return }
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    /// Appends the bytes of a buffer.
    @inlinable
    package mutating func append(contentsOf bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0, reserve(bytes.count) else { return }
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Appends `count` copies of `byte` (indentation), eight at a time.
    ///
    /// Always inlined, as ``reserve(_:)`` is: writers indent every line.
    @inlinable @inline(__always)
    package mutating func append(repeating byte: UInt8, count repeated: Int) {
        guard repeated > 0 else { return }
        // Whole words are stored, so room for up to seven more bytes is made; they are not counted.
        let (rounded, overflow) = repeated.addingReportingOverflow(7)
        guard !overflow else { return failSizeOverflow() }
        guard reserve(rounded) else { return }
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
        let length = text.utf8CodeUnitCount
        guard reserve(length) else { return }
        Self.copy(length, from: UnsafeRawPointer(text.utf8Start), to: base + count)
        count += length
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
        guard reserve(width) else { return }
        storeReservedBigEndian(value, width: width)
    }

    /// Appends `marker`, then `value` in big-endian order using its low `width` bytes (1 to 8): a
    /// tagged number (a binary property list's integer, real or date) in one reservation.
    @inlinable @inline(__always)
    package mutating func append(_ marker: UInt8, bigEndian value: UInt64, width: Int) {
        guard reserve(1 &+ width) else { return }
        base.storeBytes(of: marker, toByteOffset: count, as: UInt8.self)
        count += 1
        storeReservedBigEndian(value, width: width)
    }

    /// Stores `value` big-endian in `width` bytes (1 to 8) after the bytes written, in room already
    /// reserved, and counts them.
    @inlinable @inline(__always)
    mutating func storeReservedBigEndian(_ value: UInt64, width: Int) {
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
        // Out of range only when the bytes to patch were dropped (the buffer has failed).
        guard offset >= 0, width <= count, offset <= count - width else { return }
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
        guard reserve(length) else { return }
        body(UnsafeMutableRawBufferPointer(start: base + count, count: length))
        count += length
    }

    /// Reads the bytes written so far.
    @inlinable
    package func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Ends the buffer and returns its bytes as `Data` that owns the memory.
    ///
    /// - Throws: ``Failure`` when output was dropped: memory ran out, or the output passed ``limit``.
    package consuming func finish() throws(Failure) -> Data {
        let pointer = base
        let length = count
        let owned = ownsMemory
        if let failure {
            discard self
            if owned { free(pointer) }
            throw failure
        }
        discard self
        if length == 0 {
            free(pointer)
            return Data()
        }
        return Data(bytesNoCopy: pointer, count: length, deallocator: .free)
    }
}
