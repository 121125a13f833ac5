extension BinaryPropertyListScanner {
    /// The string an ASCII or UTF-16 string object holds.
    ///
    /// - Parameter object: An object of kind ``Kind/asciiString`` or ``Kind/utf16String``.
    /// - Returns: The string (NUL characters included).
    /// - Throws: ``PropertyListError/Kind/invalidString`` for a byte of 0x80 or above in an ASCII
    ///   string or an unpaired surrogate in a UTF-16 one; ``PropertyListError/Kind/invalidObject``
    ///   when the object is not a string.
    @inlinable
    package func string(_ object: Object) throws(PropertyListError) -> String {
        switch object.kind {
        case .asciiString: return try asciiString(object)
        case .utf16String: return try utf16String(object)
        default:
            throw PropertyListError(.invalidObject, "expected a string, found \(Self.name(of: object.kind))",
                                    at: .init(byteOffset: object.offset, objectNumber: object.number))
        }
    }

    @usableFromInline
    func asciiString(_ object: Object) throws(PropertyListError) -> String {
        let start = base + object.payloadOffset
        let count = object.count
        // Word-at-a-time check for a high bit; the rare failure is located byte by byte.
        var index = 0
        var highBits: UInt64 = 0
        while index + 8 <= count {
            highBits |= start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            highBits |= UInt64(start.load(fromByteOffset: index, as: UInt8.self))
            index += 1
        }
        if highBits & 0x8080_8080_8080_8080 != 0 {
            for position in 0..<count where start.load(fromByteOffset: position, as: UInt8.self) >= 0x80 {
                let byte = start.load(fromByteOffset: position, as: UInt8.self)
                throw PropertyListError(
                    .invalidString,
                    "byte 0x\(String(byte, radix: 16)) at offset \(object.payloadOffset + position) in an ASCII string",
                    at: .init(byteOffset: object.payloadOffset + position, objectNumber: object.number))
            }
        }
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard let target = buffer.baseAddress else { return 0 }
            UnsafeMutableRawPointer(target).copyMemory(from: start, byteCount: count)
            return count
        }
    }

    @usableFromInline
    func utf16String(_ object: Object) throws(PropertyListError) -> String {
        let start = base + object.payloadOffset
        let units = object.count
        var badUnit = -1
        // Each UTF-16 unit becomes at most 3 UTF-8 bytes (a surrogate pair, 2 units, becomes 4).
        let result = String(unsafeUninitializedCapacity: units * 3) { buffer -> Int in
            var out = 0
            var index = 0
            while index < units {
                let unit = UInt32(UInt16(bigEndian: start.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self)))
                index += 1
                if unit < 0x80 {
                    buffer[out] = UInt8(truncatingIfNeeded: unit)
                    out += 1
                } else if unit < 0x800 {
                    buffer[out] = UInt8(truncatingIfNeeded: 0xC0 | unit >> 6)
                    buffer[out + 1] = UInt8(truncatingIfNeeded: 0x80 | unit & 0x3F)
                    out += 2
                } else if unit & 0xF800 != 0xD800 {
                    buffer[out] = UInt8(truncatingIfNeeded: 0xE0 | unit >> 12)
                    buffer[out + 1] = UInt8(truncatingIfNeeded: 0x80 | unit >> 6 & 0x3F)
                    buffer[out + 2] = UInt8(truncatingIfNeeded: 0x80 | unit & 0x3F)
                    out += 3
                } else {
                    guard unit < 0xDC00, index < units else {
                        badUnit = index - 1
                        return 0
                    }
                    let next = UInt32(UInt16(bigEndian: start.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self)))
                    guard next & 0xFC00 == 0xDC00 else {
                        badUnit = index - 1
                        return 0
                    }
                    index += 1
                    let scalar = 0x10000 + ((unit - 0xD800) << 10 | (next - 0xDC00))
                    buffer[out] = UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
                    buffer[out + 1] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F)
                    buffer[out + 2] = UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F)
                    buffer[out + 3] = UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F)
                    out += 4
                }
            }
            return out
        }
        if badUnit >= 0 {
            let unitOffset = object.payloadOffset + 2 * badUnit
            let unit = UInt16(bigEndian: base.loadUnaligned(fromByteOffset: unitOffset, as: UInt16.self))
            throw PropertyListError(.invalidString,
                                    "unpaired UTF-16 surrogate 0x\(String(unit, radix: 16)) at unit \(badUnit)",
                                    at: .init(byteOffset: unitOffset, objectNumber: object.number))
        }
        return result
    }
}
