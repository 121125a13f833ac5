import Archivist
import Foundation

/// A user as a web API sends it: JSON written elsewhere, which leaves out what it has no
/// value for. Optionals default to something other than `nil`, so a left-out key (the default
/// stays) and a `null` (the value becomes `nil`) read differently.
public struct APIUser: AutoCodable, Codable, Equatable {
    public var id = 0
    public var name = "guest"
    public var nickname: String? = "pal"
    public var age: Int? = 18
    public var homepage: URL? = URL(string: "https://example.com")
    public var address: APIUserAddress? = APIUserAddress()
    public var tags: [String]? = ["new"]
    public init() {}
}

/// Part of ``APIUser``.
public struct APIUserAddress: AutoCodable, Codable, Equatable {
    public var city = "nowhere"
    public var zip: String? = "00000"
    public init() {}
}
