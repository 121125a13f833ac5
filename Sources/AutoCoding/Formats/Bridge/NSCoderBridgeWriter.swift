import Foundation
import PropertyList

/// The `NSCoding` format for coders: the properties of the object whose `encode(with:)` runs become
/// calls on its `NSCoder`, with the keys and shapes ``KeyedArchiveWriter`` gives the same object.
///
/// - Integers, reals and Booleans of the object are stored inline with the typed
///   `encode(_:forKey:)` calls (what `decodeInteger(forKey:)` and friends read); inside an optional
///   they are `NSNumber` objects, as Swift's `coder.encode(optionalNumber, forKey:)` writes them, so
///   `nil` (`$null`, UID 0) and a number are told apart.
/// - Strings, data, dates, URLs and UUIDs are their Foundation objects (`NSString`, `NSData`,
///   `NSDate`, `NSURL`, `NSUUID`); collections are `NSArray`, `NSSet` and `NSDictionary` of such
///   objects, `nil` inside them `NSNull`.
/// - An `NSObject` that adopts `NSCoding` (another bridged class, say) is handed to the coder, which
///   archives it once however often it is referred to and calls its `encode(with:)`.
/// - Other `AutoCodable` values — structs, classes that are not `NSObject`s — are dictionaries of
///   their properties with the reserved `$type` / `$version` entries of the plain formats.
struct NSCoderBridgeWriter: ArchiveWriter {
    static var sharesObjects: Bool { false }

    /// An open container: the coder's own object, or the elements of a collection being filled
    /// (Swift collections, bridged when closed: the objects Foundation makes of the Swift
    /// collections hand-written `encode(with:)` passes, which its archiver compares fastest).
    private enum Container {
        case coder
        case dictionary(NSCoderBridgeElements<[String: Any]>)
        case array(NSCoderBridgeElements<[Any]>)
        case set(NSCoderBridgeElements<[AnyHashable]>)
    }

    private let coder: NSCoder
    /// The instance whose `encode(with:)` runs: its properties go to the coder itself.
    private let owner: AnyObject
    private var containers: [Container] = []
    /// The key of the next entry of each container (`nil` before the first).
    private var keys: [String?] = []
    /// Whether the next scalar is the value of an optional (stored as an `NSNumber` object).
    private var boxesNextScalar = false

    /// The call's context, whose depth the objects handed to the coder start from (their
    /// `encode(with:)` may call the bridge again: ``BridgeNesting``).
    private let context: EncodingContext

    init(_ coder: NSCoder, owner: AnyObject, context: EncodingContext) {
        self.coder = coder
        self.owner = owner
        self.context = context
    }

    // MARK: Placing values

    /// Stores `object` as the next value of the innermost container.
    private mutating func place(_ object: Any?) throws {
        boxesNextScalar = false
        guard let top = containers.last else {
            throw AutoCodingError(.unrepresentable, "an NSCoder holds objects' properties, not a value on its own")
        }
        switch top {
        case .coder:
            let key = try pendingKey()
            BridgeNesting.handingOver(at: context.levelsForHandOver) { coder.encode(object, forKey: key) }
        case .dictionary(let dictionary):
            dictionary.elements[try pendingKey()] = object ?? NSNull()
        case .array(let array):
            array.elements.append(object ?? NSNull())
        case .set(let set):
            guard let element = (object ?? NSNull()) as? AnyHashable else {
                throw AutoCodingError(.unrepresentable, "a set element is not hashable as a Foundation object")
            }
            set.elements.append(element)
        }
    }

    private func pendingKey() throws -> String {
        guard let key = keys.last ?? nil else {
            throw AutoCodingError(.unrepresentable, "a value has no key")
        }
        return key
    }

    /// Whether the next scalar goes inline into the coder (a property that is not optional).
    private var storesInline: Bool {
        guard case .coder? = containers.last else { return false }
        return !boxesNextScalar
    }

    // MARK: Scalars

    mutating func optionalValueFollows() { boxesNextScalar = true }

    mutating func integer(_ value: Int64) throws {
        guard storesInline else { return try place(NSNumber(value: value)) }
        coder.encode(value, forKey: try pendingKey())
    }

