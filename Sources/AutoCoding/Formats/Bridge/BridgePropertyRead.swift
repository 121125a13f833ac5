/// What a coder's typed read of an object's property through the `Codable` bridge did
/// (``FieldCoding/decodeBridgeProperty(_:_:into:at:)``).
///
/// The typed read is the call synthesized `Codable` makes for a property of the type
/// (`decode(String.self, forKey:)`, …), so the decoder's own path for the type runs rather than the
/// general read's layers. ``CodableBridgeReader/fields(of:_:_:into:_:)`` reads the property the
/// general way whenever the coder has no typed read or its typed read throws (a missing key, `nil`
/// where the type is not optional, a mismatch), so values, kept defaults and errors stay the
/// general read's. Inside a property, an object's properties fall back one by one and a value
/// naming a subclass is read the general way where it stands. What the general read of a value
/// inside refuses is final (``Failure``): it is passed out, located as the general read locates
/// it, and nothing around it is read again — each level re-reading what failed below it would
/// double the work at every level of nesting.
package enum BridgePropertyRead {
    /// The value was read and stored in the field.
    case stored
    /// The decoder holds no value under the key: nothing was stored, and the property keeps its
    /// value, as in the general read.
    case absent
    /// The coder has no typed read: the property is read the general way.
    case untyped

    /// An error the general read gave for a value inside a typed read, with its path from the
    /// value being read: the typed reads around it add their steps (``located(_:)``) and pass it
    /// on instead of reading again; ``CodableBridgeReader/fields(of:_:_:into:_:)``, where typed
    /// reads start, hands the error on as the general read would have thrown it.
    struct Failure: Error {
        let error: any Error

        init(_ error: any Error) { self.error = error }

        /// This failure seen from one level further out, `locate` adding that level's step to the
        /// error's path as the general read does there (errors of other kinds have no path).
        func located(_ locate: (AutoCodingError) -> AutoCodingError) -> Failure {
            guard let error = error as? AutoCodingError else { return self }
            return Failure(locate(error))
        }
    }

    /// What a typed read throws where its coder has none (never thrown when coders are asked
    /// only if they have one).
    static func noTypedRead(_ type: Any.Type) -> AutoCodingError {
        AutoCodingError(.unsupportedType, "\(type) has no typed read through the Codable bridge")
    }
}
