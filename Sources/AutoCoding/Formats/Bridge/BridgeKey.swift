/// The coding key of the `Codable` bridge: any string (a property's archive key, a dictionary key),
/// or a position in an error's path.
///
/// Small enough for an existential's inline buffer (a `String` and a tag): encoders and decoders
/// box keys as `any CodingKey` for nested containers and for values they wrap (dates, data), and a
/// key of more than three words would be allocated on the heap each time.
struct BridgeKey: CodingKey, Hashable {
    private enum Spelling: Hashable {
        case text(String)
        case position(Int)
    }

    private let spelling: Spelling

    init(_ text: String) { spelling = .text(text) }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) { spelling = .position(intValue) }

    var stringValue: String {
        switch spelling {
        case .text(let text): return text
        case .position(let position): return String(position)
        }
    }

    var intValue: Int? {
        if case .position(let position) = spelling { return position }
        return nil
    }
}
