import AutoCoding
import PropertyList

/// Why a keyed archive could not be read or written, and where.
///
/// `objectIndex` is the position in the archive's `$objects` array of the object being read when
/// the problem was found (`nil` for problems of the top-level dictionary or of writing); `key`
/// is the key inside that object, when there is one.
public struct KeyedArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Equatable {
        /// The data is not a readable property list (see ``KeyedArchiveError/propertyListError``).
        case propertyList
        /// The property list is not a dictionary with `$objects`, or `$objects[0]` is not `"$null"`.
        case notAKeyedArchive
        /// `$archiver` is missing or is not `"NSKeyedArchiver"`.
        case unsupportedArchiver
        /// `$version` is missing or is not 100000.
        case unsupportedVersion
        /// `$top` is missing, is not a dictionary, or has no `root` UID.
        case missingTop
        /// A UID refers past the end of `$objects`.
        case uidOutOfRange
        /// A `$class` reference leads back to an object already on its chain.
        case classCycle
        /// A `$class` reference is not a `{"$classname", "$classes"}` description.
        case malformedClass
        /// An object does not have the shape its class or the expected type needs.
        case malformedObject
        /// A value of one kind was found where the declared type needs another.
        case typeMismatch
        /// `$classname` names a type that is not in the set allowed to be instantiated.
        case disallowedClass
        /// Two allowed types are read from the same class name (set or map distinct names).
        case classNameConflict
        /// A collection contains itself: values (arrays, dictionaries, sets) cannot be cyclic.
        case valueCycle
        /// Objects nest deeper than ``KeyedUnarchivingOptions/maximumDepth``.
        case depthLimitExceeded
        /// `$objects` has more entries than ``KeyedUnarchivingOptions/maximumObjectCount``; or,
        /// when archiving, the archive would hold more than `UInt32.max` objects of one kind
        /// (the most the keyed writer's records can number).
        case objectCountLimitExceeded
        /// Collections referred to from many places expand to more values than the limit for the
        /// archive's size (`PropertyListReadingOptions/expandedValueLimit(forInputOfSize:)`).
        case expansionLimitExceeded
        /// A Swift type cannot be archived in a keyed archive (named in the message).
        case unsupportedType
        /// An `autoCodingDidDecode()` hook threw.
        case hookFailed
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence saying what was found.
    public let message: String
    /// The index in `$objects` of the object being read, when known.
    public var objectIndex: Int?
    /// The key inside that object, when known.
    public var key: String?
    /// The reader's error when ``kind`` is ``Kind/propertyList``.
    public var propertyListError: PropertyListError?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: What went wrong.
    ///   - message: What was found.
    ///   - objectIndex: The index in `$objects`, when known.
    ///   - key: The key inside that object, when known.
    public init(_ kind: Kind, _ message: String, objectIndex: Int? = nil, key: String? = nil) {
        self.kind = kind
        self.message = message
        self.objectIndex = objectIndex
        self.key = key
    }

    /// The kind, location and message, e.g. `typeMismatch at object 7, key "age": expected an integer`.
    public var description: String {
        var text = kind.rawValue
        if let objectIndex { text += " at object \(objectIndex)" }
        if let key { text += (objectIndex == nil ? " at" : ",") + " key \"\(key)\"" }
        return text + ": " + message
    }

    /// This error with the location filled in where it is still unknown.
    func located(object: Int?, key: String? = nil) -> KeyedArchiveError {
        var copy = self
        if copy.objectIndex == nil { copy.objectIndex = object }
        if copy.key == nil { copy.key = key }
        return copy
    }
}

extension KeyedArchiveError {
    /// An engine error while archiving, in keyed-archive terms.
    init(archiving error: AutoCodingError) {
        let kind: Kind
        switch error.kind {
        case .cycle, .typeMismatch: kind = .typeMismatch
        case .depthLimitExceeded: kind = .depthLimitExceeded
        default: kind = .unsupportedType
        }
        self.init(kind, error.description)
    }

    /// A keyed-format rule broken in the document, as the typed reader found it.
    init(_ failure: KeyedArchiveReader.FormatFailure) {
        self.init(Kind(rawValue: failure.kind) ?? .malformedObject, failure.message, objectIndex: failure.objectIndex,
                  key: failure.key)
    }

    /// An engine error while unarchiving, in keyed-archive terms.
    init(unarchiving error: AutoCodingError) {
        let kind: Kind
        switch error.kind {
        case .typeMismatch, .integerOutOfRange, .invalidValue, .missingValue: kind = .typeMismatch
        case .depthLimitExceeded: kind = .depthLimitExceeded
        case .hookFailed: kind = .hookFailed
        case .unknownTypeName: kind = .disallowedClass
        case .unsupportedType, .unverifiedLayout, .invalidConfiguration: kind = .unsupportedType
        case .cycle: kind = .valueCycle
        case .expansionLimitExceeded: kind = .expansionLimitExceeded
        default: kind = .malformedObject
        }
        self.init(error.formatKind.flatMap(Kind.init(rawValue:)) ?? kind, error.description,
                  objectIndex: error.objectIndex, key: error.objectKey)
    }
}
