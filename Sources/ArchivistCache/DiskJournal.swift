import Foundation
import Persistence

/// A format's append-only journal: the disk level's LRU order, sizes and times, kept in a file of
/// its own rather than in file times.
///
/// Layout: the 8-byte header `ARCJRNL` + version byte 1, then records, each framed as payload
/// length (UInt32 little-endian), CRC-32 of the payload (UInt32 LE), payload (see
/// ``JournalRecord``). Replaying the records in order rebuilds the index: the last record that
/// mentions a key decides its state and its place in the LRU order. Records are buffered in memory
/// and appended with one `write` per mutation, after the level's lock is released (``JournalOutput``); nothing is `fsync`ed (a cache can be rebuilt, and
/// opening reconciles the journal with the entries directory anyway). When the journal holds many
/// more records than live entries it is compacted: rewritten atomically as one `stored` record per
/// entry, least recently used first.
package struct DiskJournal {
    package static let header: [UInt8] = Array("ARCJRNL".utf8) + [1]

    /// What reading a journal file found.
    package struct Contents {
        package var records: [JournalRecord] = []
        /// The file existed.
        package var existed = false
        /// A bad header, checksum, length or payload ended the replay early.
        package var corrupt = false
    }

    let path: String
    let fileSystem: any FileSystem
    /// Where flushed records are written, outside the level's lock.
    let output: JournalOutput
    private var buffer: [UInt8] = []
    /// Records in the file plus the buffer, to decide when to compact.
    private(set) var recordCount = 0
    /// A failed rewrite left the old journal: the next flush rewrites the whole journal.
    private var rewriteFailed = false

    /// A failed append may have left a torn record, or a rewrite failed: the next flush rewrites
    /// the whole journal.
    var needsRewrite: Bool { rewriteFailed || output.hasFailed }

    init(path: String, fileSystem: any FileSystem) {
        self.path = path
        self.fileSystem = fileSystem
        output = JournalOutput(path: path, fileSystem: fileSystem)
    }

    /// Reads and checks every record of the journal at `path`.
    ///
    /// - Returns: The records up to the first damaged one, and whether there was damage.
    package static func read(path: String, fileSystem: any FileSystem) -> Contents {
        var contents = Contents()
        let data: Data
        do {
            data = try fileSystem.readFile(path)
        } catch {
            // Missing is the first run; unreadable is treated like damage (rebuilt from the files).
            contents.corrupt = error.code != ENOENT
            return contents
        }
        contents.existed = true
        let bytes = [UInt8](data)
        guard bytes.count >= header.count, bytes[..<header.count].elementsEqual(header) else {
            contents.corrupt = true
            return contents
        }
        var position = header.count
        while position < bytes.count {
            guard bytes.count - position >= 8 else { contents.corrupt = true; break }
            let length = Int(littleEndian32(bytes, at: position))
            let checksum = littleEndian32(bytes, at: position + 4)
            let start = position + 8
            guard length > 0, length <= JournalRecord.maximumPayloadLength, bytes.count - start >= length else {
                contents.corrupt = true
                break
            }
            let payload = bytes[start..<(start + length)]
            guard CRC32.checksum(payload) == checksum, let record = JournalRecord.decode(payload) else {
                contents.corrupt = true
                break
            }
            contents.records.append(record)
            position = start + length
        }
        return contents
    }

    /// Queues a record; it reaches the file at the next ``flush()``.
    mutating func append(_ record: JournalRecord) {
        record.append(to: &buffer)
        recordCount += 1
    }

    /// Whether records are waiting in the buffer.
    var hasBufferedRecords: Bool { !buffer.isEmpty }

    /// Bytes waiting in the buffer.
    var bufferedBytes: Int { buffer.count }

    /// Hands the buffered records to ``output``, which appends them with one write once the
    /// level's lock is released (``JournalOutput/drain()``). A failed append sets
    /// ``needsRewrite``: the next flush rewrites the file (the append may have left a partial record).
    mutating func flush() {
        guard !buffer.isEmpty, !needsRewrite else { return }
        output.enqueue(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Replaces the whole journal with `records` (compaction or repair), atomically.
    ///
    /// - Parameters:
    ///   - records: The complete new contents, oldest first.
    ///   - writer: Writes the new file.
    /// - Throws: ``SystemCallError``; the old journal is then still in place and `needsRewrite`
    ///   stays set.
    mutating func rewrite(_ records: [JournalRecord], writer: AtomicFileWriter) throws(SystemCallError) {
        var bytes = Self.header
        for record in records { record.append(to: &bytes) }
        output.reset()
        do {
            try writer.write(Data(bytes), to: path, durability: .atomic)
        } catch {
            rewriteFailed = true
            throw error
        }
        buffer.removeAll(keepingCapacity: true)
        recordCount = records.count
        rewriteFailed = false
    }

    /// Closes the file (it is reopened by the next write).
    func closeDescriptor() {
        output.close()
    }

    private static func littleEndian32(_ bytes: [UInt8], at position: Int) -> UInt32 {
        UInt32(bytes[position]) | UInt32(bytes[position + 1]) << 8 | UInt32(bytes[position + 2]) << 16
            | UInt32(bytes[position + 3]) << 24
    }
}

extension DiskJournal {
    /// Sets the record count after the file was replayed at open.
    mutating func setRecordCount(_ count: Int) {
        recordCount = count
    }
}
