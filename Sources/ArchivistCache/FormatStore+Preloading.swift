import Dispatch
import Foundation

extension FormatStore {
    /// How long preloading waits before looking again while requests are reading the disk.
    private static var yieldSeconds: Double { 0.000_5 }

    /// Opens the disk level in the background and preloads per the format's policy, giving way to
    /// requests: before each entry it waits while any request is reading this format's disk, and
    /// it only fills room left in memory (most recently used entries first), never replacing a
    /// value a request stored.
    func startBackgroundOpening() {
        guard let disk else { return }
        preloading.enter()
        DispatchQueue.global(qos: .utility).async { [self] in
            defer { preloading.leave() }
            disk.open()
            guard format.preloadPolicy != .none else { return }
            for (key, _) in disk.preloadCandidates(format.preloadPolicy) {
                while disk.isServingRequests, !isRetired {
                    Thread.sleep(forTimeInterval: Self.yieldSeconds)
                }
                guard !isRetired, memory.hasRoom else { return }
                if memory.contains(key) { continue }
                if case .noRoom = readFromDisk(key, preloading: true) { return }
            }
        }
    }

    /// Whether the store has been replaced or cleared for good.
    var isRetired: Bool { state.withLock { $0.isRetired } }

    /// Blocks until background opening and preloading are done.
    func waitForPreloading() {
        preloading.wait()
    }
}
