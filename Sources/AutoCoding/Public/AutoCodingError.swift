import PropertyList

/// An error archiving or unarchiving a value: what went wrong, and where in the value.
///
/// The ``description`` reads as a sentence that starts with the path, for example
/// `Order.lines[3].qty: expected integer, found string`.
public struct AutoCodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category of an ``AutoCodingError``.
    ///
    /// A resilient set of static members rather than an enum, so new kinds break no `switch`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// A stable identifier, e.g. `"typeMismatch"`.
        public let rawValue: String

        /// Creates a kind from its identifier.
        public init(rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        /// A property's type cannot be archived (reported when the type's plan is built).
        public static let unsupportedType = Kind(rawValue: "unsupportedType")
        /// The archive holds a different kind of value than the property needs.
        public static let typeMismatch = Kind(rawValue: "typeMismatch")
        /// An archived integer does not fit the property's integer type.
        public static let integerOutOfRange = Kind(rawValue: "integerOutOfRange")
        /// An archived value has the right kind but cannot be converted (an unknown enum raw
        /// value, a malformed URL, UUID or decimal string).
        public static let invalidValue = Kind(rawValue: "invalidValue")
        /// An object refers back to itself through the path being archived.
        public static let cycle = Kind(rawValue: "cycle")
        /// A value's dynamic type differs from the property's type and is not registered.
        public static let unregisteredType = Kind(rawValue: "unregisteredType")
        /// An archive names a type (under `$type`) that is not registered, or one that does not
        /// fit the property.
        public static let unknownTypeName = Kind(rawValue: "unknownTypeName")
        /// A type name or a type is already registered differently.
        public static let registrationConflict = Kind(rawValue: "registrationConflict")
        /// The runtime's field layout disagrees with `Mirror`, so fields cannot be restored.
        public static let unverifiedLayout = Kind(rawValue: "unverifiedLayout")
        /// The type's customization is inconsistent (a reserved or duplicate archive key).
        public static let invalidConfiguration = Kind(rawValue: "invalidConfiguration")
        /// A value that property lists cannot hold, such as `nil` inside a collection.
        public static let unrepresentable = Kind(rawValue: "unrepresentable")
        /// A `Codable` type asked for a value the archive does not have.
        public static let missingValue = Kind(rawValue: "missingValue")
        /// The bytes are not a readable property list (the underlying error is in `reason`).
        public static let corruptArchive = Kind(rawValue: "corruptArchive")
        /// A customization hook (migration, post-decode) threw.
        public static let hookFailed = Kind(rawValue: "hookFailed")
        /// Values nest deeper than the depth limit (writing), or an archive does (reading).
        public static let depthLimitExceeded = Kind(rawValue: "depthLimitExceeded")
        /// References to shared values expand to more values than the limit for the archive's
        /// size (`PropertyList/PropertyListReadingOptions/expandedValueLimit(forInputOfSize:)`).
        public static let expansionLimitExceeded = Kind(rawValue: "expansionLimitExceeded")
        /// The output would pass the limit set for it, or memory for it could not be allocated.
        public static let outputLimitExceeded = Kind(rawValue: "outputLimitExceeded")
    }

    /// The category, for programs to act on.
    public var kind: Kind
    /// The name of the type at the root of the path, e.g. `Order`.
    public var typeName: String
    /// The steps from the root value to the value involved, e.g. `[.property("lines"), .index(3)]`.
    public var path: [PathComponent] {
        get { steps.components }
        set { steps = ErrorPath(newValue) }
    }
    /// ``path`` as errors build it: they gain a step at each level as they travel out, in O(1).
    private var steps: ErrorPath
    /// Whether ``path`` is empty (in O(1)).
    package var hasNoPath: Bool { steps.count == 0 }
    /// What the property needed, e.g. `integer`, when the error is a mismatch.
    public var expected: String?
    /// What the archive held, e.g. `string`, when the error is a mismatch.
    public var found: String?
    /// What is wrong, for people (without the path).
    public var reason: String
    /// Where in a keyed archive the problem is: the `$objects` index of the innermost object being
    /// read, and the key inside it, when known.
    package var objectIndex: Int?
    package var objectKey: String?
    /// The kind a format reports this error as in its own error type (a keyed archive's
    /// `uidOutOfRange`), when it has one the engine's kinds do not distinguish.
    package var formatKind: String?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The category.
    ///   - reason: What is wrong, without the path.
    ///   - typeName: The root type's name; empty when not known yet.
    ///   - path: The steps from the root value.
    ///   - expected: What was needed, for mismatches.
    ///   - found: What was present, for mismatches.
    public init(_ kind: Kind, _ reason: String, typeName: String = "", path: [PathComponent] = [],
                expected: String? = nil, found: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.typeName = typeName
        self.steps = ErrorPath(path)
        self.expected = expected
        self.found = found
    }

    /// The path as text, e.g. `Order.lines[3].qty`.
    ///
    /// Paths longer than 64 steps (deeply nested values) show their first and last 32 steps around
    /// a count of the ones left out; ``path`` has them all.
    public var pathDescription: String {
        var text = typeName
        let components = steps.components
        if components.count > 64 {
            for component in components[..<32] { text += component.description }
            text += " … (\(components.count - 64) more steps) … "
            for component in components[(components.count - 32)...] { text += component.description }
        } else {
            for component in components { text += component.description }
        }
        if text.hasPrefix(".") { text.removeFirst() }
        return text
    }

    public var description: String {
        let place = pathDescription
        return place.isEmpty ? reason : "\(place): \(reason)"
    }

    /// One step of an ``AutoCodingError/path``.
    public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
        /// A stored property, by its declared name.
        case property(String)
        /// An element of an array or set, by position.
        case index(Int)
        /// A value of a dictionary, by its key.
        case key(String)

        public var description: String {
            switch self {
            case .property(let name): return ".\(name)"
            case .index(let position): return "[\(position)]"
            case .key(let key): return "[\"\(key)\"]"
            }
        }
    }
}