    mutating func unsigned(_ value: UInt64) throws {
        if let signed = Int64(exactly: value) { return try integer(signed) }
        // `NSCoder` has no inline spelling past `Int64.max`: an `NSNumber` object holds it.
        try place(NSNumber(value: value))
    }

    mutating func real(_ value: Double) throws {
        guard storesInline else { return try place(NSNumber(value: value)) }
        coder.encode(value, forKey: try pendingKey())
    }

    mutating func real32(_ value: Float) throws {
        guard storesInline else { return try place(NSNumber(value: value)) }
        coder.encode(value, forKey: try pendingKey())
    }

    mutating func bool(_ value: Bool) throws {
        guard storesInline else { return try place(NSNumber(value: value)) }
        coder.encode(value, forKey: try pendingKey())
    }

    mutating func string(_ value: String) throws { try place(value._bridgeToObjectiveC()) }
    mutating func date(_ value: Date) throws { try place(value._bridgeToObjectiveC()) }
    mutating func data(_ value: Data) throws { try place(value._bridgeToObjectiveC()) }
    mutating func url(_ value: URL) throws { try place(value._bridgeToObjectiveC()) }
    mutating func uuid(_ value: UUID) throws { try place(value._bridgeToObjectiveC()) }

    /// `nil`: `$null` (UID 0) in the coder's object, `NSNull` in a collection; deeper levels of
    /// nested optionals as the plain formats' `{"$nil": level}`.
    mutating func nilMarker(level: Int) throws {
        guard level > 0 else { return try place(nil) }
        try place([ReservedKey.nilMarker: NSNumber(value: level)]._bridgeToObjectiveC())
    }

    /// A property-list tree (unknown entries kept by a type, `Codable` values), as Foundation objects.
    mutating func tree(_ value: PropertyListValue) throws {
        // A tree's scalar in the coder's object is an object too: its reader cannot know the kind.
        if case .coder? = containers.last { boxesNextScalar = true }
        try writeTreeEvents(value)
    }

    // MARK: Containers

    private mutating func open(_ container: Container) {
        boxesNextScalar = false
        containers.append(container)
        keys.append(nil)
    }

    /// Closes the innermost container and stores it in the one around it.
    private mutating func close() throws {
        guard let container = containers.popLast() else { return }
        keys.removeLast()
        switch container {
        case .coder: return
        case .dictionary(let dictionary): try place(dictionary.elements._bridgeToObjectiveC())
        case .array(let array): try place(array.elements._bridgeToObjectiveC())
        case .set(let set): try place(NSSet(array: set.elements))
        }
    }

    mutating func beginArray(count: Int) throws {
        let elements = NSCoderBridgeElements<[Any]>([])
        elements.elements.reserveCapacity(count)
        open(.array(elements))
    }

    mutating func endArray() throws { try close() }

    mutating func beginDictionary(count: Int) throws {
        open(.dictionary(NSCoderBridgeElements<[String: Any]>(Dictionary(minimumCapacity: count))))
    }

    mutating func endDictionary() throws { try close() }
    mutating func beginSet(count: Int) throws { open(.set(NSCoderBridgeElements<[AnyHashable]>([]))) }
    mutating func endSet() throws { try close() }

    mutating func key(_ key: String) throws {
        guard !keys.isEmpty else { return }
        keys[keys.count - 1] = key
    }

    mutating func key(_ key: ArchiveKey) throws { try self.key(key.text) }

    // MARK: Objects

    /// The owner opens the coder's object; another `NSObject` adopting `NSCoding` is handed to the
    /// coder (which writes it once and calls its `encode(with:)`); any other value is a dictionary.
    mutating func beginObject(_ start: ObjectStart) throws -> Bool {
        if containers.isEmpty, let object = start.object, object === owner {
            open(.coder)
            if start.plan.version != 0 {
                coder.encode(Int64(start.plan.version), forKey: ReservedKey.version)
            }
            return true
        }
        if let object = start.object, start.plan.isNSObjectSubclass, object is NSCoding {
            try place(object)
            return false
        }
        try beginPlainObject(start)
        return true
    }

    mutating func endObject() throws { try close() }
}
