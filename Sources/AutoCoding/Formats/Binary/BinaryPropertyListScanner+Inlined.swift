import Foundation
import PropertyList

/// The scanner's hot accessors again, for the binary and keyed readers of this module.
///
/// Members of a `package` type are not inlined into other modules, `@inlinable` or not: every
/// object, reference and entry the readers follow would be a call into `PropertyList`. These
/// versions make the same checks inline and return `nil` for anything they do not handle or that
/// fails a check; the callers then ask the scanner, which checks again and throws its error. So
/// what a reader accepts, returns and throws is the scanner's.
extension BinaryPropertyListScanner {
    /// ``object(_:)`` for a valid object, or `nil` (then ask ``object(_:)``).
    ///
    /// - Parameters:
    ///   - number: An object number.
    ///   - template: Any object of this document (the result is built from a copy of it: the
    ///     scanner's initializer of ``Object`` is not visible here).
    @inline(__always)
    func inlinedObject(_ number: Int, like template: Object) -> Object? {
        guard let base = bytes.baseAddress, number >= 0, number < objectCount else { return nil }
        let raw = Self.inlinedBigEndian(base, at: offsetTableOffset &+ number &* offsetIntSize, width: offsetIntSize)
        return inlinedObject(number, at: raw, like: template)
    }

