import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an exit test's child process may use, so that a case that blows up fails alone instead of
/// taking the test run (or the machine) down with it.
nonisolated enum ChildProcessLimits {
    /// Applies the limits to the calling process; call first thing in an exit test's body.
    ///
    /// - Parameters:
    ///   - seconds: Wall-clock time before `SIGALRM` ends the process.
    ///   - dataBytes: The most heap and private memory it may map (Linux enforces this; a failed
    ///     allocation ends a Swift process).
    static func apply(seconds: UInt32, dataBytes: Int = 1 << 30) {
        // A crash ends the process at once: under `swift test` the Swift runtime's backtracer
        // symbolicates a crashed process's stack, which for a stack overflow's ~14,000 frames took
        // gigabytes.
        signal(SIGSEGV, SIG_DFL)
        signal(SIGBUS, SIG_DFL)
        #if canImport(Glibc)
        var limit = rlimit(rlim_cur: rlim_t(dataBytes), rlim_max: rlim_t(dataBytes))
        setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit)
        #endif
        alarm(seconds) // SIGALRM's default action ends the process
    }

    /// Writes `text` and a newline to standard error, for the parent to show.
    static func report(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
