import Foundation

extension BinaryPropertyListScanner {
    /// The Boolean an object holds.
    ///
    /// - Parameter object: An object of kind ``Kind/bool``.
    /// - Returns: `true` for marker `0x09`.
    @inlinable
    package func bool(_ object: Object) -> Bool {
        object.marker == BinaryPropertyListFormat.Marker.boolTrue
    }

    /// The integer an object holds.
    ///
    /// One-, two- and four-byte integers are unsigned, eight-byte ones signed; sixteen-byte ones
    /// are signed 128-bit values and must lie in `Int64.min ... UInt64.max`.
    ///
    /// - Parameter object: An object of kind ``Kind/integer``.
    /// - Returns: The value.
    /// - Throws: ``PropertyListError/Kind/integerOutOfRange`` for a 16-byte value out of range.
    @inlinable
    package func integer(_ object: Object) throws(PropertyListError) -> PropertyListInteger {
        let at = object.payloadOffset
        switch object.count {
        case 8:
            return PropertyListInteger(Int64(bitPattern: Self.bigEndian(base, at: at, width: 8)))
        case 16:
            let high = Self.bigEndian(base, at: at, width: 8)
            let low = Self.bigEndian(base, at: at + 8, width: 8)
            if high == 0 { return PropertyListInteger(low) }
            if high == UInt64.max, low >= 1 << 63 { return PropertyListInteger(Int64(bitPattern: low)) }
            throw PropertyListError(.integerOutOfRange,
                                    "128-bit integer 0x\(String(high, radix: 16))\(String(low, radix: 16)) lies outside Int64.min...UInt64.max",
                                    at: .init(byteOffset: object.offset, objectNumber: object.number))
        default:
            return PropertyListInteger(Self.bigEndian(base, at: at, width: object.count))
        }
    }

    /// The float an object holds, widened to `Double` when it is 32-bit.
    ///
    /// - Parameter object: An object of kind ``Kind/real`` or ``Kind/date``.
    /// - Returns: The value.
    @inlinable
    package func double(_ object: Object) -> Double {
        if object.count == 4 { return Double(float(object)) }
        return Double(bitPattern: Self.bigEndian(base, at: object.payloadOffset, width: 8))
    }

    /// The 32-bit float an object holds.
    ///
    /// - Parameter object: An object of kind ``Kind/real`` whose ``Object/count`` is 4.
    /// - Returns: The value.
    @inlinable
    package func float(_ object: Object) -> Float {
        Float(bitPattern: UInt32(truncatingIfNeeded: Self.bigEndian(base, at: object.payloadOffset, width: 4)))
    }

    /// The date an object holds.
    ///
    /// - Parameter object: An object of kind ``Kind/date``.
    /// - Returns: The date, from seconds since 2001-01-01 00:00:00 UTC.
    @inlinable
    package func date(_ object: Object) -> Date {
        Date(timeIntervalSinceReferenceDate: double(object))
    }

    /// The UID an object holds.
    ///
    /// - Parameter object: An object of kind ``Kind/uid``.
    /// - Returns: The value.
    @inlinable
    package func uid(_ object: Object) -> UInt64 {
        Self.bigEndian(base, at: object.payloadOffset, width: object.count)
    }

    /// The payload bytes of a data object, borrowed from the document.
    ///
    /// - Parameter object: An object of kind ``Kind/data``.
    /// - Returns: A buffer valid as long as the document's bytes.
    @inlinable
    package func payload(_ object: Object) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + object.payloadOffset, count: object.count)
    }

    /// Whether the payload bytes of `object` are exactly `bytes` (for ASCII strings and data:
    /// compares without building a value).
    @inlinable @inline(__always)
    package func payload(_ object: Object, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard object.count == bytes.count else { return false }
        guard let expected = bytes.baseAddress, object.count > 0 else { return true }
        return memcmp(base + object.payloadOffset, expected, object.count) == 0
    }

    /// A copy of a data object's bytes.
    ///
    /// - Parameter object: An object of kind ``Kind/data``.
    /// - Returns: The bytes.
    @inlinable
    package func data(_ object: Object) -> Data {
        Data(bytes: base + object.payloadOffset, count: object.count)
    }

    /// The object number referenced from an array element or dictionary slot.
    ///
    /// For an array `index` runs over the elements; for a dictionary over the keys (`0 ..< count`)
    /// and then the values (`count ..< 2 * count`).
    ///
    /// - Parameters:
    ///   - object: An array or dictionary.
    ///   - index: The reference slot.
    /// - Returns: A valid object number.
    /// - Throws: ``PropertyListError/Kind/outOfBounds`` when the slot or the number it holds is
    ///   out of range.
    @inlinable @inline(__always)
    package func reference(_ object: Object, at index: Int) throws(PropertyListError) -> Int {
        let slots = object.kind == .dictionary ? 2 &* object.count : object.kind == .array ? object.count : 0
        guard UInt(bitPattern: index) < UInt(bitPattern: slots) else { throw slotError(object, index, of: slots) }
        return try reference(at: object.payloadOffset &+ index &* objectRefSize, in: object.number)
    }

    /// The object numbers of entry `index` of a dictionary: its key and its value, in one call.
    ///
    /// - Throws: ``PropertyListError/Kind/outOfBounds`` when `object` is not a dictionary with that
    ///   many entries or a number is out of range.
    @inlinable
    package func entry(_ object: Object, at index: Int) throws(PropertyListError) -> (key: Int, value: Int) {
        let entries = object.kind == .dictionary ? object.count : 0
        guard UInt(bitPattern: index) < UInt(bitPattern: entries) else { throw slotError(object, index, of: 2 &* entries) }
        let keyPosition = object.payloadOffset &+ index &* objectRefSize
        let key = try reference(at: keyPosition, in: object.number)
        let value = try reference(at: keyPosition &+ entries &* objectRefSize, in: object.number)
        return (key, value)
    }

    /// Reads a reference at a validated position and checks the number it holds.
    @inlinable @inline(__always)
    func reference(at position: Int, in container: Int) throws(PropertyListError) -> Int {
        try reference(at: position, width: objectRefSize, in: container)
    }

    /// ``reference(at:in:)`` with ``objectRefSize`` passed in as `width`: a caller that passes a
    /// constant for the common widths reads references without a switch on the width.
    @inlinable @inline(__always)
    func reference(at position: Int, width: Int, in container: Int) throws(PropertyListError) -> Int {
        let raw = Self.bigEndian(base, at: position, width: width)
        guard raw < UInt64(objectCount) else { throw referenceError(raw, at: position, in: container) }
        return Int(truncatingIfNeeded: raw)
    }

    // Errors are built out of line so the checks above stay small enough to inline.

    @usableFromInline @inline(never)
    func slotError(_ object: Object, _ index: Int, of slots: Int) -> PropertyListError {
        PropertyListError(.outOfBounds, "reference slot \(index) of \(slots)",
                          at: .init(byteOffset: object.offset, objectNumber: object.number))
    }

    @usableFromInline @inline(never)
    func referenceError(_ raw: UInt64, at position: Int, in container: Int) -> PropertyListError {
        PropertyListError(.outOfBounds, "reference to object \(raw), but the file has only \(objectCount) objects",
                          at: .init(byteOffset: position, objectNumber: container))
    }
}
