import AutoCoding
import Foundation
import PropertyList

/// Writes Swift values as `NSKeyedArchiver` archives: object graphs with shared references and
/// cycles, readable by Foundation's `NSKeyedUnarchiver` on every platform.
///
/// ```swift
/// let data = try KeyedArchiver().archive(company)           // an AutoCodable class graph
/// let plain = try KeyedArchiver().archive(["a": [1, 2]])    // an NSDictionary for Foundation
/// ```
///
/// What is written:
/// - each instance of an `AutoCodable` class once, however many properties refer to it (identity
///   is `ObjectIdentifier`); every further reference, including one back up the graph (a cycle),
///   is its UID. Structs are written at each occurrence, with no identity.
/// - an `AutoCodable` object is a dictionary with `$class` and one key per archived property
///   (the property name, or its `AutoCodable/autoCodingKeys` key). `Int`, `Double`, `Float`,
///   `Bool` and other integers are stored inline as `encode(_:forKey:)` stores them; everything
///   else is a UID; a `nil` optional is UID 0 (`$null`). Its `$classname` comes from ``classNames``.
/// - plain values as Foundation writes them: `String` as `NSString`, numbers and `Bool` as
///   `NSNumber`, `[T]` as `NSArray` (`NS.objects`), `Set` as `NSSet`, `[String: T]` as
///   `NSDictionary` (`NS.keys`, `NS.objects`), `Date` as `NSDate` (`NS.time`), `Data` as `NSData`,
///   `URL` as `NSURL` (`NS.base`, `NS.relative`), `UUID` as `NSUUID` (`NS.uuidbytes`),
///   `RawRepresentable` enums as their raw values. Equal strings are written once.
///
/// A type's `AutoCodable/autoCodingVersion`, when not 0, is written as the object's `$version`;
/// ``KeyedUnarchiver`` migrates an object of another version through the type's hook.
/// `Codable`-only types, `Decimal` and dictionaries with non-`String` keys round-trip as they do
/// through `AutoArchiver`.
public struct KeyedArchiver: Sendable {
    /// The `$classname` of each `AutoCodable` type.
    public var classNames: KeyedClassNames
    /// The property-list format of the archive (binary by default, as Foundation writes it).
    public var outputFormat: PropertyListFormat

    /// Creates an archiver.
    ///
    /// - Parameters:
    ///   - classNames: The class names to write (default: every type's default name).
    ///   - outputFormat: `.binary` (default) or `.xml`.
    public init(classNames: KeyedClassNames = KeyedClassNames(), outputFormat: PropertyListFormat = .binary) {
        self.classNames = classNames
        self.outputFormat = outputFormat
    }

    /// Archives `root` and everything reachable from it.
    ///
    /// - Parameter root: An `AutoCodable` value or class graph, or a plain value (string, number,
    ///   array, dictionary, set, date, data, URL, UUID, or optionals and nestings of these).
    /// - Returns: The archive.
    /// - Throws: ``KeyedArchiveError`` with kind ``KeyedArchiveError/Kind/unsupportedType`` when a
    ///   type cannot be archived (the message names the property).
    public func archive<T>(_ root: T) throws -> Data {
        var writer = try write(root)
        guard outputFormat == .binary else { return try writer.propertyList().encoded(as: outputFormat) }
        return try writer.binaryArchive()
    }

    /// The archive of `root` as a property-list value (the `$archiver`, `$version`, `$top`,
    /// `$objects` dictionary), before it is encoded.
    ///
    /// - Parameter root: As for ``archive(_:)``.
    /// - Returns: The archive's top-level dictionary.
    /// - Throws: As ``archive(_:)``.
    public func archivedPropertyList<T>(_ root: T) throws -> PropertyListValue {
        try write(root).propertyList()
    }

    /// `root` written through the engine's coders into the keyed format's objects.
    private func write<T>(_ root: T) throws -> KeyedArchiveWriter {
        let names = classNames
        var writer = KeyedArchiveWriter(className: { names.name(for: $0) }, rootType: T.self)
        do {
            let coder = try AutoCodingEngine.shared.coder(for: T.self)
            let context = EncodingContext(engine: .shared, registry: AutoCodingRegistry.snapshot())
            try coder.encode(root, to: &writer, context)
            try writer.checkRecordLimits()
            writer.rememberSizes()
        } catch let error as AutoCodingError {
            throw KeyedArchiveError(archiving: error.rooted(at: "\(T.self)"))
        } catch let failure as KeyedArchiveWriterFailure {
            throw KeyedArchiveError(KeyedArchiveError.Kind(rawValue: failure.kind) ?? .unsupportedType, failure.message)
        }
        return writer
    }
}