extension AutoCodingError {
    /// A mismatch between what a property needs and what the archive holds.
    static func mismatch(expected: String, found: PropertyListValue) -> AutoCodingError {
        let foundName = found.autoCodingKindName
        return AutoCodingError(.typeMismatch, "expected \(expected), found \(foundName)",
                               expected: expected, found: foundName)
    }

    /// This error seen from one level further out: `component` is prepended to the path.
    ///
    /// Errors already rooted at a type (plan-building errors, which name the innermost type that
    /// failed) keep their path.
    func within(_ component: PathComponent) -> AutoCodingError {
        guard typeName.isEmpty else { return self }
        var copy = self
        copy.steps.prepend(component)
        return copy
    }

    /// The error for work that needed a fresh stack when no thread could be started.
    static func threadUnavailable(_ failure: StackGuard.ThreadUnavailable) -> any Error {
        AutoCodingError(.depthLimitExceeded,
                        "values nest too deep to continue: no thread with a fresh stack could be started (error \(failure.code))")
    }

    /// This error located at `$objects` index `index` of a keyed archive, unless an inner object
    /// already located it; the key is the first step of the path inside that object.
    package func located(atObject index: Int) -> AutoCodingError {
        guard objectIndex == nil else { return self }
        var copy = self
        copy.objectIndex = index
        switch steps.outermost {
        case .property(let name)?, .key(let name)?: copy.objectKey = name
        default: break
        }
        return copy
    }

    /// This error with the root type's name set, unless an inner level already set it.
    package func rooted(at typeName: String) -> AutoCodingError {
        guard self.typeName.isEmpty else { return self }
        var copy = self
        copy.typeName = typeName
        return copy
    }
}

extension AutoCodingError {
    /// A property-list writer's or reader's error, in the engine's terms.
    package init(_ error: PropertyListError) {
        let kind: Kind
        switch error.kind {
        case .unrepresentable: kind = .unrepresentable
        case .depthLimitExceeded: kind = .depthLimitExceeded
        case .expansionLimitExceeded: kind = .expansionLimitExceeded
        case .outputLimitExceeded: kind = .outputLimitExceeded
        default: kind = .corruptArchive
        }
        let place = error.location.description
        self.init(kind, kind == .corruptArchive ? "the archive is damaged: \(error)" : (place.isEmpty ? error.reason : "\(error)"))
    }
}
