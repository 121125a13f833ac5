extension BinaryPropertyListStreamWriter {
    /// Writes a marker whose low nibble is `count`, or `0xF` followed by an integer object.
    static func writeCount(_ marker: UInt8, _ count: Int, into out: inout ByteBuffer) {
        if count <= BinaryPropertyListFormat.maximumInlineCount {
            out.append(marker | UInt8(count))
        } else {
            let width = BinaryPropertyListFormat.byteWidth(UInt64(count))
            out.append(marker | 0x0F)
            out.append(BinaryPropertyListFormat.Marker.integer | UInt8(width.trailingZeroBitCount))
            out.appendBigEndian(UInt64(count), width: width)
        }
    }

    /// Writes non-negative integers big-endian, `width` bytes each.
    static func writeBigEndian(_ values: UnsafeBufferPointer<UInt32>, width: Int, into out: inout ByteBuffer) {
        out.appendUnsafe(length: values.count * width) { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            switch width {
            case 1:
                for value in values {
                    base.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: offset, as: UInt8.self)
                    offset += 1
                }
            case 2:
                for value in values {
                    base.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, toByteOffset: offset, as: UInt16.self)
                    offset += 2
                }
            case 4:
                for value in values {
                    base.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, toByteOffset: offset, as: UInt32.self)
                    offset += 4
                }
            default:
                for value in values {
                    base.storeBytes(of: UInt64(truncatingIfNeeded: value).bigEndian, toByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
            }
        }
    }

    /// Writes a dictionary's references big-endian, `width` bytes each: `entries` holds them as the
    /// entries arrived (key, value, key, …), the document wants the keys, then the values.
    static func writeEntryReferences(_ entries: UnsafeBufferPointer<UInt32>, width: Int, into out: inout ByteBuffer) {
        guard let source = entries.baseAddress else { return }
        let pairs = entries.count / 2
        out.appendUnsafe(length: 2 * pairs * width) { buffer in
            guard let target = buffer.baseAddress else { return }
            switch width {
            case 1: storeEntries(UInt8.self, source, pairs: pairs, into: target)
            case 2: storeEntries(UInt16.self, source, pairs: pairs, into: target)
            case 4: storeEntries(UInt32.self, source, pairs: pairs, into: target)
            default: storeEntries(UInt64.self, source, pairs: pairs, into: target)
            }
        }
    }

    /// Stores the `pairs` keys of `source` (its even elements), then its values, as big-endian `Word`s.
    @inline(__always)
    private static func storeEntries<Word: FixedWidthInteger>(_: Word.Type, _ source: UnsafePointer<UInt32>, pairs: Int,
                                                              into target: UnsafeMutableRawPointer) {
        let size = MemoryLayout<Word>.size
        for index in 0..<pairs {
            target.storeBytes(of: Word(truncatingIfNeeded: source[2 &* index]).bigEndian,
                              toByteOffset: index &* size, as: Word.self)
            target.storeBytes(of: Word(truncatingIfNeeded: source[2 &* index &+ 1]).bigEndian,
                              toByteOffset: (pairs &+ index) &* size, as: Word.self)
        }
    }

    /// Writes a string object from valid UTF-8: ASCII (`0x5n`) when every byte is below 0x80,
    /// otherwise UTF-16 big-endian (`0x6n`, counted in UTF-16 units).
    ///
    /// - Returns: Whether it was written as ASCII (its bytes then end the document).
    @discardableResult
    static func writeString(utf8 bytes: UnsafeRawBufferPointer, into out: inout ByteBuffer) -> Bool {
        let count = bytes.count
        guard let source = bytes.baseAddress, count > 0 else {
            out.append(BinaryPropertyListFormat.Marker.asciiString)
            return true
        }
        var highBits: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            highBits |= source.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            highBits |= UInt64(source.load(fromByteOffset: index, as: UInt8.self))
            index += 1
        }
        if highBits & 0x8080_8080_8080_8080 == 0 {
            writeCount(BinaryPropertyListFormat.Marker.asciiString, count, into: &out)
            out.append(contentsOf: bytes)
            return true
        }
        // One UTF-16 unit per scalar, two for scalars outside the BMP (4-byte UTF-8 sequences).
        var units = 0
        for byte in bytes {
            if byte & 0xC0 != 0x80 { units += 1 }
            if byte >= 0xF0 { units += 1 }
        }
        writeCount(BinaryPropertyListFormat.Marker.utf16String, units, into: &out)
        out.appendUnsafe(length: 2 * units) { buffer in
            guard let target = buffer.baseAddress else { return }
            var read = 0
            var written = 0
            func put(_ unit: UInt32) {
                target.storeBytes(of: UInt16(truncatingIfNeeded: unit).bigEndian, toByteOffset: written, as: UInt16.self)
                written += 2
            }
            func byte(_ offset: Int) -> UInt32 {
                UInt32(source.load(fromByteOffset: offset, as: UInt8.self))
            }
            while read < count {
                let lead = byte(read)
                if lead < 0x80 {
                    put(lead)
                    read += 1
                } else if lead < 0xE0 {
                    put((lead & 0x1F) << 6 | byte(read + 1) & 0x3F)
                    read += 2
                } else if lead < 0xF0 {
                    put((lead & 0x0F) << 12 | (byte(read + 1) & 0x3F) << 6 | byte(read + 2) & 0x3F)
                    read += 3
                } else {
                    let scalar = (lead & 0x07) << 18 | (byte(read + 1) & 0x3F) << 12
                        | (byte(read + 2) & 0x3F) << 6 | byte(read + 3) & 0x3F
                    put(0xD800 | (scalar - 0x10000) >> 10)
                    put(0xDC00 | (scalar - 0x10000) & 0x3FF)
                    read += 4
                }
            }
        }
        return false
    }
}