    /// ``inlinedObject(_:like:)`` of object `number`, whose offset `raw` is already known (read
    /// from the offset table before), or `nil`.
    @inline(__always)
    func inlinedObject(_ number: Int, at raw: UInt64, like template: Object) -> Object? {
        let end = offsetTableOffset
        guard let base = bytes.baseAddress, raw >= 8, raw < UInt64(end) else { return nil }
        let offset = Int(truncatingIfNeeded: raw)
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        let low = Int(marker & 0x0F)
        let kind: Kind
        var width = 0
        var unit = 0
        switch marker >> 4 {
        case 0x0:
            guard marker == 0x08 || marker == 0x09 else { return nil }
            return Self.made(template, number, offset, marker, .bool, offset &+ 1, 0)
        case 0x1:
            guard low <= 4 else { return nil }
            kind = .integer
            width = 1 << low
        case 0x2:
            guard low == 2 || low == 3 else { return nil }
            kind = .real
            width = 1 << low
        case 0x3:
            guard marker == 0x33 else { return nil }
            kind = .date
            width = 8
        case 0x8:
            guard low < 8 else { return nil }
            kind = .uid
            width = low &+ 1
        case 0x4: kind = .data; unit = 1
        case 0x5: kind = .asciiString; unit = 1
        case 0x6: kind = .utf16String; unit = 2
        case 0xA: kind = .array; unit = objectRefSize
        case 0xD: kind = .dictionary; unit = 2 &* objectRefSize
        default: return nil
        }
        var payload = offset &+ 1
        if unit == 0 {
            guard width <= end &- payload else { return nil }
            return Self.made(template, number, offset, marker, kind, payload, width)
        }
        var count = low
        if low == 0x0F {
            guard payload < end else { return nil }
            let countMarker = base.load(fromByteOffset: payload, as: UInt8.self)
            guard countMarker & 0xF0 == 0x10, countMarker & 0x0F <= 3 else { return nil }
            let countWidth = 1 << Int(countMarker & 0x0F)
            guard countWidth <= end &- (payload &+ 1) else { return nil }
            let rawCount = Self.inlinedBigEndian(base, at: payload &+ 1, width: countWidth)
            guard rawCount <= UInt64(end) else { return nil }
            count = Int(truncatingIfNeeded: rawCount)
            payload = payload &+ 1 &+ countWidth
        }
        let (length, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, length <= end &- payload else { return nil }
        return Self.made(template, number, offset, marker, kind, payload, count)
    }

    /// An object with these fields, made from a copy of `template`.
    @inline(__always)
    private static func made(_ template: Object, _ number: Int, _ offset: Int, _ marker: UInt8, _ kind: Kind,
                             _ payloadOffset: Int, _ count: Int) -> Object {
        var object = template
        object.number = number
        object.offset = offset
        object.marker = marker
        object.kind = kind
        object.payloadOffset = payloadOffset
        object.count = count
        return object
    }

    /// ``reference(_:at:)`` for a valid slot holding a valid number, or `nil`.
    @inline(__always)
    func inlinedReference(_ container: Object, at slot: Int) -> Int? {
        let slots: Int
        switch container.marker >> 4 {
        case 0xD: slots = 2 &* container.count
        case 0xA: slots = container.count
        default: return nil
        }
        guard let base = bytes.baseAddress, UInt(bitPattern: slot) < UInt(bitPattern: slots) else { return nil }
        let raw = Self.inlinedBigEndian(base, at: container.payloadOffset &+ slot &* objectRefSize, width: objectRefSize)
        guard raw < UInt64(objectCount) else { return nil }
        return Int(truncatingIfNeeded: raw)
    }

    /// ``entry(_:at:)`` for a valid entry of a dictionary, or `nil`.
    @inline(__always)
    func inlinedEntry(_ dictionary: Object, at index: Int) -> (key: Int, value: Int)? {
        guard dictionary.marker >> 4 == 0xD, let base = bytes.baseAddress,
              UInt(bitPattern: index) < UInt(bitPattern: dictionary.count) else { return nil }
        let keyPosition = dictionary.payloadOffset &+ index &* objectRefSize
        let key = Self.inlinedBigEndian(base, at: keyPosition, width: objectRefSize)
        let value = Self.inlinedBigEndian(base, at: keyPosition &+ dictionary.count &* objectRefSize, width: objectRefSize)
        guard key < UInt64(objectCount), value < UInt64(objectCount) else { return nil }
        return (Int(truncatingIfNeeded: key), Int(truncatingIfNeeded: value))
    }

    /// ``string(_:)`` of an ASCII string object of up to 15 bytes (a `String` holds those itself,
    /// without allocating), or `nil` for any other string and for a byte of 0x80 or above (then ask
    /// ``string(_:)``, which throws its error).
    @inline(__always)
    func inlinedShortASCIIString(_ object: Object) -> String? {
        let count = object.count
        guard object.marker >> 4 == 0x5, count <= 15, let base = bytes.baseAddress else { return nil }
        let start = base + object.payloadOffset
        // A high bit anywhere, found with two loads that may overlap and stay within the payload.
        var bits: UInt64 = 0
        if count >= 8 {
            bits = start.loadUnaligned(as: UInt64.self) | start.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        } else if count >= 4 {
            bits = UInt64(start.loadUnaligned(as: UInt32.self) | start.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
        } else {
            for index in 0..<count { bits |= UInt64(start.load(fromByteOffset: index, as: UInt8.self)) }
        }
        guard bits & 0x8080_8080_8080_8080 == 0 else { return nil }
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let target = buffer.baseAddress else { return 0 }
            UnsafeMutableRawPointer(target).copyMemory(from: start, byteCount: count)
            return count
        }
    }

    /// ``payload(_:equals:)``: whether an object's payload is exactly `bytes`.
    @inline(__always)
    func inlinedPayload(_ object: Object, equals bytes: UnsafeRawBufferPointer) -> Bool {
        guard object.count == bytes.count else { return false }
        guard let expected = bytes.baseAddress, let base = self.bytes.baseAddress, object.count > 0 else { return true }
        return memcmp(base + object.payloadOffset, expected, object.count) == 0
    }

    /// An unsigned big-endian integer of `width` (1 to 8) bytes at a checked position.
    @inline(__always)
    static func inlinedBigEndian(_ base: UnsafeRawPointer, at offset: Int, width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(base.load(fromByteOffset: offset, as: UInt8.self))
        case 2: return UInt64(UInt16(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: return UInt64(UInt32(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        case 8: return UInt64(bigEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in 0..<width {
                value = value << 8 | UInt64(base.load(fromByteOffset: offset &+ index, as: UInt8.self))
            }
            return value
        }
    }
}
