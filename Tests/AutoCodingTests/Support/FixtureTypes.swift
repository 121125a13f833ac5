import AutoCoding
import Foundation
import PropertyList

// The fixture types: archives of these live in Fixtures/AutoCoding/ and must keep decoding in
// every later version. Change them only by adding properties (with defaults).

enum FixtureMood: String, Codable {
    case calm, busy
}

enum FixtureEvent: Codable, Equatable {
    case created(at: Date)
    case renamed(from: String, to: String)
    case archived
}

struct FixtureCoordinate: AutoCodable, Equatable {
    var lat = 0.0
    var lon = 0.0
}

class FixtureItem: AutoCodable {
    var title = ""
    var weight: Float = 0
    required init() {}
}

final class FixtureBook: FixtureItem {
    var pages: UInt16 = 0
    var isbn: String? = nil
    required init() {}
}

protocol FixtureTagged {}

struct FixtureSticker: AutoCodable, FixtureTagged, Equatable {
    var color = "red"
}

struct FixtureCatalog: AutoCodable {
    static var autoCodingVersion: Int { 1 }

    var id: Int64 = 0
    var name = ""
    var tiny: Int8 = 0
    var huge: UInt64 = 0
    var ratio = 0.0
    var flag = false
    var created = Date(timeIntervalSinceReferenceDate: 0)
    var blob = Data()
    var homepage = URL(fileURLWithPath: "/")
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var price = Decimal(0)
    var mood: FixtureMood = .calm
    var location = FixtureCoordinate()
    var missing: String? = nil
    var present: String? = nil
    var tags: Set<String> = []
    var counts: [String: Int] = [:]
    var labels: [Int: String] = [:]
    var matrix: [[Int]] = []
    var history: [FixtureEvent] = []
    var items: [FixtureItem] = []
    var sticker: (any FixtureTagged)? = nil

    static func registerTypes() throws {
        try AutoCodingRegistry.register(FixtureBook.self, as: "fixture.book")
        try AutoCodingRegistry.register(FixtureSticker.self, as: "fixture.sticker")
    }

    /// The value the fixture files hold. Dates are whole seconds so Foundation and plistlib read
    /// the XML fixture's dates too.
    static var sample: FixtureCatalog {
        var catalog = FixtureCatalog()
        catalog.id = -9_000_000_000
        catalog.name = "Bibliothèque — 図書館 📚"
        catalog.tiny = -128
        catalog.huge = .max
        catalog.ratio = 0.1
        catalog.flag = true
        catalog.created = Date(timeIntervalSinceReferenceDate: 700_000_000)
        catalog.blob = Data([0xDE, 0xAD, 0xBE, 0xEF, 0x00])
        catalog.homepage = URL(string: "https://example.org/library?q=1")!
        catalog.uuid = UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")!
        catalog.price = Decimal(string: "1234.5678", locale: Locale(identifier: "en_US_POSIX"))!
        catalog.mood = .busy
        catalog.location = FixtureCoordinate(lat: 59.9139, lon: 10.7522)
        catalog.present = "here"
        catalog.tags = ["b", "a", "c"]
        catalog.counts = ["apples": 3, "pears": -1]
        catalog.labels = [2: "two", -1: "minus one", 10: "ten"]
        catalog.matrix = [[1, 2], [], [3]]
        catalog.history = [.created(at: Date(timeIntervalSinceReferenceDate: 600_000_000)),
                           .renamed(from: "old", to: "new"), .archived]
        let plain = FixtureItem()
        plain.title = "plain"
        plain.weight = 1.5
        let book = FixtureBook()
        book.title = "book"
        book.weight = 0.25
        book.pages = 321
        book.isbn = "978-0-00-000000-0"
        catalog.items = [plain, book]
        catalog.sticker = FixtureSticker(color: "blue")
        return catalog
    }
}
