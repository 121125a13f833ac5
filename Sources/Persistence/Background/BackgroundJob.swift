import Foundation

/// One unit of work a ``BackgroundWriter`` lane runs: a file write (coalescable) or a job of the
/// writer's user, such as a cache's disk update.
enum BackgroundJob: Sendable {
    /// Writes or removes the lane's file.
    case write(WriteRequest)
    /// Runs arbitrary work, in order with the lane's other jobs.
    case work(@Sendable () -> Void)
}
