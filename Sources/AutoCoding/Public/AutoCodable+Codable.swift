import Foundation
import PropertyList

/// `Codable` for free: a type that declares `AutoCodable, Codable` and writes no coding method
/// encodes and decodes through any `Encoder` and `Decoder` (`JSONEncoder`, `PropertyListEncoder`,
/// networking layers…) with AutoCoding's rules.
///
/// ```swift
/// struct Settings: AutoCodable, Codable {
///     var volume = 5
///     var theme = "light"
/// }
/// let json = try JSONEncoder().encode(Settings())            // {"volume":5,"theme":"light"}
/// let back = try JSONDecoder().decode(Settings.self, from: Data(#"{"volume":7}"#.utf8))
/// // back.volume == 7, back.theme == "light": a missing key keeps init()'s default
/// ```
///
/// Each value is one keyed container holding the properties ``AutoArchiver/properties(of:)``
/// lists, under their archive keys: renames (``AutoCodable/autoCodingKeys``) and transient
/// properties apply, a key missing from the input keeps the value `init()` gives it (synthesized
/// `Codable` throws `keyNotFound`), keys no property claims go to
/// ``AutoCodable/autoCodingDidFindUnknownKeys(_:)``, and `nil` is written as the encoder's `nil`
/// (JSON `null`) and read back as `nil`. Strings and dictionary keys go through as they are, even
/// when spelled like the archives' reserved words (`"$null"`, `"$type"`), as with synthesized
/// `Codable`. A type with an ``AutoCodable/autoCodingVersion`` writes
/// `$version`, and input of another version goes through ``AutoCodable/autoCodingMigrate(from:tree:)``
/// (a type without one does not look for `$version`, as synthesized `Codable` has no versions).
/// Dates, data, URLs, UUIDs and `Codable`-only property types are handed to the encoder and decoder
/// as they are, so their strategies (`dateEncodingStrategy`, …) apply as to synthesized code.
///
/// What `Codable` cannot say as an archive does: nested optionals collapse to one `nil` (as in
/// synthesized `Codable`), and the root records no type. Values nest at most 512 levels through
/// the bridge (the depth `JSONDecoder` reads): the encoder's and decoder's work at each level stays
/// on the caller's stack, so deeper values are refused with
/// ``AutoCodingError/Kind/depthLimitExceeded``, as is a binary property list that contains itself
/// (which `PropertyListDecoder` would otherwise follow forever). Errors are
/// `EncodingError.invalidValue` and `DecodingError.dataCorrupted` whose `underlyingError` is the
/// ``AutoCodingError`` naming the property path (`Order.lines[3].qty`).
///
/// Structs and classes (subclasses included: a subclass decodes as itself) get `encode(to:)` and
/// `init(from:)` from this extension. A class that can be subclassed and writes its own
/// `init(from:)` declares it as Swift requires of class initializers that protocols demand:
///
/// ```swift
/// class Document: AutoCodable, Codable {
///     var title = ""
///     var opened = 0
///     required init() {}
///     required convenience init(from decoder: any Decoder) throws {
///         self.init()
///         try autoDecode(from: decoder)
///         opened += 1
///     }
/// }
/// ```
extension AutoCodable where Self: Encodable {
    /// Encodes every archived property into `encoder`, as ``autoEncode(to:)`` does.
    public func encode(to encoder: any Encoder) throws {
        try autoEncode(to: encoder)
    }

    /// Writes every archived property of this value into `encoder`'s keyed container.
    ///
    /// Call it from a hand-written `encode(to:)`, then add or replace keys in
    /// `encoder.container(keyedBy:)`:
    ///
    /// ```swift
    /// func encode(to encoder: any Encoder) throws {
    ///     try autoEncode(to: encoder)
    ///     var container = encoder.container(keyedBy: ExtraKeys.self)
    ///     try container.encode(total, forKey: .total)
    /// }
    /// ```
    ///
    /// - Parameter encoder: Any encoder.
    /// - Throws: `EncodingError.invalidValue` whose underlying error is the ``AutoCodingError``
    ///   with the path of the property that could not be encoded (`depthLimitExceeded` for values
    ///   nested more than 512 levels).
    public func autoEncode(to encoder: any Encoder) throws {
        do {
            let coder = try AutoCodingEngine.shared.objectCoder(for: Swift.type(of: self as Any))
            let context = BridgeContexts.encoding()
            var writer = CodableBridgeWriter(encoder)
            try coder.encodeObject(self, record: nil, to: &writer, context)
        } catch let error as AutoCodingError {
            let rooted = error.rooted(at: "\(Swift.type(of: self as Any))")
            throw EncodingError.invalidValue(self, EncodingError.Context(
                codingPath: encoder.codingPath + CodableBridgePath.keys(rooted.path),
                debugDescription: rooted.description, underlyingError: rooted))
        }
    }
}

extension AutoCodable where Self: Decodable {
    /// A default instance (`init()`) with the properties `decoder` holds read into it, as
    /// `autoDecode(from:)` does.
    public init(from decoder: any Decoder) throws {
        self.init()
        try autoDecode(from: decoder)
    }

    /// Reads the archived properties `decoder` holds into this value; properties whose keys are
    /// missing keep their current values. Hooks run as after unarchiving.
    ///
    /// Call it from a hand-written `init(from:)` after `self.init()`, then read extra keys.
    ///
    /// - Parameter decoder: Any decoder.
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the ``AutoCodingError``
    ///   with the property path and what was expected and found (`depthLimitExceeded` past 512
    ///   levels).
    public mutating func autoDecode(from decoder: any Decoder) throws {
        try autoDecode(from: decoder, typedReads: true)
    }

    /// ``autoDecode(from:)``, with the decoders' typed calls or (`typedReads` false) every property
    /// read the general way: what tests compare the typed reads with.
    package mutating func autoDecode(from decoder: any Decoder, typedReads: Bool) throws {
        do {
            guard let coder = try AutoCodingEngine.shared.coder(for: Self.self) as? AutoCodableCoder<Self> else {
                throw AutoCodingError(.unsupportedType, "\(Self.self) has no AutoCoding plan")
            }
            var reader = CodableBridgeReader(decoder, typedReads: typedReads)
            try coder.decode(reader.root, into: &self, from: &reader, BridgeContexts.decoding())
        } catch let error as AutoCodingError {
            throw CodableBridgePath.decodingError(error, typeName: "\(Self.self)", decoder)
        }
    }
}

extension AutoCodable where Self: Decodable & AnyObject {
    /// Reads the archived properties `decoder` holds into this instance (of its dynamic class);
    /// properties whose keys are missing keep their current values. Hooks run as after unarchiving.
    ///
    /// Call it from a hand-written `init(from:)` after `self.init()`; in a class that can be
    /// subclassed, `required convenience init(from decoder: any Decoder) throws { self.init(); try autoDecode(from: decoder) }`.
    ///
    /// - Parameter decoder: Any decoder.
    /// - Throws: `DecodingError.dataCorrupted` whose underlying error is the ``AutoCodingError``
    ///   with the property path and what was expected and found (`depthLimitExceeded` past 512
    ///   levels).
    public func autoDecode(from decoder: any Decoder) throws {
        let dynamicType: AnyClass = Swift.type(of: self)
        do {
            let coder = try AutoCodingEngine.shared.objectCoder(for: dynamicType)
            var reader = CodableBridgeReader(decoder)
            try coder.decodeObject(reader.root, into: self, from: &reader, BridgeContexts.decoding())
        } catch let error as AutoCodingError {
            throw CodableBridgePath.decodingError(error, typeName: "\(dynamicType)", decoder)
        }
    }
}
