import Foundation
import PropertyList

/// Archives `AutoCodable` values as property lists and restores them, with no per-property code.
///
/// ```swift
/// let data = try AutoArchiver.archive(order, format: .binary)
/// let copy = try AutoArchiver.unarchive(Order.self, from: data)
/// ```
///
/// Each `AutoCodable` value becomes a dictionary keyed by property name (see ``AutoCodable`` for
/// customization); the root records its type, so an archive of one type is never read as another.
/// The first use of a type builds its coding plan, which later calls reuse. Values may nest as
/// deep as `PropertyListReadingOptions/defaultMaximumDepth` on any thread: deep work moves to a
/// thread with a fresh stack.
public enum AutoArchiver {
    /// Archives `value` as a property list.
    ///
    /// - Parameters:
    ///   - value: The value to archive.
    ///   - format: `.binary` (compact) or `.xml` (readable). Both keep every value exactly.
    /// - Returns: The encoded property list.
    /// - Throws: ``AutoCodingError`` with the path of the value that could not be archived
    ///   (unsupported type, cycle, unregistered subclass, a string XML cannot hold, nesting deeper
    ///   than the depth limit).
    public static func archive<T: AutoCodable>(_ value: T, format: PropertyListFormat) throws -> Data {
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let context = EncodingContext(engine: .shared, registry: AutoCodingRegistry.snapshot())
            let capacity = ArchiveSizeHints.shared.capacity(for: T.self, format: format)
            let data: Data
            if format == .binary {
                var writer = BinaryArchiveWriter(capacity: capacity)
                try coder.encode(value, to: &writer, context)
                data = try writer.finish()
            } else {
                var writer = XMLArchiveWriter(capacity: capacity)
                try coder.encode(value, to: &writer, context)
                data = try writer.finish()
            }
            ArchiveSizeHints.shared.record(data.count, for: T.self, format: format)
            return data
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// Restores a value from a binary or XML property list.
    ///
    /// Properties missing from the archive keep the values `init()` gives them; keys no property
    /// claims are passed to ``AutoCodable/autoCodingDidFindUnknownKeys(_:)``.
    /// - Parameters:
    ///   - type: The type to restore.
    ///   - data: A property list written by ``archive(_:format:)`` (either format is recognized).
    ///   - options: Limits on the property-list reader.
    /// - Returns: The restored value.
    /// - Throws: ``AutoCodingError`` with the path and what was expected and found;
    ///   ``AutoCodingError/Kind/typeMismatch`` naming both types when the archive holds another type.
    public static func unarchive<T: AutoCodable>(_ type: T.Type, from data: Data,
                                                 options: PropertyListReadingOptions = .default) throws -> T {
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let context = DecodingContext(engine: .shared, types: AutoCodingRegistry.snapshot(),
                                          maximumDepth: options.maximumDepth)
            let format = PropertyListFormat.detect(data)
            if format == .binary {
                return try data.withUnsafeBytes { bytes in
                    let scanner: BinaryPropertyListScanner
                    do {
                        scanner = try BinaryPropertyListScanner(bytes: bytes)
                    } catch {
                        throw AutoCodingError(.corruptArchive, "the archive is not a readable property list: \(error)")
                    }
                    var reader = try BinaryArchiveReader(scanner: scanner, options: options)
                    return try coder.decode(reader.root, from: &reader, context)
                }
            }
            if format == .xml {
                return try data.withUnsafeBytes { bytes in
                    let index: XMLPropertyListIndex
                    do {
                        index = try XMLPropertyListIndex(bytes: bytes, options: options)
                    } catch {
                        throw AutoCodingError(.corruptArchive, "the archive is not a readable property list: \(error)")
                    }
                    var reader = XMLArchiveReader(index: index)
                    return try coder.decode(reader.root, from: &reader, context)
                }
            }
            let tree: PropertyListValue
            do {
                tree = try PropertyListValue(from: data, options: options)
            } catch {
                throw AutoCodingError(.corruptArchive, "the archive is not a readable property list: \(error)")
            }
            var reader = TreeArchiveReader(root: tree)
            let value = try coder.decode(reader.root, from: &reader, context)
            reader = TreeArchiveReader(root: .bool(false))
            PropertyListValue.release(consume tree)
            return value
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// The property-list tree ``archive(_:format:)`` would encode, for layers that embed archives in
    /// larger documents.
    ///
    /// - Parameter value: The value to archive.
    /// - Returns: Its archived dictionary; `PropertyListValue/encoded(as:)` of it gives exactly the
    ///   bytes of ``archive(_:format:)``.
    /// - Throws: ``AutoCodingError`` with the path of the value that could not be archived.
    public static func encodeTree<T: AutoCodable>(_ value: T) throws -> PropertyListValue {
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let context = EncodingContext(engine: .shared, registry: AutoCodingRegistry.snapshot())
            var writer = TreeArchiveWriter()
            try coder.encode(value, to: &writer, context)
            return try writer.finish()
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// Restores a value from a property-list tree (the inverse of ``encodeTree(_:)``).
    ///
    /// - Parameters:
    ///   - type: The type to restore.
    ///   - tree: An archived dictionary.
    /// - Returns: The restored value.
    /// - Throws: ``AutoCodingError`` with the path and what was expected and found.
    public static func decode<T: AutoCodable>(_ type: T.Type, from tree: PropertyListValue) throws -> T {
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let context = DecodingContext(engine: .shared, types: AutoCodingRegistry.snapshot(),
                                          maximumDepth: PropertyListReadingOptions.defaultMaximumDepth)
            var reader = TreeArchiveReader(root: tree)
            return try coder.decode(reader.root, from: &reader, context)
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// The archived properties of `type`: declared name, archive key and type, in archive order.
    ///
    /// Building the list builds (and checks) the type's plan, so calling it at launch surfaces
    /// unsupported property types early.
    /// - Parameter type: An `AutoCodable` type.
    /// - Returns: One entry per archived property.
    /// - Throws: ``AutoCodingError/Kind/unsupportedType`` naming the first property that cannot be archived.
    public static func properties<T: AutoCodable>(of type: T.Type) throws -> [(name: String, key: String, type: Any.Type)] {
        do {
            let coder = try AutoCodingEngine.shared.objectCoder(for: T.self)
            return coder.plan.fields.map { ($0.name, $0.key.text, $0.coder.valueType) }
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// The tree produced by reading every property through `Mirror` instead of the plan's offsets:
    /// the reference semantics the fast path is tested against.
    package static func referenceTree<T: AutoCodable>(_ value: T) throws -> PropertyListValue {
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let context = EncodingContext(engine: .shared, registry: AutoCodingRegistry.snapshot(), viaMirror: true)
            var writer = TreeArchiveWriter()
            try coder.encode(value, to: &writer, context)
            return try writer.finish()
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// Whether the plan of `type` uses verified offsets (`nil`) or why not.
    package static func layoutProblem<T: AutoCodable>(of type: T.Type) throws -> String? {
        try AutoCodingEngine.shared.objectCoder(for: T.self).plan.layoutProblem
    }
}
