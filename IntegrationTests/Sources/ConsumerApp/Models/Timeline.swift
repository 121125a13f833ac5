import Archivist
import Foundation

/// Dates at the edges of what `Date` holds, and one with a fraction of a second.
public struct Timeline: AutoCodable, Equatable {
    public var start = Date.distantPast
    public var end = Date.distantFuture
    public var moment = Date(timeIntervalSinceReferenceDate: 0)
    public init() {}
}
