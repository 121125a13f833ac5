/// What a coder's typed read of an object's property through the `Codable` bridge did
/// (``FieldCoding/decodeBridgeProperty(_:_:into:at:)``).
///
/// The typed read is the call synthesized `Codable` makes for a property of the type
/// (`decode(String.self, forKey:)`, …), so the decoder's own path for the type runs rather than the
/// general read's layers. ``CodableBridgeReader/fields(of:_:_:into:_:)`` reads the property the
/// general way whenever the coder has no typed read or its typed read throws (a missing key, `nil`
/// where the type is not optional, a mismatch), so values, kept defaults and errors stay the
/// general read's. Inside a property, an object's properties fall back one by one and a value
/// naming a subclass is read the general way where it stands, so a property is read again whole
/// only when a value inside it fails the general read too: the values read before it are then
/// dropped with the error (their `autoCodingDidDecode` hooks have run, as in a general read that fails).
package enum BridgePropertyRead {
    /// The value was read and stored in the field.
    case stored
    /// The decoder holds no value under the key: nothing was stored, and the property keeps its
    /// value, as in the general read.
    case absent
    /// The coder has no typed read: the property is read the general way.
    case untyped

    /// What a typed read throws where its coder has none (never thrown when coders are asked
    /// only if they have one).
    static func noTypedRead(_ type: Any.Type) -> AutoCodingError {
        AutoCodingError(.unsupportedType, "\(type) has no typed read through the Codable bridge")
    }
}
