extension BinaryPropertyListScanner {
    /// The type of a binary object, from its marker.
    package enum Kind: Sendable {
        /// `true` or `false` (marker `0x08` / `0x09`).
        case bool
        /// An integer of 1, 2, 4, 8 or 16 bytes (`0x10`–`0x14`).
        case integer
        /// A float of 4 or 8 bytes (`0x22`, `0x23`).
        case real
        /// A date (`0x33`).
        case date
        /// Bytes (`0x4n`).
        case data
        /// An ASCII string (`0x5n`).
        case asciiString
        /// A UTF-16 big-endian string (`0x6n`).
        case utf16String
        /// A keyed-archive UID of 1 to 8 bytes (`0x8n`).
        case uid
        /// An array of object references (`0xAn`).
        case array
        /// A dictionary: key references, then value references (`0xDn`).
        case dictionary
    }

    /// One object whose marker, count and extent have been validated.
    package struct Object: Sendable {
        /// The object's number (its index in the offset table).
        package var number: Int
        /// The offset of its marker byte.
        package var offset: Int
        /// The marker byte.
        package var marker: UInt8
        /// Its type.
        package var kind: Kind
        /// The offset of the first payload byte (after the marker and any count integer).
        package var payloadOffset: Int
        /// Bytes for data, ASCII strings, integers, reals, dates and UIDs; UTF-16 units for
        /// UTF-16 strings; elements for arrays; entries for dictionaries; 0 for Booleans.
        package var count: Int

        /// Whether this object is an array or a dictionary.
        @inlinable package var isContainer: Bool { kind == .array || kind == .dictionary }
    }

