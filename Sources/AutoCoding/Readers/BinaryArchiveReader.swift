import Foundation
import PropertyList

/// Reads a binary archive's objects straight into fields, without building a tree first.
///
/// Wraps the validated zero-copy scanner of the `PropertyList` module and adds what walking a
/// hostile file needs: nesting is limited to ``PropertyListReadingOptions/maximumDepth`` (which
/// also stops a container that contains itself), and every object read counts against
/// ``PropertyListReadingOptions/maximumExpandedValues`` (so a small file whose containers are
/// shared many times over cannot make decoding take unbounded time).
struct BinaryArchiveReader {
    typealias Object = BinaryPropertyListScanner.Object

    let scanner: BinaryPropertyListScanner
    private let maximumDepth: Int
    private let maximumValues: Int
    private var depth = 0
    private var values = 0

    init(scanner: BinaryPropertyListScanner, options: PropertyListReadingOptions) {
        self.scanner = scanner
        maximumDepth = options.maximumDepth
        maximumValues = options.maximumExpandedValues
    }

    /// Object `number`, validated and counted.
    @inline(__always)
    mutating func object(_ number: Int) throws -> Object {
        values += 1
        guard values <= maximumValues else {
            throw AutoCodingError(.corruptArchive, "the archive expands to more than \(maximumValues) values")
        }
        do {
            return try scanner.object(number)
        } catch {
            throw Self.corrupt(error)
        }
    }

    /// The object number in slot `index` of a container (dictionaries: keys, then values).
    @inline(__always)
    func reference(_ container: Object, at index: Int) throws -> Int {
        do {
            return try scanner.reference(container, at: index)
        } catch {
            throw Self.corrupt(error)
        }
    }

    /// Runs `body` one container level deeper.
    @inline(__always)
    mutating func nested<R>(_ body: (inout BinaryArchiveReader) throws -> R) throws -> R {
        depth += 1
        defer { depth -= 1 }
        guard depth <= maximumDepth else {
            throw AutoCodingError(.corruptArchive, "containers nest deeper than \(maximumDepth) levels")
        }
        return try body(&self)
    }

    func string(_ object: Object) throws -> String {
        do {
            return try scanner.string(object)
        } catch {
            throw Self.corrupt(error)
        }
    }

    func integer(_ object: Object) throws -> PropertyListInteger {
        do {
            return try scanner.integer(object)
        } catch {
            throw Self.corrupt(error)
        }
    }

    /// Whether the string `object` spells `key` (whose UTF-8 is `keyBytes`), without allocating
    /// for ASCII keys.
    func stringObject(_ object: Object, equals keyBytes: [UInt8], key: String) throws -> Bool {
        switch object.kind {
        case .asciiString:
            guard object.count == keyBytes.count else { return false }
            let payload = scanner.payload(object)
            return keyBytes.withUnsafeBytes { $0.elementsEqual(payload) }
        case .utf16String:
            return try string(object) == key
        default:
            return false
        }
    }

    /// The tree of object `number`, for coders without a direct reader and for hooks.
    mutating func materialize(_ number: Int) throws -> PropertyListValue {
        let object = try self.object(number)
        switch object.kind {
        case .bool: return .bool(scanner.bool(object))
        case .integer: return .integer(try integer(object))
        case .real: return object.count == 4 ? .real32(scanner.float(object)) : .real(scanner.double(object))
        case .date: return .date(scanner.date(object))
        case .data: return .data(scanner.data(object))
        case .asciiString, .utf16String: return .string(try string(object))
        case .uid: return .uid(scanner.uid(object))
        case .array:
            return try nested { reader in
                var items: [PropertyListValue] = []
                items.reserveCapacity(min(object.count, 1 << 16))
                for index in 0..<object.count {
                    items.append(try reader.materialize(try reader.reference(object, at: index)))
                }
                return .array(items)
            }
        case .dictionary:
            return try nested { reader in
                var entries = PropertyListDictionary()
                for index in 0..<object.count {
                    let keyObject = try reader.object(try reader.reference(object, at: index))
                    guard keyObject.kind == .asciiString || keyObject.kind == .utf16String else {
                        throw AutoCodingError(.corruptArchive, "a dictionary key is not a string")
                    }
                    let key = try reader.string(keyObject)
                    entries[key] = try reader.materialize(try reader.reference(object, at: object.count + index))
                }
                return .dictionary(entries)
            }
        }
    }

    /// A mismatch between what a coder needs and the object found.
    static func mismatch(expected: String, found object: Object) -> AutoCodingError {
        let found = kindName(object.kind)
        return AutoCodingError(.typeMismatch, "expected \(expected), found \(found)", expected: expected, found: found)
    }

    /// The scanner's name for `kind`, except that archive messages have always said "uid".
    static func kindName(_ kind: BinaryPropertyListScanner.Kind) -> String {
        kind == .uid ? "uid" : BinaryPropertyListScanner.name(of: kind)
    }

    static func corrupt(_ error: any Error) -> AutoCodingError {
        if let error = error as? AutoCodingError { return error }
        return AutoCodingError(.corruptArchive, "the archive is damaged: \(error)")
    }
}
