import AutoCoding
import Foundation
import PropertyList

/// Reads `NSKeyedArchiver` archives — ours or Foundation's — into Swift values, or into a
/// ``KeyedArchiveGraph`` when there is no Swift type for them.
///
/// ```swift
/// let company = try KeyedUnarchiver(allowing: [Person.self, Order.self])
///     .unarchive(Company.self, from: data)
/// ```
///
/// **Security.** Like `NSSecureCoding`, only the types listed in ``allowedTypes`` (and the root
/// type asked for) are ever instantiated: an object whose `$classname` names any other class is
/// refused with ``KeyedArchiveError/Kind/disallowedClass`` before anything is created, and so is
/// an allowed type found where the declared property type cannot hold it. Foundation's value
/// classes (`NSString`, `NSNumber`, `NSArray`…) become Swift values and run no code. Limits in
/// ``options`` bound the nesting depth and the number of objects.
///
/// **Graphs and hooks.** Every UID that names one object yields one instance (`===`). Each class
/// instance is created with `init()` when first referred to and remembered before it is filled, so
/// cycles (parent ↔ child, rings, self-references) are restored. An object inside an object is one
/// level deeper: chains of up to ``KeyedUnarchivingOptions/maximumDepth`` objects are read on any
/// thread; deeper ones are a `depthLimitExceeded` error. No `AutoCodable` hook of a class runs while the graph is being read:
/// `autoCodingDidFindUnknownKeys(_:)` and `autoCodingDidDecode()` of every class instance run after
/// the whole graph is filled, an object's hooks after those of the objects it refers to (in a
/// cycle, the object reached first runs last), so a hook sees every object it can reach fully
/// restored. Structs are values copied into their owner, so their hooks run as soon as the struct
/// is read; a struct's hook may therefore see class instances whose properties are not yet
/// restored. Unknown keys are passed to `autoCodingDidFindUnknownKeys(_:)` as archived (references
/// as UIDs).
///
/// **Failure.** When unarchiving throws, the instances already made may refer to each other in
/// cycles that nothing owns. Before the error reaches you, the unarchiver gives every archived
/// property of each such instance the value a fresh `init()` of its class gives it (one more
/// `init()` per class), which frees them; their hooks do not run. So a failed unarchive leaks
/// nothing, whatever the archive.
public struct KeyedUnarchiver: @unchecked Sendable {
    // @unchecked: the only non-Sendable member is a list of metatypes, which are immutable.
    /// The `AutoCodable` types that may be instantiated, besides the root type.
    public var allowedTypes: [any AutoCodable.Type]
    /// The class names each type is read from.
    public var classNames: KeyedClassNames
    /// Depth and size limits.
    public var options: KeyedUnarchivingOptions

    /// Creates an unarchiver.
    ///
    /// - Parameters:
    ///   - allowedTypes: The `AutoCodable` types that may be instantiated besides the root type.
    ///   - classNames: The names each type is read from (default: its default names).
    ///   - options: Depth and size limits.
    public init(allowing allowedTypes: [any AutoCodable.Type] = [], classNames: KeyedClassNames = KeyedClassNames(),
                options: KeyedUnarchivingOptions = .default) {
        self.allowedTypes = allowedTypes
        self.classNames = classNames
        self.options = options
    }

    /// Reads the root object of `data` as a `T`.
    ///
    /// - Parameters:
    ///   - type: The root's type: an `AutoCodable` type or a plain value type (see ``KeyedArchiver``).
    ///   - data: A binary or XML keyed archive.
    /// - Returns: The root value, with its graph restored.
    /// - Throws: ``KeyedArchiveError`` saying what is wrong and at which object index
    ///   (``KeyedArchiveError/Kind/classNameConflict`` when two allowed types share a name).
    public func unarchive<T>(_ type: T.Type, from data: Data) throws -> T {
        guard PropertyListFormat.detect(data) == .binary else {
            return try unarchive(type, document: KeyedArchiveDocument(data: data, options: options))
        }
        return try data.withUnsafeBytes { bytes in
            let scanner: BinaryPropertyListScanner
            do {
                // The checks the tree reader makes, so the same documents are accepted.
                scanner = try BinaryPropertyListScanner(bytes: bytes)
                var validator = BinaryPropertyListValidator(scanner: scanner, options: options.propertyList)
                try validator.validate()
            } catch let error as PropertyListError {
                throw KeyedArchiveDocument.notAPropertyList(error)
            }
            return try unarchive(type, scanner: scanner)
        }
    }

    /// Reads the root object of an archive already read as a property list.
    ///
    /// - Parameters:
    ///   - type: The root's type.
    ///   - propertyList: The archive's top-level dictionary.
    /// - Returns: The root value.
    /// - Throws: ``KeyedArchiveError``.
    public func unarchive<T>(_ type: T.Type, fromPropertyList propertyList: PropertyListValue) throws -> T {
        try unarchive(type, document: KeyedArchiveDocument(plist: propertyList, options: options))
    }

