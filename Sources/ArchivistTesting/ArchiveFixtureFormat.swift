import Archivist

/// A format fixtures are recorded in: each becomes one file per fixture version.
public enum ArchiveFixtureFormat: String, Sendable, Hashable, CaseIterable, Codable {
    /// A binary property list, `<Type>-v<N>.binary.plist`.
    case binary
    /// An XML property list, `<Type>-v<N>.xml.plist`.
    case xml

    /// The property-list format written.
    var propertyListFormat: PropertyListFormat {
        switch self {
        case .binary: return .binary
        case .xml: return .xml
        }
    }

    /// The file name ending, e.g. `.binary.plist`.
    var fileSuffix: String { ".\(rawValue).plist" }
}
