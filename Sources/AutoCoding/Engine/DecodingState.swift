import PropertyList

/// Per-archive state while decoding.
final class DecodingState {
    /// Registered names, read once per archive.
    let registry: AutoCodingRegistry.Snapshot

    init(registry: AutoCodingRegistry.Snapshot) {
        self.registry = registry
    }
}
