import AutoCoding

/// The demo's class for keyed archives: travellers who name each other as companions, so the
/// graph has shared references and a cycle.
final class DemoTraveller: AutoCodable {
    var name = ""
    var companion: DemoTraveller?
    /// A struct: written inline wherever it occurs, with no identity.
    var home = DemoStop()

    required init() {}

    init(name: String, home: DemoStop) {
        self.name = name
        self.home = home
    }
}
