import AutoCoding
import Foundation
import PropertyList

/// The three forms an archive takes: binary and XML bytes, and the `PropertyListValue` tree.
enum ArchiveForm: String, CaseIterable, Sendable {
    case binary, xml, tree

    /// `value` archived in this form and restored.
    func roundTrip<T: AutoCodable>(_ value: T) throws -> T {
        switch self {
        case .binary: return try AutoArchiver.unarchive(T.self, from: AutoArchiver.archive(value, format: .binary))
        case .xml: return try AutoArchiver.unarchive(T.self, from: AutoArchiver.archive(value, format: .xml))
        case .tree: return try AutoArchiver.decode(T.self, from: AutoArchiver.encodeTree(value))
        }
    }

    /// `value` archived in this form and read back as `U`.
    func archive<T: AutoCodable, U: AutoCodable>(_ value: T, readAs type: U.Type) throws -> U {
        switch self {
        case .binary: return try AutoArchiver.unarchive(U.self, from: AutoArchiver.archive(value, format: .binary))
        case .xml: return try AutoArchiver.unarchive(U.self, from: AutoArchiver.archive(value, format: .xml))
        case .tree: return try AutoArchiver.decode(U.self, from: AutoArchiver.encodeTree(value))
        }
    }

    /// `tree` in this form, read as `T`.
    func decode<T: AutoCodable>(_ type: T.Type, from tree: PropertyListValue) throws -> T {
        switch self {
        case .binary: return try AutoArchiver.unarchive(T.self, from: tree.encoded(as: .binary))
        case .xml: return try AutoArchiver.unarchive(T.self, from: tree.encoded(as: .xml))
        case .tree: return try AutoArchiver.decode(T.self, from: tree)
        }
    }
}
