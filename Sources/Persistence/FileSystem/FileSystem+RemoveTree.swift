import Foundation

extension FileSystem {
    /// Removes a file, or a directory with everything in it, as `rm -r` does: symbolic links are
    /// removed, never followed. Stops descending `depthLimit` directories down (what is deeper is
    /// left, and so are the directories holding it).
    ///
    /// - Parameters:
    ///   - path: The file or directory.
    ///   - depthLimit: How many directory levels to descend at most.
    /// - Throws: The first ``SystemCallError`` met; what could be removed before it is gone.
    package func removeTree(_ path: String, depthLimit: Int = 64) throws(SystemCallError) {
        do {
            try remove(path)
            return
        } catch where error.code == EISDIR || error.code == EPERM {
            // A directory (Linux says EISDIR, Darwin EPERM): empty it, then remove it.
        }
        guard depthLimit > 0 else {
            throw SystemCallError(.removeDirectory, path: path, code: ENOTEMPTY)
        }
        for name in try contentsOfDirectory(path) {
            try removeTree(AtomicFileWriter.join(path, name), depthLimit: depthLimit - 1)
        }
        try removeDirectory(path)
    }
}
