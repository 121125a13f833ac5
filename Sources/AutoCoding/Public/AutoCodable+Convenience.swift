import Foundation
import PropertyList

extension AutoCodable {
    /// This value archived as a property list (the spelling of `autoEncodeWithCoder:`'s era).
    ///
    /// - Parameter format: `.binary` or `.xml`.
    /// - Returns: The archive; see ``AutoArchiver/archive(_:format:)``.
    /// - Throws: ``AutoCodingError`` with the path of the value that could not be archived.
    public func autoEncoded(as format: PropertyListFormat = .binary) throws -> Data {
        try AutoArchiver.archive(self, format: format)
    }

    /// A value of this type restored from an archive.
    ///
    /// - Parameter data: A binary or XML archive.
    /// - Returns: The value; see ``AutoArchiver/unarchive(_:from:options:)``.
    /// - Throws: ``AutoCodingError`` with the path and what was expected and found.
    public static func autoDecoded(from data: Data) throws -> Self {
        try AutoArchiver.unarchive(Self.self, from: data)
    }
}
