import Foundation

/// The wall clock the cache reads for expiry and the disk index's times, replaceable in tests.
@usableFromInline
package struct CacheClock: Sendable {
    /// Seconds since 1970.
    @usableFromInline package let now: @Sendable () -> Double

    /// Creates a clock.
    ///
    /// - Parameter now: Returns the current time in seconds since 1970.
    package init(now: @escaping @Sendable () -> Double) { self.now = now }

    /// The system's wall clock.
    package static let system = CacheClock { Date().timeIntervalSince1970 }
}
