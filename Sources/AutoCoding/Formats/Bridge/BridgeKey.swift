/// The coding key of the `Codable` bridge: any string (a property's archive key, a dictionary key).
struct BridgeKey: CodingKey, Hashable {
    let stringValue: String
    let intValue: Int?

    init(_ text: String) {
        stringValue = text
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