    /// Reads a checked tree document, through its binary form.
    private func unarchive<T>(_ type: T.Type, document: KeyedArchiveDocument) throws -> T {
        let data = try document.binaryDocument()
        return try data.withUnsafeBytes { bytes in
            let scanner: BinaryPropertyListScanner
            do {
                scanner = try BinaryPropertyListScanner(bytes: bytes)
            } catch let error as PropertyListError {
                throw KeyedArchiveDocument.notAPropertyList(error)
            }
            return try unarchive(type, scanner: scanner)
        }
    }

    /// Reads a validated binary document.
    private func unarchive<T>(_ type: T.Type, scanner: BinaryPropertyListScanner) throws -> T {
        var reader: KeyedArchiveReader
        do {
            reader = try KeyedArchiveReader(scanner: scanner, options: options.propertyList,
                                            maximumObjectCount: options.maximumObjectCount)
        } catch {
            throw KeyedArchiveError(error)
        }
        // Names first: a disallowed archive is refused before the root type's coder is built
        // (building it makes a prototype instance, running the type's `init()`).
        var names = Set(classNames.readableNames(forAny: T.self))
        for allowedType in allowedTypes { names.formUnion(classNames.readableNames(for: allowedType)) }
        try Self.checkClassNames(of: &reader, against: names)
        let coder: any ValueCoding<T>
        do {
            coder = try AutoCodingEngine.shared.coder(for: T.self)
        } catch let error as AutoCodingError {
            throw KeyedArchiveError(unarchiving: error.rooted(at: "\(T.self)"))
        }
        var types = allowedTypes
        // The root's conformance as its plan captured it (a dynamic cast would fail off the main
        // actor for a conformance isolated to it).
        if let root = (coder as? any ObjectCoding)?.plan.conformance { types.insert(root, at: 0) }
        let allowed = try KeyedAllowedTypes(types, classNames: classNames)
        do {
            // A failed read leaves instances referring to each other; reset, they are freed.
            var succeeded = false
            defer { if !succeeded { reader.releaseInstances(.shared) } }
            let context = DecodingContext(engine: .shared, types: allowed, maximumDepth: options.maximumDepth)
            let root = try coder.decode(reader.root, from: &reader, context)
            for (index, hook) in reader.hooks {
                do {
                    try hook()
                } catch let error as AutoCodingError {
                    throw index.map { error.located(atObject: $0) } ?? error
                }
            }
            succeeded = true
            return root
        } catch let error as AutoCodingError {
            throw KeyedArchiveError(unarchiving: error.rooted(at: "\(T.self)"))
        } catch let disallowed as KeyedAllowedTypes.Disallowed {
            throw KeyedArchiveError(.disallowedClass,
                                    "$classname \"\(disallowed.name)\" is not among the types allowed to be unarchived")
        }
    }

    /// Refuses the archive when any object's `$classname` is neither a Foundation value class nor
    /// an allowed type — before anything is created, so no disallowed archive runs any `init()`.
    private static func checkClassNames(of reader: inout KeyedArchiveReader, against allowed: Set<String>) throws {
        do {
            // Visited once per class description, not per object: archives hold many objects of few classes.
            try reader.forEachClass { index, description in
                guard description.foundation == nil, !allowed.contains(description.name) else { return }
                throw KeyedArchiveError(.disallowedClass,
                                        "$classname \"\(description.name)\" is not among the types allowed to be unarchived",
                                        objectIndex: index)
            }
        } catch let failure as KeyedArchiveReader.FormatFailure {
            throw KeyedArchiveError(failure)
        } catch let error as AutoCodingError {
            throw KeyedArchiveError(.malformedObject, error.reason)
        }
    }

    /// Reads any keyed archive without instantiating anything.
    ///
    /// - Parameters:
    ///   - data: A binary or XML keyed archive.
    ///   - options: Depth and size limits.
    /// - Returns: The root value and every custom object by index.
    /// - Throws: ``KeyedArchiveError``.
    public static func graph(from data: Data, options: KeyedUnarchivingOptions = .default) throws -> KeyedArchiveGraph {
        try KeyedGraphReader.graph(of: KeyedArchiveDocument(data: data, options: options), data: data)
    }

    /// Reads a keyed archive already read as a property list, without instantiating anything.
    ///
    /// - Parameters:
    ///   - propertyList: The archive's top-level dictionary.
    ///   - options: Depth and size limits.
    /// - Returns: The root value and every custom object by index.
    /// - Throws: ``KeyedArchiveError``.
    public static func graph(fromPropertyList propertyList: PropertyListValue,
                             options: KeyedUnarchivingOptions = .default) throws -> KeyedArchiveGraph {
        try KeyedGraphReader.graph(of: KeyedArchiveDocument(plist: propertyList, options: options), data: nil)
    }

    /// Whether a property list looks like a keyed archive (`$archiver` is `NSKeyedArchiver`).
    ///
    /// - Parameter propertyList: Any property list.
    /// - Returns: `true` when it should be read as a keyed archive.
    public static func isKeyedArchive(_ propertyList: PropertyListValue) -> Bool {
        guard case .dictionary(let top) = propertyList else { return false }
        return top[KeyedArchiveFormat.archiverKey] == .string(KeyedArchiveFormat.archiverName)
    }
}
