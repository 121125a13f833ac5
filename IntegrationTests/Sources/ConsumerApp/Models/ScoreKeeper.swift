import Archivist

/// An actor that (mistakenly) declares itself `AutoCodable`: its state is isolated to it, so it can
/// never be archived synchronously; the library must refuse it, not crash.
public actor ScoreKeeper: AutoCodable {
    public var score = 0
    public init() {}
}
