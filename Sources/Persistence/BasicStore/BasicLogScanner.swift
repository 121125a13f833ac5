/// Reads the records of a log, skipping damage instead of giving up on it.
///
/// An intact record is one whose marker, length and CRC-32C match and whose payload decodes. When
/// the bytes at the current position are not one, the scanner searches forward for the next marker
/// that starts an intact record and resumes there: the damaged bytes in between (normally one
/// record) are reported and skipped. When no intact record follows, the rest of the file is a torn
/// tail — what a crash in the middle of an append leaves — and is reported as such.
package enum BasicLogScanner {
    /// What a scan found.
    package struct Result {
        /// The intact records, in log order, with the offset and size of each.
        package var records: [(record: BasicLogRecord, offset: Int, size: Int)] = []
        /// Damaged byte ranges between intact records, skipped.
        package var damagedRanges: [Range<Int>] = []
        /// Where the last intact record ends: bytes from here on are a torn tail.
        package var validEnd: Int = 0
    }

    /// Scans `bytes` from `start` to the end.
    ///
    /// - Parameters:
    ///   - bytes: The log, or the part of it being read; offsets are relative to its start.
    ///   - start: The offset of the first record.
    /// - Returns: The intact records, the damaged ranges and the end of the intact part.
    package static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Result {
        var result = Result()
        var position = start
        while position < bytes.count {
            if let (record, size) = try? BasicLogRecord.read(in: bytes, at: position) {
                result.records.append((record, position, size))
                position += size
                continue
            }
            guard let resume = nextIntactRecord(in: bytes, after: position) else { break }
            result.damagedRanges.append(position ..< resume)
            position = resume
        }
        result.validEnd = min(position, bytes.count)
        return result
    }

    /// The offset of the first intact record after `position`, or `nil` when none follows.
    ///
    /// - Parameters:
    ///   - bytes: The log.
    ///   - position: The start of the damage.
    /// - Returns: The offset where reading can resume.
    static func nextIntactRecord(in bytes: UnsafeRawBufferPointer, after position: Int) -> Int? {
        var candidate = position + 1
        while let found = nextMarker(in: bytes, from: candidate) {
            if (try? BasicLogRecord.read(in: bytes, at: found)) != nil { return found }
            candidate = found + 1
        }
        return nil
    }

    /// The offset of the next record marker at or after `start`.
    private static func nextMarker(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let marker = BasicLogFormat.marker
        guard bytes.count >= marker.count, start <= bytes.count - marker.count else { return nil }
        var index = start
        let last = bytes.count - marker.count
        while index <= last {
            if bytes[index] == marker[0], bytes[index + 1] == marker[1],
               bytes[index + 2] == marker[2], bytes[index + 3] == marker[3] {
                return index
            }
            index += 1
        }
        return nil
    }
}
