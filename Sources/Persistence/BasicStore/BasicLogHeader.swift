/// What the first 16 bytes of a log say.
enum BasicLogHeader: Equatable {
    /// Magic and version 1: a log this code reads.
    case valid
    /// Fewer than 16 bytes, all matching the header's start (or none): a log never written to.
    case empty
    /// The magic matches but the version is not one this code reads.
    case unsupportedVersion(UInt32)
    /// The magic does not match: a damaged header, or not a log at all (decided by whether intact
    /// records follow).
    case unrecognized

    /// Classifies the start of `bytes`.
    ///
    /// - Parameter bytes: The file.
    /// - Returns: What its header is.
    static func classify(_ bytes: UnsafeRawBufferPointer) -> BasicLogHeader {
        let expected = BasicLogFormat.header
        if bytes.count < expected.count {
            return bytes.elementsEqual(expected.prefix(bytes.count)) ? .empty : .unrecognized
        }
        guard bytes.prefix(BasicLogFormat.magic.count).elementsEqual(BasicLogFormat.magic) else { return .unrecognized }
        var reader = BasicByteReader(bytes, offset: BasicLogFormat.magic.count)
        let version = (try? reader.readFixed32()) ?? 0
        return version == BasicLogFormat.version ? .valid : .unsupportedVersion(version)
    }
}
