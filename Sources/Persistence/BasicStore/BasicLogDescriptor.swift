/// The open log file, closed when the last holder lets go: the store replaces it on compaction
/// while a thread outside the store's lock may still be flushing it (group commit), and a
/// descriptor closed under a flush could be reused by an unrelated file.
final class BasicLogDescriptor: Sendable {
    /// The descriptor.
    let file: FileDescriptor
    /// The file system that opened it.
    let fileSystem: any FileSystem

    /// Takes ownership of `file`.
    ///
    /// - Parameters:
    ///   - file: An open descriptor of the log.
    ///   - fileSystem: The file system that opened it, which closes it.
    init(_ file: FileDescriptor, fileSystem: any FileSystem) {
        self.file = file
        self.fileSystem = fileSystem
    }

    deinit {
        try? fileSystem.close(file)
    }

    /// Flushes the file's data to the device (`fsync`).
    ///
    /// - Throws: ``SystemCallError`` from `fsync`.
    func sync() throws(SystemCallError) {
        try fileSystem.sync(file)
    }
}
