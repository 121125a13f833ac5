import PropertyList

/// Per-archive state while encoding.
final class EncodingState {
    /// Registered names, read once per archive.
    let registry: AutoCodingRegistry.Snapshot
    /// Objects on the path from the root to the value being encoded, for cycle detection.
    var activeObjects: [ObjectIdentifier] = []
    /// Whether nested `AutoCodable` values are read through `Mirror` (the reference path).
    let viaMirror: Bool

    init(registry: AutoCodingRegistry.Snapshot, viaMirror: Bool) {
        self.registry = registry
        self.viaMirror = viaMirror
    }
}
