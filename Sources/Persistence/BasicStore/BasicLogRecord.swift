/// One entry of the basic-value store's log: a key set to a value, or a key removed.
package struct BasicLogRecord: Equatable {
    /// The key.
    package var key: String
    /// The new value, or `nil` for a removal.
    package var value: BasicValue?

    /// Creates a record setting `key` to `value`, or removing `key` when `value` is `nil`.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The new value, or `nil` for a removal.
    package init(key: String, value: BasicValue?) {
        self.key = key
        self.value = value
    }

    /// The record as it is appended to the log: marker, length, checksum, payload.
    ///
    /// - Returns: The bytes, or `nil` when the payload exceeds ``BasicLogFormat/maximumPayloadSize``.
    package func framed() -> [UInt8]? {
        var bytes: [UInt8] = []
        return frame(into: &bytes) ? bytes : nil
    }

    /// Replaces the contents of `bytes` with the record as ``framed()`` gives it, reusing the
    /// buffer's room (the store frames every append into one buffer).
    ///
    /// - Parameter bytes: The buffer.
    /// - Returns: `false` when the payload exceeds ``BasicLogFormat/maximumPayloadSize``
    ///   (`bytes` then holds no valid record).
    package func frame(into bytes: inout [UInt8]) -> Bool {
        bytes.removeAll(keepingCapacity: true)
        // Room for the header, the key and a short value: one allocation for most records.
        bytes.reserveCapacity(BasicLogFormat.recordHeaderSize + 2 + key.utf8.count + 10 + (value.map(Self.sizeHint) ?? 0))
        // Marker, then length and checksum as zeros, filled in below.
        bytes.append(contentsOf: Self.headerTemplate)
        bytes.append(value == nil ? BasicLogOperation.remove.rawValue : BasicLogOperation.set.rawValue)
        BasicValueEncoder.appendLengthPrefixed(key, into: &bytes)
        if let value { BasicValueEncoder.encode(value, into: &bytes) }
        let payloadSize = bytes.count - BasicLogFormat.recordHeaderSize
        guard payloadSize <= BasicLogFormat.maximumPayloadSize else { return false }
        bytes.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt32(payloadSize).littleEndian, toByteOffset: 4, as: UInt32.self)
            let crc = Self.checksum(length: UnsafeRawBufferPointer(rebasing: raw[4 ..< 8]),
                                    payload: UnsafeRawBufferPointer(rebasing: raw[BasicLogFormat.recordHeaderSize ..< raw.count]))
            raw.storeBytes(of: crc.littleEndian, toByteOffset: 8, as: UInt32.self)
        }
        return true
    }

    /// A record's first ``BasicLogFormat/recordHeaderSize`` bytes before length and checksum are known.
    private static let headerTemplate: [UInt8] = BasicLogFormat.marker + [0, 0, 0, 0, 0, 0, 0, 0]

    /// A cheap guess at a value's encoded size (exact for strings and data, small otherwise).
    private static func sizeHint(_ value: BasicValue) -> Int {
        switch value {
        case .string(let string): string.utf8.count
        case .data(let data): data.count
        case .array(let elements): elements.count * 4
        case .dictionary(let entries): entries.count * 12
        default: 0
        }
    }

    /// Reads the record that starts at `offset`, checking marker, length, checksum and payload.
    ///
    /// - Parameters:
    ///   - bytes: The log (or a tail of it).
    ///   - offset: Where the record should start.
    /// - Returns: The record and its total size in bytes.
    /// - Throws: ``BasicDecodingFailure`` when no intact record starts there.
    static func read(in bytes: UnsafeRawBufferPointer, at offset: Int) throws(BasicDecodingFailure) -> (record: BasicLogRecord, size: Int) {
        let (key, value, size) = try readIndexed(in: bytes, at: offset, keepingValuesEncoded: false)
        guard case .decoded(let decoded)? = value else { return (BasicLogRecord(key: key, value: nil), size) }
        return (BasicLogRecord(key: key, value: decoded), size)
    }

    /// Reads the record that starts at `offset` as ``read(in:at:)`` does, optionally leaving a
    /// string or data value encoded (checked, not copied): its ``BasicIndexedValue/encoded(offset:count:)``
    /// offset is relative to `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The log (or a tail of it).
    ///   - offset: Where the record should start.
    ///   - keepingValuesEncoded: Whether strings and data stay encoded.
    /// - Returns: The key, the value (`nil` for a removal) and the record's total size in bytes.
    /// - Throws: ``BasicDecodingFailure`` when no intact record starts there.
    static func readIndexed(in bytes: UnsafeRawBufferPointer, at offset: Int, keepingValuesEncoded: Bool)
        throws(BasicDecodingFailure) -> (key: String, value: BasicIndexedValue?, size: Int) {
        var reader = BasicByteReader(bytes, offset: offset)
        let marker = try reader.readFixed32()
        guard marker == BasicLogFormat.markerValue else {
            throw BasicDecodingFailure(reason: "no record marker", offset: offset)
        }
        let length = try reader.readFixed32()
        let storedCRC = try reader.readFixed32()
        guard length <= UInt32(BasicLogFormat.maximumPayloadSize), Int(length) <= reader.remaining else {
            throw BasicDecodingFailure(reason: "record length \(length) exceeds the \(reader.remaining) bytes left", offset: offset)
        }
        let payload = try reader.readBytes(Int(length))
        let lengthBytes = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4) ..< (offset + 8)])
        guard checksum(length: lengthBytes, payload: payload) == storedCRC else {
            throw BasicDecodingFailure(reason: "checksum mismatch", offset: offset)
        }
        do {
            let payloadOffset = offset + BasicLogFormat.recordHeaderSize
            let (key, value) = try decodePayload(payload, keepingValuesEncodedAt: keepingValuesEncoded ? payloadOffset : nil)
            return (key, value, BasicLogFormat.recordHeaderSize + Int(length))
        } catch {
            // A checksummed payload that does not decode: a newer format or undetected damage.
            throw BasicDecodingFailure(reason: "\(error.reason) at payload byte \(error.offset)", offset: offset)
        }
    }

    /// CRC-32C of the length field followed by the payload: a damaged length fails the check too.
    private static func checksum(length: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) -> UInt32 {
        CRC32C.checksum(payload, continuing: CRC32C.checksum(length))
    }

    /// Decodes a payload; with `encodedBase` (the payload's offset in the scanned bytes), a string
    /// or data value is checked and left encoded.
    private static func decodePayload(_ payload: UnsafeRawBufferPointer, keepingValuesEncodedAt encodedBase: Int?)
        throws(BasicDecodingFailure) -> (key: String, value: BasicIndexedValue?) {
        var body = BasicByteReader(payload)
        let rawOperation = try body.readByte()
        guard let operation = BasicLogOperation(rawValue: rawOperation) else {
            throw BasicDecodingFailure(reason: "unknown operation 0x\(String(rawOperation, radix: 16))", offset: 0)
        }
        let key = try body.readString()
        var value: BasicIndexedValue?
        if operation == .set {
            let valueStart = body.offset
            if let encodedBase, try BasicValueDecoder.skipStringOrData(from: &body) {
                value = .encoded(offset: encodedBase + valueStart, count: body.offset - valueStart)
            } else {
                value = .decoded(try BasicValueDecoder.decode(from: &body))
            }
        }
        guard body.remaining == 0 else {
            throw BasicDecodingFailure(reason: "\(body.remaining) stray bytes after the value", offset: body.offset)
        }
        return (key, value)
    }
}
