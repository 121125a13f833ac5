import Foundation
import PropertyList

/// The tree format for coders: events build a ``PropertyListValue`` (``AutoArchiver/encodeTree(_:)``,
/// sets sorted by their archived form, values inside `Codable` types).
struct TreeArchiveWriter: ArchiveWriter {
    static var sharesObjects: Bool { false }

    /// An open container and what has been written into it.
    private struct Frame {
        let isDictionary: Bool
        var elements: [PropertyListValue] = []
        var dictionary = PropertyListDictionary()
        var pendingKey = ""
    }

    private var stack: [Frame] = []
    private var result: PropertyListValue?

    init() {}

    /// The finished tree.
    ///
    /// - Throws: ``AutoCodingError/Kind/unrepresentable`` when nothing was written.
    func finish() throws -> PropertyListValue {
        guard let result, stack.isEmpty else {
            throw AutoCodingError(.unrepresentable, "no complete value was written")
        }
        return result
    }

    private mutating func add(_ value: PropertyListValue) {
        guard let top = stack.indices.last else {
            result = value
            return
        }
        if stack[top].isDictionary {
            stack[top].dictionary.updateValue(value, forKey: stack[top].pendingKey)
        } else {
            stack[top].elements.append(value)
        }
    }

    mutating func beginArray(count: Int) throws {
        var frame = Frame(isDictionary: false)
        frame.elements.reserveCapacity(count)
        stack.append(frame)
    }

    mutating func endArray() throws {
        guard let frame = stack.popLast() else { return }
        add(.array(frame.elements))
    }

    mutating func beginDictionary(count: Int) throws {
        stack.append(Frame(isDictionary: true, dictionary: PropertyListDictionary(minimumCapacity: count)))
    }

    mutating func endDictionary() throws {
        guard let frame = stack.popLast() else { return }
        add(.dictionary(frame.dictionary))
    }

    mutating func key(_ key: String) throws {
        if let top = stack.indices.last { stack[top].pendingKey = key }
    }

    mutating func key(_ key: ArchiveKey) throws { try self.key(key.text) }

    mutating func string(_ value: String) throws { add(.string(value)) }
    mutating func integer(_ value: Int64) throws { add(.integer(PropertyListInteger(value))) }
    mutating func unsigned(_ value: UInt64) throws { add(.integer(PropertyListInteger(value))) }
    mutating func real(_ value: Double) throws { add(.real(value)) }
    mutating func real32(_ value: Float) throws { add(.real32(value)) }
    mutating func bool(_ value: Bool) throws { add(.bool(value)) }
    mutating func date(_ value: Date) throws { add(.date(value)) }
    mutating func data(_ value: Data) throws { add(.data(value)) }
    mutating func tree(_ value: PropertyListValue) throws { add(value) }

    mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        try beginPlainObject(start)
        return true
    }

    mutating func endObject() throws { try endDictionary() }
}