    /// Locates object `number` and validates its marker, count and extent.
    ///
    /// - Parameter number: An object number below ``objectCount``.
    /// - Returns: The object, whose payload lies entirely before the offset table.
    /// - Throws: ``PropertyListError`` — `outOfBounds` when the number, offset or payload
    ///   length is out of range, `invalidObject` for an unknown marker or malformed count,
    ///   `unsupportedObject` for sets, null and fill bytes.
    @inlinable
    package func object(_ number: Int) throws(PropertyListError) -> Object {
        let offset = try self.offset(ofObject: number)
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x4:
            return try sized(.data, unit: 1, marker: marker, number: number, offset: offset)
        case 0x5:
            return try sized(.asciiString, unit: 1, marker: marker, number: number, offset: offset)
        case 0x6:
            return try sized(.utf16String, unit: 2, marker: marker, number: number, offset: offset)
        case 0xA:
            return try sized(.array, unit: objectRefSize, marker: marker, number: number, offset: offset)
        case 0xD:
            return try sized(.dictionary, unit: 2 * objectRefSize, marker: marker, number: number, offset: offset)
        default:
            if let object = fixedSizeObject(number, at: offset) { return object }
            if let size = Self.fixedSize(ofMarker: marker) {
                // A valid fixed-size marker whose payload runs into the offset table.
                throw lengthError("\(Self.name(of: size.kind)) of \(size.width) bytes", payload: offset + 1,
                                  number: number, offset: offset)
            }
            if marker >> 4 == 0x8 {
                // Only UIDs too wide for `fixedSize(ofMarker:)` get here.
                throw PropertyListError(.invalidObject, "UID of \(low + 1) bytes; at most 8 are supported",
                                        at: .init(byteOffset: offset, objectNumber: number))
            }
            throw markerError(marker, number: number, offset: offset)
        }
    }

    /// The object of fixed size — a Boolean, an integer, a real, a date or a UID — whose marker
    /// lies at `offset` (object `number`'s offset, checked), or `nil` for any other object and for
    /// a fixed-size one whose payload does not fit before the offset table (``object(_:)`` then
    /// says why).
    ///
    /// The rules for these objects, in one place: ``object(_:)`` reads them through it, and so
    /// does ``BinaryPropertyListValidator`` for the scalars it meets first, without a call.
    @inlinable @inline(__always)
    func fixedSizeObject(_ number: Int, at offset: Int) -> Object? {
        let marker = base.load(fromByteOffset: offset, as: UInt8.self)
        guard let size = Self.fixedSize(ofMarker: marker) else { return nil }
        let payload = offset &+ 1
        // `offset` lies before the offset table, so the subtraction is at least 0.
        guard size.width <= offsetTableOffset &- payload else { return nil }
        return Object(number: number, offset: offset, marker: marker, kind: size.kind, payloadOffset: payload,
                      count: size.width)
    }

    /// The kind and payload width of an object of fixed size — a Boolean (width 0), an integer, a
    /// real, a date or a UID — from its marker; `nil` for every other marker, valid or not.
    @inlinable @inline(__always)
    static func fixedSize(ofMarker marker: UInt8) -> (kind: Kind, width: Int)? {
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0: return marker == 0x08 || marker == 0x09 ? (.bool, 0) : nil
        case 0x1: return low <= 4 ? (.integer, 1 << low) : nil
        case 0x2: return low == 2 || low == 3 ? (.real, 1 << low) : nil
        case 0x3: return marker == 0x33 ? (.date, 8) : nil
        case 0x8: return low < 8 ? (.uid, low + 1) : nil
        default: return nil
        }
    }

    @inlinable
    func sized(_ kind: Kind, unit: Int, marker: UInt8, number: Int, offset: Int) throws(PropertyListError) -> Object {
        var count = Int(marker & 0x0F)
        var payload = offset + 1
        if count == 0x0F {
            (count, payload) = try extendedCount(number: number, offset: offset)
        }
        let available = offsetTableOffset - payload
        let (length, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow, length <= available else {
            let what = kind == .array || kind == .dictionary ? "count" : "length"
            throw lengthError("\(Self.name(of: kind)) \(what) \(count)", payload: payload, number: number, offset: offset)
        }
        return Object(number: number, offset: offset, marker: marker, kind: kind, payloadOffset: payload, count: count)
    }

    /// Reads the integer object that follows a marker whose low nibble is `0xF`.
    @usableFromInline
    func extendedCount(number: Int, offset: Int) throws(PropertyListError) -> (count: Int, payload: Int) {
        let countMarkerOffset = offset + 1
        guard countMarkerOffset < offsetTableOffset else {
            throw PropertyListError(.outOfBounds, "the count integer runs into the offset table",
                                    at: .init(byteOffset: countMarkerOffset, objectNumber: number))
        }
        let countMarker = base.load(fromByteOffset: countMarkerOffset, as: UInt8.self)
        guard countMarker & 0xF0 == 0x10, countMarker & 0x0F <= 3 else {
            throw PropertyListError(
                .invalidObject,
                "a count must be an integer object with marker 0x10 to 0x13, found 0x\(String(countMarker, radix: 16))",
                at: .init(byteOffset: countMarkerOffset, objectNumber: number))
        }
        let width = 1 << Int(countMarker & 0x0F)
        let payload = countMarkerOffset + 1
        guard width <= offsetTableOffset - payload else {
            throw PropertyListError(.outOfBounds, "the count integer runs into the offset table",
                                    at: .init(byteOffset: countMarkerOffset, objectNumber: number))
        }
        let raw = Self.bigEndian(base, at: payload, width: width)
        guard raw <= UInt64(Int.max) else {
            throw PropertyListError(.invalidObject, "negative count \(Int64(bitPattern: raw))",
                                    at: .init(byteOffset: countMarkerOffset, objectNumber: number))
        }
        return (Int(raw), payload + width)
    }

    @usableFromInline @inline(never)
    func lengthError(_ what: String, payload: Int, number: Int, offset: Int) -> PropertyListError {
        PropertyListError(.outOfBounds,
                          "\(what) exceeds the \(offsetTableOffset - payload) bytes left before the offset table",
                          at: .init(byteOffset: offset, objectNumber: number))
    }

    @usableFromInline @inline(never)
    func markerError(_ marker: UInt8, number: Int, offset: Int) -> PropertyListError {
        let hex = "0x" + (marker < 0x10 ? "0" : "") + String(marker, radix: 16)
        let location = PropertyListError.Location(byteOffset: offset, objectNumber: number)
        switch marker {
        case 0x00:
            return PropertyListError(.unsupportedObject, "null objects (marker 0x00) have no property-list value", at: location)
        case 0x0F:
            return PropertyListError(.unsupportedObject, "fill bytes (marker 0x0f) are not objects", at: location)
        case 0xC0...0xCF:
            return PropertyListError(.unsupportedObject, "sets (marker \(hex)) are not property-list values", at: location)
        default:
            return PropertyListError(.invalidObject, "unknown object marker \(hex)", at: location)
        }
    }

    /// The kind's name in error messages ("string" for both string encodings, "UID" for UIDs).
    @usableFromInline
    package static func name(of kind: Kind) -> String {
        switch kind {
        case .bool: return "bool"
        case .integer: return "integer"
        case .real: return "real"
        case .date: return "date"
        case .data: return "data"
        case .asciiString, .utf16String: return "string"
        case .uid: return "UID"
        case .array: return "array"
        case .dictionary: return "dictionary"
        }
    }
}
