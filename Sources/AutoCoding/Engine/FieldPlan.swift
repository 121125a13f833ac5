/// One archived stored property of a ``TypePlan``.
///
/// A class so that walking a plan's fields retains one reference per field instead of copying
/// every member.
final class FieldPlan: @unchecked Sendable {
    // @unchecked: immutable after construction; `coder` is Sendable.
    /// The declared name (a property wrapper's or an `@Observable` property's, without the
    /// storage's underscore).
    let name: String
    /// The archive key, prepared for writing and matching.
    var key: ArchiveKey { keyStorage.key }
    private let keyStorage: ArchiveKeyStorage
    /// The byte offset of the value (inside the wrapper for property wrappers).
    let offset: Int
    /// The coder of the value's type.
    let coder: any FieldCoding
    /// Labels leading to the value through `Mirror`: `["name"]`, or `["_name", "wrappedValue"]`.
    let mirrorPath: [String]

    init(name: String, key: String, offset: Int, coder: any FieldCoding, mirrorPath: [String]) {
        self.name = name
        self.keyStorage = ArchiveKeyStorage(key)
        self.offset = offset
        self.coder = coder
        self.mirrorPath = mirrorPath
    }
}
