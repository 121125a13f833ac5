/// An error's description, carried where a `Sendable` error is needed.
struct SendableErrorDescription: Error, Sendable, CustomStringConvertible {
    let description: String

    init(_ error: any Error) {
        description = String(describing: error)
    }
}
