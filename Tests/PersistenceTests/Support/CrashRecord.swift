import AutoCoding

/// The record the crash child's `archive-store` mode writes (same properties, decoded by name).
struct CrashRecord: AutoCodable, Equatable {
    var key = ""
    var generation = 0
    var filler = ""
    var checksum = 0

    /// Whether the record is one whole write: its filler and checksum match its generation.
    var isConsistent: Bool {
        filler == String(repeating: "\(generation)|", count: generation % 97 + 1)
            && checksum == filler.utf8.count &* 31 &+ generation
    }
}
