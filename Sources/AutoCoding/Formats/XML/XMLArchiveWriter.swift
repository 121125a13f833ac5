import Foundation
import PropertyList

/// The XML format for coders: events go straight into the package's one XML property-list
/// writer, so an archive written from values has the bytes its tree would have.
struct XMLArchiveWriter: ArchiveWriter, ~Copyable {
    static var sharesObjects: Bool { false }

    private var stream: XMLPropertyListStreamWriter

    /// Starts a document.
    ///
    /// - Parameter capacity: The expected size in bytes, to allocate once.
    init(capacity: Int = 4096) {
        stream = XMLPropertyListStreamWriter(capacity: capacity)
    }

    /// Finishes the document.
    consuming func finish() throws -> Data {
        do {
            return try stream.finish()
        } catch {
            throw AutoCodingError(error)
        }
    }

    /// Runs one event, turning the writer's errors into the engine's.
    @inline(__always)
    private mutating func event(_ body: (inout XMLPropertyListStreamWriter) throws(PropertyListError) -> Void) throws {
        do {
            try body(&stream)
        } catch {
            throw AutoCodingError(error)
        }
    }

    mutating func beginArray(count: Int) throws { try event { (stream) throws(PropertyListError) in try stream.beginArray(count: count) } }
    mutating func endArray() throws { try event { (stream) throws(PropertyListError) in try stream.endArray() } }
    mutating func beginDictionary(count: Int) throws {
        try event { (stream) throws(PropertyListError) in try stream.beginDictionary(count: count) }
    }
    mutating func endDictionary() throws { try event { (stream) throws(PropertyListError) in try stream.endDictionary() } }
    mutating func key(_ key: String) throws { try event { (stream) throws(PropertyListError) in try stream.key(key) } }
    mutating func key(_ key: ArchiveKey) throws {
        guard key.isPlainXMLText else {
            return try event { (stream) throws(PropertyListError) in try stream.key(key.text) }
        }
        stream.key(plainUTF8: key.utf8)
    }
    mutating func string(_ value: String) throws { try event { (stream) throws(PropertyListError) in try stream.string(value) } }
    mutating func integer(_ value: Int64) throws { stream.integer(value) }
    mutating func unsigned(_ value: UInt64) throws { stream.unsigned(value) }
    mutating func real(_ value: Double) throws { try event { (stream) throws(PropertyListError) in try stream.real(value) } }
    mutating func real32(_ value: Float) throws { try event { (stream) throws(PropertyListError) in try stream.real32(value) } }
    mutating func bool(_ value: Bool) throws { try event { (stream) throws(PropertyListError) in try stream.bool(value) } }
    mutating func date(_ value: Date) throws { try event { (stream) throws(PropertyListError) in try stream.date(value) } }
    mutating func data(_ value: Data) throws { try event { (stream) throws(PropertyListError) in try stream.data(value) } }

    mutating func tree(_ value: PropertyListValue) throws {
        try event { (stream) throws(PropertyListError) in try value.write(to: &stream, maximumDepth: .max) }
    }

    mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        try beginPlainObject(start)
        return true
    }

    mutating func endObject() throws { try endDictionary() }
}
