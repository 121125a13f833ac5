import Foundation
import PropertyList

/// The binary format for coders: events go straight into the package's one `bplist00` writer,
/// so an archive written from values has the bytes its tree would have.
package struct BinaryArchiveWriter: ArchiveWriter, ~Copyable {
    package static var sharesObjects: Bool { false }

    /// The writer. Its event methods never throw in practice (an allocation that fails or a
    /// document past the format's limits is recorded and reported by ``finish()``), hence the
    /// `try?` below: nothing is lost, the failure surfaces once, at the end.
    private var stream: BinaryPropertyListStreamWriter

    /// Starts a document.
    ///
    /// - Parameter capacity: The expected size in bytes, to allocate once.
    package init(capacity: Int = 4096) {
        // About one distinct scalar and one distinct string per 64 bytes of archive (the corpus
        // has one per ~60): the interning tables are sized once instead of rehashing as they grow.
        stream = BinaryPropertyListStreamWriter(capacity: capacity, expectedScalars: capacity / 64,
                                                expectedStrings: capacity / 64)
    }

    /// Finishes the document.
    consuming func finish() throws -> Data {
        do {
            return try stream.finish()
        } catch {
            throw AutoCodingError(error)
        }
    }

    package mutating func beginArray(count: Int) throws { try? stream.beginArray(count: count) }
    package mutating func endArray() throws { try? stream.endArray() }
    package mutating func beginDictionary(count: Int) throws { try? stream.beginDictionary(count: count) }
    package mutating func endDictionary() throws { try? stream.endDictionary() }

    @inline(__always)
    package mutating func key(_ key: String) throws { try? stream.key(key) }

    /// Prepared keys live as long as the plans and constants holding them, so their bytes keep
    /// their address: the stream writer may remember them by it.
    @inline(__always)
    package mutating func key(_ key: ArchiveKey) throws {
        stream.key(stableUTF8: key.utf8, hash: key.hash)
    }

    @inline(__always)
    package mutating func string(_ value: String) throws { try? stream.string(value) }

    /// `$null` prepared, as keys are: every `nil` costs a cache lookup.
    package mutating func nullMarker() throws {
        let marker = NilMarker.preparedNull
        stream.string(stableUTF8: marker.utf8, hash: marker.hash)
    }
    @inline(__always)
    package mutating func integer(_ value: Int64) throws { stream.integer(value) }
    @inline(__always)
    package mutating func unsigned(_ value: UInt64) throws { stream.unsigned(value) }
    @inline(__always)
    package mutating func real(_ value: Double) throws { try? stream.real(value) }
    package mutating func real32(_ value: Float) throws { try? stream.real32(value) }
    @inline(__always)
    package mutating func bool(_ value: Bool) throws { try? stream.bool(value) }
    package mutating func date(_ value: Date) throws { try? stream.date(value) }
    package mutating func data(_ value: Data) throws { try? stream.data(value) }

    package mutating func tree(_ value: PropertyListValue) throws {
        do {
            try value.write(to: &stream, maximumDepth: .max)
        } catch {
            throw AutoCodingError(error)
        }
    }

    package mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        try beginPlainObject(start)
        return true
    }

    package mutating func endObject() throws { try? stream.endDictionary() }

    @inline(__always)
    package mutating func field(_ coder: any FieldCoding, in memory: InstanceMemory, at offset: Int,
                        _ context: EncodingContext) throws {
        try coder.encodeBinaryField(in: memory, at: offset, to: &self, context)
    }
}
