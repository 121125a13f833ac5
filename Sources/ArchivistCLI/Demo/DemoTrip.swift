import AutoCoding
import Foundation

/// The demo's struct, stored in an `ArchiveStore` under a key.
struct DemoTrip: AutoCodable, Equatable {
    var destination = ""
    var days = 0
    var budget = 0.0
    var stops: [DemoStop] = []
    var confirmed = false
}

/// One stop of a ``DemoTrip``.
struct DemoStop: AutoCodable, Equatable {
    var city = ""
    var nights = 0
}
