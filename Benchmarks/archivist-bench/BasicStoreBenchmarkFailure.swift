/// The fixture could not be built.
struct BasicStoreBenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}
