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

    /// What a streaming scan found besides the records it handed over.
    package struct Summary {
        /// How many intact records were handed over.
        package var recordCount = 0
        /// Damaged byte ranges between intact records, skipped.
        package var damagedRanges: [Range<Int>] = []
        /// Where the last intact record ends: bytes from here on are a torn tail.
        package var validEnd: Int = 0
    }

    /// Scans `bytes` from `start` to the end, collecting the records (tools and tests; the store
    /// streams with ``scan(_:from:visit:)``).
    ///
    /// - Parameters:
    ///   - bytes: The log, or the part of it being read; offsets are relative to its start.
    ///   - start: The offset of the first record.
    /// - Returns: The intact records, the damaged ranges and the end of the intact part.
    package static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Result {
        var records: [(record: BasicLogRecord, offset: Int, size: Int)] = []
        let summary = scan(bytes, from: start) { location in
            records.append((BasicLogRecord.record(at: location, in: bytes), location.offset, location.size))
        }
        return Result(records: records, damagedRanges: summary.damagedRanges, validEnd: summary.validEnd)
    }

    /// Scans `bytes` from `start` to the end, handing each intact record's location to `visit` as
    /// it is read. Nothing is copied or collected: every record is checked as fully as decoding it
    /// would, and its key and value are left in `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The log, or the part of it being read; offsets are relative to its start.
    ///   - start: The offset of the first record.
    ///   - limit: Where to stop: no record starting at or after it is read (the end by default).
    ///     A record or damaged range that starts before it is read whole, so the scan may end
    ///     past it; ``Summary/validEnd`` tells where it ended.
    ///   - visit: Receives each intact record's location, in log order.
    /// - Returns: The number of records, the damaged ranges and the end of the intact part.
    @inline(__always)
    package static func scan(_ bytes: UnsafeRawBufferPointer, from start: Int, until limit: Int = .max,
                             visit: (BasicRecordLocation) -> Void) -> Summary {
        var summary = Summary()
        var position = start
        let end = min(limit, bytes.count)
        while position < end {
            if let location = try? BasicLogRecord.locate(in: bytes, at: position) {
                visit(location)
                summary.recordCount += 1
                position = location.end
                continue
            }
            guard let resume = nextIntactRecord(in: bytes, after: position) else { break }
            summary.damagedRanges.append(position ..< resume)
            position = resume
        }
        summary.validEnd = min(position, bytes.count)
        return summary
    }

    /// Whether any intact record starts at or after `start` (telling a damaged header from a
    /// foreign file before anything is applied).
    ///
    /// - Parameters:
    ///   - bytes: The log.
    ///   - start: Where to start looking.
    /// - Returns: `true` when one does.
    package static func containsIntactRecord(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Bool {
        guard start < bytes.count else { return false }
        if Self.isIntactRecord(in: bytes, at: start) { return true }
        return nextIntactRecord(in: bytes, after: start) != nil
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
            if Self.isIntactRecord(in: bytes, at: found) { return found }
            candidate = found + 1
        }
        return nil
    }

    /// Whether an intact record starts at `offset` (checked without copying its value).
    private static func isIntactRecord(in bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        (try? BasicLogRecord.locate(in: bytes, at: offset)) != nil
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
