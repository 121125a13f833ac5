import Archivist

/// A stop on a trail, chained to the next: a class whose `Codable` comes from AutoCoding, as an app
/// writes it (no coding method, default `MainActor` isolation).
public final class TrailStop: AutoCodable, Codable {
    public var name = ""
    public var next: TrailStop?
    public required init() {}

    /// A trail of `count` stops named by number.
    public static func trail(_ count: Int) -> TrailStop {
        let first = TrailStop()
        var last = first
        for number in 1 ..< count {
            let stop = TrailStop()
            stop.name = "\(number)"
            last.next = stop
            last = stop
        }
        return first
    }

    /// The number of stops from this one on.
    public var length: Int {
        var count = 0
        var current: TrailStop? = self
        while let stop = current {
            count += 1
            current = stop.next
        }
        return count
    }
}
