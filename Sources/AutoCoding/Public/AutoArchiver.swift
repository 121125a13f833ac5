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
/// customization). The first use of a type builds its coding plan, which later calls reuse.
public enum AutoArchiver {
    /// Archives `value` as a property list.
    ///
    /// - Parameters:
    ///   - value: The value to archive.
    ///   - format: `.binary` (compact, exact) or `.xml` (readable; dates keep whole seconds).
    /// - Returns: The encoded property list.
    /// - Throws: ``AutoCodingError`` with the path of the value that could not be archived
    ///   (unsupported type, cycle, unregistered subclass, `nil` in a collection, a string XML cannot
    ///   hold).
    public static func archive<T: AutoCodable>(_ value: T, format: PropertyListFormat) throws -> Data {
        if format == .binary {
            // Straight from the fields into bytes: no intermediate tree.
            do {
                let coder = try AutoCodingEngine.shared.coder(for: T.self)
                let state = EncodingState(registry: AutoCodingRegistry.snapshot(), viaMirror: false)
                // The narrowest object references that can number every object: retry wider when
                // the archive outgrows them (see BinaryArchiveWriter).
                let hint = ArchiveSizeHints.shared.hint(for: T.self, format: .binary)
                // Always from the narrowest width, so the bytes never depend on earlier archives.
                for width in [1, 2, 4] {
                    do {
                        var writer = BinaryArchiveWriter(referenceWidth: width, hint: hint)
                        let root = try coder.write(value, to: &writer, state)
                        let objects = writer.objectCount
                        let data = writer.finish(root: root)
                        ArchiveSizeHints.shared.record(.init(bytes: data.count, objects: objects), for: T.self, format: .binary)
                        return data
                    } catch is BinaryArchiveWriter.WidthExceeded {
                        state.activeObjects.removeAll()
                    }
                }
                throw AutoCodingError(.unrepresentable, "binary archives written directly are limited to 2^32 - 1 objects")
            } catch let error as AutoCodingError {
                throw error.rooted(at: "\(T.self)")
            }
        }
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let state = EncodingState(registry: AutoCodingRegistry.snapshot(), viaMirror: false)
            var writer = XMLArchiveWriter(hint: ArchiveSizeHints.shared.hint(for: T.self, format: .xml))
            try coder.writeXML(value, to: &writer, state)
            let data = writer.finish()
            ArchiveSizeHints.shared.record(.init(bytes: data.count, objects: 0), for: T.self, format: .xml)
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
    /// - Throws: ``AutoCodingError`` with the path and what was expected and found.
    public static func unarchive<T: AutoCodable>(_ type: T.Type, from data: Data,
                                                 options: PropertyListReadingOptions = .default) throws -> T {
        if PropertyListFormat.detect(data) == .binary {
            // Straight from the bytes into the fields: no intermediate tree.
            do {
                let coder = try AutoCodingEngine.shared.coder(for: T.self)
                let state = DecodingState(registry: AutoCodingRegistry.snapshot())
                return try BinaryPropertyListScanner.withScanner(over: data) { scanner in
                    var reader = BinaryArchiveReader(scanner: scanner, options: options)
                    return try coder.read(scanner.topObject, from: &reader, state)
                }
            } catch let error as AutoCodingError {
                throw error.rooted(at: "\(T.self)")
            } catch {
                throw AutoCodingError(.corruptArchive, "the archive is not a readable property list: \(error)", typeName: "\(T.self)")
            }
        }
        let tree: PropertyListValue
        do {
            tree = try PropertyListValue(from: data, options: options)
        } catch let error as PropertyListError {
            throw AutoCodingError(.corruptArchive, "the archive is not a readable property list: \(error)", typeName: "\(T.self)")
        }
        return try decode(type, from: tree)
    }

    /// The property-list tree ``archive(_:format:)`` would encode, for layers that embed archives in
    /// larger documents.
    ///
    /// - Parameter value: The value to archive.
    /// - Returns: Its archived dictionary (or the value itself for non-dictionary encodings).
    /// - Throws: ``AutoCodingError`` with the path of the value that could not be archived.
    public static func encodeTree<T: AutoCodable>(_ value: T) throws -> PropertyListValue {
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let state = EncodingState(registry: AutoCodingRegistry.snapshot(), viaMirror: false)
            return try coder.encode(value, state)
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
            let state = DecodingState(registry: AutoCodingRegistry.snapshot())
            return try coder.decode(tree, state)
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
            guard let coder = try AutoCodingEngine.shared.coder(for: T.self) as? AutoCodableCoder<T> else { return [] }
            return coder.plan.fields.map { ($0.name, $0.key, $0.coder.valueType) }
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// The tree produced by reading every property through `Mirror` instead of the plan's offsets:
    /// the reference semantics the fast path is tested against.
    package static func referenceTree<T: AutoCodable>(_ value: T) throws -> PropertyListValue {
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let state = EncodingState(registry: AutoCodingRegistry.snapshot(), viaMirror: true)
            return try coder.encode(value, state)
        } catch let error as AutoCodingError {
            throw error.rooted(at: "\(T.self)")
        }
    }

    /// Whether the plan of `type` uses verified offsets (`nil`) or why not.
    package static func layoutProblem<T: AutoCodable>(of type: T.Type) throws -> String? {
        guard let coder = try AutoCodingEngine.shared.coder(for: T.self) as? AutoCodableCoder<T> else { return "no plan" }
        return coder.plan.layoutProblem
    }
}
