/// A fixture that is a property list but does not decode into the current type: collected, so
/// every version's failure is reported together.
struct FixtureDecodingFailure: Error {
    var error: any Error
}
