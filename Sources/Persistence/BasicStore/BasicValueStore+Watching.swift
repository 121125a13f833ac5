import Dispatch

extension BasicValueStore {
    /// Looks for writes by other processes every `interval` until the calling task is cancelled,
    /// so change streams and ``StoredValue`` observers see them without waiting for this store's
    /// next read, write or ``synchronize()``.
    ///
    /// ```swift
    /// .task { await store.watchForChanges() }   // SwiftUI: while the view is shown
    /// ```
    ///
    /// A look is one load of the change counter that writers in every process increment (it is
    /// mapped from the lock file); only when it moved does the store take the `flock` and read what
    /// was appended. Looks run on a Dispatch queue, so the calling task suspends between and
    /// during them and never holds a thread of the cooperative pool while the store waits for a
    /// lock or the file. Writes through stores of this process need no watching: they are
    /// reported at once.
    ///
    /// - Parameter interval: The time between looks; 250 ms by default.
    public func watchForChanges(every interval: Duration = .milliseconds(250)) async {
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global(qos: .utility).async {
                    self.lock.withLock { self.refreshForReadingLocked() }
                    continuation.resume()
                }
            }
        }
    }
}
