import PropertyList

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

    /// Whether the record removes its key. (A pattern, not `value == nil`: comparing the optional
    /// with `nil` copied the value on the store's write path.)
    package var isRemoval: Bool {
        Self.isRemoval(value)
    }

    /// Whether a record with `value` removes its key (``isRemoval`` for a value not in a record).
    ///
    /// - Parameter value: The record's value.
    /// - Returns: `true` for `nil`.
    @inline(__always)
    package static func isRemoval(_ value: BasicValue?) -> Bool {
        if case .none = value { return true }
        return false
    }

    /// The record as it is appended to the log: marker, length, checksum, payload.
    ///
    /// - Returns: The bytes, or `nil` when the payload exceeds ``BasicLogFormat/maximumPayloadSize``
    ///   or the value nests deeper than ``BasicByteReader/maximumDepth`` (the reader would refuse it).
    package func framed() -> [UInt8]? {
        var bytes: [UInt8] = []
        return frame(into: &bytes) ? bytes : nil
    }

    /// Replaces the contents of `bytes` with the record as ``framed()`` gives it, reusing the
    /// buffer's room (the store frames every append into one buffer).
    ///
    /// - Parameter bytes: The buffer.
    /// - Returns: `false` when the payload exceeds ``BasicLogFormat/maximumPayloadSize`` or the
    ///   value nests too deep (`bytes` is then empty).
    package func frame(into bytes: inout [UInt8]) -> Bool {
        Self.frame(key: key, value: value, into: &bytes)
    }

    /// ``frame(into:)`` for the record that sets `key` to `value` (removes it when `nil`), without
    /// making the record: the store's writes pass key and value along as they got them, since
    /// building a record (and taking the value back out of it) copied the value each time.
    ///
    /// The payload is measured first, then written straight into a buffer of exactly its size.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The new value, or `nil` for a removal.
    ///   - bytes: The buffer.
    /// - Returns: `false` when the payload exceeds ``BasicLogFormat/maximumPayloadSize`` or the
    ///   value nests too deep (`bytes` is then empty).
    package static func frame(key: String, value: BasicValue?, into bytes: inout [UInt8]) -> Bool {
        var counter = BasicByteCounter()
        guard putPayload(key: key, value: value, to: &counter), counter.count <= BasicLogFormat.maximumPayloadSize else {
            bytes.removeAll(keepingCapacity: true)
            return false
        }
        let payloadSize = counter.count
        // Marker, length and a checksum filled in once the payload is there.
        let written = BasicByteWriter.write(into: &bytes, from: 0, count: BasicLogFormat.recordHeaderSize + payloadSize) { writer in
            writer.putFixed32(BasicLogFormat.markerValue)
            writer.putFixed32(UInt32(payloadSize))
            writer.putFixed32(0)
            return putPayload(key: key, value: value, to: &writer)
        }
        guard written else { return false }
        bytes.withUnsafeMutableBytes { raw in
            let crc = Self.checksum(length: UnsafeRawBufferPointer(rebasing: raw[4 ..< 8]),
                                    payload: UnsafeRawBufferPointer(rebasing: raw[BasicLogFormat.recordHeaderSize ..< raw.count]))
            raw.storeBytes(of: crc.littleEndian, toByteOffset: 8, as: UInt32.self)
        }
        return true
    }

    /// Why ``frame(into:)`` refused the record, in words for an error: its value nests too deep,
    /// or its payload is too large.
    package var unframeableReason: String {
        Self.unframeableReason(value: value)
    }

    /// ``unframeableReason`` of the record that sets a key to `value`.
    ///
    /// - Parameter value: The value, or `nil` for a removal.
    /// - Returns: The reason, in words for an error.
    package static func unframeableReason(value: BasicValue?) -> String {
        if case .some(let value) = value, BasicValueEncoder.encodedSize(of: value) == nil {
            return "the value nests arrays and dictionaries deeper than \(BasicByteReader.maximumDepth) levels"
        }
        return "the encoded value exceeds the \(BasicLogFormat.maximumPayloadSize >> 20) MiB record limit"
    }

    /// Puts the payload: operation, key, and for a set the value.
    ///
    /// - Returns: `false` when the value nests too deep.
    @inline(__always)
    private static func putPayload<Sink: BasicByteSink>(key: String, value: BasicValue?, to sink: inout Sink) -> Bool {
        // A `switch`, not `guard case`: the guard's binding outlives the statement, so it copied
        // the value (and released it after) at every put.
        switch value {
        case .none:
            sink.put(BasicLogOperation.remove.rawValue)
            sink.putLengthPrefixed(key)
            return true
        case .some(let value):
            sink.put(BasicLogOperation.set.rawValue)
            sink.putLengthPrefixed(key)
            return BasicValueEncoder.put(value, to: &sink)
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
        let location = try locate(in: bytes, at: offset)
        return (record(at: location, in: bytes), location.size)
    }

    /// The record that ``locate(in:at:)`` found at `location`, decoded.
    ///
    /// - Parameters:
    ///   - location: An intact record's location in `bytes`.
    ///   - bytes: The bytes it was located in.
    /// - Returns: The record.
    static func record(at location: BasicRecordLocation, in bytes: UnsafeRawBufferPointer) -> BasicLogRecord {
        let key = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[location.keyStart ..< location.valueStart]),
                         as: UTF8.self)
        guard location.isSet else { return BasicLogRecord(key: key, value: nil) }
        return BasicLogRecord(key: key, value: decodedValue(in: UnsafeRawBufferPointer(rebasing: bytes[location.valueStart ..< location.end])))
    }

    /// Decodes a value that ``locate(in:at:)`` has checked: that check is the decoder's own, so
    /// this cannot fail for such bytes (`nil` only for bytes that were never located).
    ///
    /// - Parameter bytes: The value's bytes, tag included.
    /// - Returns: The value.
    static func decodedValue(in bytes: UnsafeRawBufferPointer) -> BasicValue? {
        var reader = BasicByteReader(bytes)
        return try? BasicValueDecoder.decode(from: &reader)
    }

    /// Finds the record that starts at `offset` and checks it as fully as decoding it would —
    /// marker, length, checksum, operation, key (valid UTF-8) and value (decodable, nothing after
    /// it) — without copying its key or a string or data value.
    ///
    /// - Parameters:
    ///   - bytes: The log (or a tail of it).
    ///   - offset: Where the record should start.
    /// - Returns: Where its parts are, as offsets into `bytes`.
    /// - Throws: ``BasicDecodingFailure`` when no intact record starts there.
    @inline(__always)
    static func locate(in bytes: UnsafeRawBufferPointer, at offset: Int) throws(BasicDecodingFailure) -> BasicRecordLocation {
        guard offset >= 0, bytes.count - offset >= BasicLogFormat.recordHeaderSize else {
            throw BasicDecodingFailure(reason: "unexpected end", offset: offset)
        }
        let marker = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
        guard marker == BasicLogFormat.markerValue else {
            throw BasicDecodingFailure(reason: "no record marker", offset: offset)
        }
        let length = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))
        let storedCRC = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))
        let payloadStart = offset + BasicLogFormat.recordHeaderSize
        let available = bytes.count - payloadStart
        guard length <= UInt32(BasicLogFormat.maximumPayloadSize), Int(length) <= available else {
            throw BasicDecodingFailure(reason: "record length \(length) exceeds the \(available) bytes left", offset: offset)
        }
        let end = payloadStart + Int(length)
        let payload = UnsafeRawBufferPointer(rebasing: bytes[payloadStart ..< end])
        let lengthBytes = UnsafeRawBufferPointer(rebasing: bytes[(offset + 4) ..< (offset + 8)])
        // A payload of ASCII bytes only (the common record: short key, short string) holds valid
        // UTF-8 wherever a string is, so one check covers its key and value; it comes with the checksum.
        let (crc, payloadIsASCII) = CRC32C.checksumNotingASCII(lengthBytes, then: payload)
        guard crc == storedCRC else {
            throw BasicDecodingFailure(reason: "checksum mismatch", offset: offset)
        }
        if payloadIsASCII, let keyCount = shortASCIIStringSetKeyCount(payload) {
            return BasicRecordLocation(offset: offset, size: end - offset, keyStart: payloadStart + 2,
                                       keyCount: keyCount, keyIsASCII: true, isSet: true)
        }
        do throws(BasicDecodingFailure) {
            var body = BasicByteReader(payload)
            let rawOperation = try body.readByte()
            guard let operation = BasicLogOperation(rawValue: rawOperation) else {
                throw BasicDecodingFailure(reason: "unknown operation 0x\(String(rawOperation, radix: 16))", offset: 0)
            }
            let keyStart = body.offset
            let keyCount = try body.readCount(minimumBytesEach: 1)
            let keyOffset = body.offset
            let key = try body.readBytes(keyCount)
            let keyIsASCII = payloadIsASCII || UTF8Validation.isASCII(key)
            if !keyIsASCII, let invalid = UTF8Validation.firstInvalidOffset(in: key) {
                throw BasicDecodingFailure(reason: "invalid UTF-8", offset: keyStart + invalid)
            }
            if operation == .set {
                // Strings and data are checked in place; other values by decoding them.
                if try !BasicValueDecoder.skipStringOrData(from: &body, knownASCII: payloadIsASCII) {
                    _ = try BasicValueDecoder.decode(from: &body)
                }
            }
            guard body.remaining == 0 else {
                throw BasicDecodingFailure(reason: "\(body.remaining) stray bytes after the value", offset: body.offset)
            }
            return BasicRecordLocation(offset: offset, size: end - offset, keyStart: payloadStart + keyOffset,
                                       keyCount: keyCount, keyIsASCII: keyIsASCII, isSet: operation == .set)
        } catch {
            // A checksummed payload that does not decode: a newer format or undetected damage.
            throw BasicDecodingFailure(reason: "\(error.reason) at payload byte \(error.offset)", offset: offset)
        }
    }

    /// The key's length when `payload`, known to be all ASCII, is the common record — a set of a
    /// string or data value — and is intact; `nil` for any other payload, which the full check in
    /// ``locate(in:at:)`` then reads (so a damaged record gets the same failure either way).
    ///
    /// This is that full check, done without a reader for the record nearly every log is made of:
    /// in an ASCII payload every byte is below 0x80, so each varint length is one byte, and the
    /// key and string need no UTF-8 check. What it accepts is exactly what the full check accepts
    /// for such a payload: operation `set`; a key length that leaves room for the key; a string or
    /// data tag; a value length that ends the value exactly at the payload's end (no stray bytes).
    /// Opening a log spends about a third less on each such record.
    ///
    /// - Parameter payload: A checksummed payload whose bytes are all ASCII.
    /// - Returns: The key's length (the key starts at payload byte 2), or `nil`.
    @inline(__always)
    private static func shortASCIIStringSetKeyCount(_ payload: UnsafeRawBufferPointer) -> Int? {
        // Operation, key length, key, tag, value length, value: at least 4 bytes.
        let count = payload.count
        guard count >= 4, payload[0] == BasicLogOperation.set.rawValue else { return nil }
        let keyCount = Int(payload[1])
        // The tag and the value length follow the key; `keyCount` is at most 127, so no overflow.
        let tagOffset = 2 + keyCount
        guard tagOffset <= count - 2 else { return nil }
        let tag = payload[tagOffset]
        guard tag == BasicValueTag.string.rawValue || tag == BasicValueTag.data.rawValue,
              tagOffset + 2 + Int(payload[tagOffset + 1]) == count else { return nil }
        return keyCount
    }

    /// CRC-32C of the length field followed by the payload: a damaged length fails the check too.
    private static func checksum(length: UnsafeRawBufferPointer, payload: UnsafeRawBufferPointer) -> UInt32 {
        CRC32C.checksum(length, then: payload)
    }
}
