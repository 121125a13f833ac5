import AutoCoding
import Foundation

/// The value-type counterpart of ``SavableObject``: a struct that saves itself to its file.
///
/// ```swift
/// struct Profile: SavableValue {
///     var name = ""
///     var visits = 0
///     var archiveURL: URL { Self.archiveURL(forFilename: "profile.plist") }
/// }
/// try profile.save()
/// let copy = try Profile.load(from: profile.archiveURL)
/// ```
///
/// ``archiveURL`` should be a computed property (a stored one would be archived too, unless
/// listed in `autoCodingTransientProperties`).
public protocol SavableValue: AutoCodable {
    /// The file ``save()`` writes.
    var archiveURL: URL { get }

    /// Called before the value is archived by a save; throwing cancels the save.
    ///
    /// - Throws: Any error; the save fails with ``PersistenceError/Kind/hookFailed``.
    func willSave() throws

    /// Called after a load restored every property.
    ///
    /// - Throws: Any error; the load fails with ``PersistenceError/Kind/hookFailed``.
    mutating func didLoad() throws
}

extension SavableValue {
    /// Does nothing.
    public func willSave() throws {}
    /// Does nothing.
    public mutating func didLoad() throws {}

    /// The file of `filename` in the default directory (as ``SavableObject/init(filename:)`` uses).
    ///
    /// - Parameter filename: Any string; it is escaped like a store key.
    /// - Returns: The file's URL.
    public static func archiveURL(forFilename filename: String) -> URL {
        SavableFiles.url(forFilename: filename)
    }

    /// Archives the value and writes it to ``archiveURL`` durably.
    ///
    /// - Returns: The file and its size.
    /// - Throws: ``PersistenceError`` (the file's previous contents are intact after any failure).
    @discardableResult
    public func save() throws(PersistenceError) -> StoredFile {
        try SavableFiles.current.write(try archivedData(), to: archiveURL)
    }

    /// Archives the value now and writes it in the background.
    ///
    /// - Parameters:
    ///   - queue: Where `completion` runs.
    ///   - completion: Receives `.success(StoredFile)` or `.failure(PersistenceError)`.
    public func saveInBackground(queue: DispatchQueue = .global(),
                                 completion: @escaping BackgroundWriteCompletion = { _ in }) {
        SavableFiles.current.writeInBackground(archiving: archivedData, to: archiveURL, queue: queue, completion: completion)
    }

    /// Loads a value saved at `url`.
    ///
    /// - Parameter url: The file.
    /// - Returns: The value.
    /// - Throws: ``PersistenceError``: ``PersistenceError/Kind/notFound``, ``PersistenceError/Kind/corrupt``
    ///   (the file is not an archive, or fails its seal's checksum), ``PersistenceError/Kind/typeMismatch``
    ///   or ``PersistenceError/Kind/hookFailed``.
    public static func load(from url: URL) throws(PersistenceError) -> Self {
        var value = try SavableFiles.current.load(Self.self, from: url)
        try SavableFiles.runHook("didLoad", of: "\(Self.self)", url: url) { try value.didLoad() }
        return value
    }

    /// Removes ``archiveURL`` durably (after earlier background saves of it).
    ///
    /// - Returns: `false` when there was no file.
    /// - Throws: ``PersistenceError`` when the file cannot be removed.
    @discardableResult
    public func delete() throws(PersistenceError) -> Bool {
        try SavableFiles.current.remove(archiveURL)
    }

    private func archivedData() throws(PersistenceError) -> Data {
        let url = archiveURL
        try SavableFiles.runHook("willSave", of: "\(Self.self)", url: url) { try willSave() }
        return try SavableFiles.archive(self, url: url)
    }
}
