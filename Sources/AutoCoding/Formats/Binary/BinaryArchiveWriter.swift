import Foundation
import PropertyList

/// The binary format for coders: events go straight into the package's one `bplist00` writer,
/// so an archive written from values has the bytes its tree would have.
struct BinaryArchiveWriter: ArchiveWriter, ~Copyable {
    static var sharesObjects: Bool { false }

    private var stream: BinaryPropertyListStreamWriter

    /// Starts a document.
    ///
    /// - Parameter capacity: The expected size in bytes, to allocate once.
    init(capacity: Int = 4096) {
        stream = BinaryPropertyListStreamWriter(capacity: capacity)
    }

    /// Finishes the document.
    consuming func finish() throws -> Data {
        do {
            return try stream.finish()
        } catch {
            throw AutoCodingError(error)
        }
    }

    mutating func beginArray(count: Int) throws { try? stream.beginArray(count: count) }
    mutating func endArray() throws { try? stream.endArray() }
    mutating func beginDictionary(count: Int) throws { try? stream.beginDictionary(count: count) }
    mutating func endDictionary() throws { try? stream.endDictionary() }

    @inline(__always)
    mutating func key(_ key: String) throws { try? stream.key(key) }

    /// Prepared keys live as long as the plans and constants holding them, so their bytes keep
    /// their address: the stream writer may remember them by it.
    @inline(__always)
    mutating func key(_ key: ArchiveKey) throws {
        stream.key(stableUTF8: key.utf8, hash: key.hash)
    }

    @inline(__always)
    mutating func string(_ value: String) throws { try? stream.string(value) }
    @inline(__always)
    mutating func integer(_ value: Int64) throws { stream.integer(value) }
    @inline(__always)
    mutating func unsigned(_ value: UInt64) throws { stream.unsigned(value) }
    @inline(__always)
    mutating func real(_ value: Double) throws { try? stream.real(value) }
    mutating func real32(_ value: Float) throws { try? stream.real32(value) }
    @inline(__always)
    mutating func bool(_ value: Bool) throws { try? stream.bool(value) }
    mutating func date(_ value: Date) throws { try? stream.date(value) }
    mutating func data(_ value: Data) throws { try? stream.data(value) }

    mutating func tree(_ value: PropertyListValue) throws {
        do {
            try value.write(to: &stream, maximumDepth: .max)
        } catch {
            throw AutoCodingError(error)
        }
    }

    mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        try beginPlainObject(start)
        return true
    }

    mutating func endObject() throws { try? stream.endDictionary() }
}
