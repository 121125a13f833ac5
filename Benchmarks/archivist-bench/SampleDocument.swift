import Foundation
import PropertyList

/// Builds deterministic property lists shaped like real application data: an array of user
/// records, each a dictionary of names, e-mail addresses, free text of varying length, integers
/// of every width, doubles, Booleans, dates, small data blobs, tag arrays and nested dictionaries.
///
/// Status strings, tag names, cities and dictionary keys repeat across records, as in real
/// documents, so writers that unique values (binary plists do) get the same chance to share them.
/// The same seed always produces the same document on every platform.
enum SampleDocument {
    /// Records in the large document: its binary form is about 10 MB (10,052,207 bytes from
    /// Archivist and from Python's `plistlib`; Foundation on Linux writes 15.4 MB).
    static let largeRecordCount = 9_100
    /// Records in the small document: its binary form is about 2.5 KB.
    static let smallRecordCount = 2

    /// A document of `records` user records inside a small envelope.
    ///
    /// - Parameters:
    ///   - records: How many records the `users` array holds.
    ///   - seed: Generator seed; equal seeds give equal documents.
    /// - Returns: The document.
    static func make(records: Int, seed: UInt64 = 0x5EED_A4C1_1715_7000) -> PropertyListValue {
        var random = SplitMix64(seed: seed)
        var users: [PropertyListValue] = []
        users.reserveCapacity(records)
        for number in 0..<records { users.append(record(number, &random)) }
        return [
            "formatVersion": 3,
            "generator": "archivist-bench",
            "exportedAt": .date(Date(timeIntervalSinceReferenceDate: 786_000_000)),
            "users": .array(users),
        ]
    }

    private static func record(_ number: Int, _ random: inout SplitMix64) -> PropertyListValue {
        let first = random.pick(firstNames)
        let last = random.pick(lastNames)
        let created = 600_000_000 + Double(random.below(180_000_000))
        var tags: [PropertyListValue] = []
        for _ in 0..<random.below(7) { tags.append(.string(random.pick(tagNames))) }
        var history: [PropertyListValue] = []
        for _ in 0..<random.below(4) {
            history.append([
                "event": .string(random.pick(events)),
                "at": .date(Date(timeIntervalSinceReferenceDate: created + Double(random.below(5_000_000)))),
                "amount": .integer(PropertyListInteger(Int64(random.below(100_000)) - 20_000)),
            ])
        }
        var avatar = Data(count: 16 + random.below(49))
        for index in avatar.indices { avatar[index] = UInt8(truncatingIfNeeded: random.next()) }
        return [
            "id": .integer(PropertyListInteger(Int64(number + 1))),
            "uuid": .string(random.uuidString()),
            "name": .string("\(first) \(last)"),
            "email": .string("\(first.lowercased()).\(last.lowercased())\(random.below(1000))@\(random.pick(domains))"),
            "bio": .string(random.text(words: random.below(80))),
            "status": .string(random.pick(statuses)),
            "age": .integer(PropertyListInteger(Int64(18 + random.below(70)))),
            "followers": .integer(PropertyListInteger(Int64(random.below(70_000)))),
            "bytesUploaded": .integer(PropertyListInteger(Int64(random.next() >> 20))),
            "karma": .integer(PropertyListInteger(Int64(random.below(2_000_000)) - 1_000_000)),
            "score": .real(Double(random.below(1_000_000)) / 1000),
            "ratio": .real(Double(random.next() >> 11) / Double(1 << 53)),
            "active": .bool(random.below(4) != 0),
            "verified": .bool(random.below(3) == 0),
            "createdAt": .date(Date(timeIntervalSinceReferenceDate: created)),
            "lastSeen": .date(Date(timeIntervalSinceReferenceDate: created + Double(random.below(9_000_000)))),
            "avatarHash": .data(avatar),
            "tags": .array(tags),
            "address": [
                "street": .string("\(1 + random.below(999)) \(random.pick(streets))"),
                "city": .string(random.pick(cities)),
                "postalCode": .string(String(10_000 + random.below(90_000))),
                "country": .string(random.pick(countries)),
                "location": [
                    "latitude": .real(Double(random.below(180_000_000)) / 1e6 - 90),
                    "longitude": .real(Double(random.below(360_000_000)) / 1e6 - 180),
                ],
            ],
            "preferences": [
                "theme": .string(random.pick(["light", "dark", "system"])),
                "notifications": .bool(random.below(2) == 0),
                "language": .string(random.pick(["en", "fr", "de", "ja", "pt-BR", "zh-Hans"])),
                "itemsPerPage": .integer(PropertyListInteger(Int64([10, 25, 50, 100][random.below(4)]))),
            ],
            "history": .array(history),
        ]
    }

    private static let firstNames = [
        "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Margaret", "Niklaus",
        "Radia", "Tim", "Hedy", "John", "Katherine", "Linus", "Sophie", "Élodie", "Zoë", "Søren",
        "Jürgen", "Chloé", "Björn", "Mónica", "José", "Ngozi", "Wei", "Priya", "Yuki", "Olamide",
    ]
    private static let lastNames = [
        "Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Thompson", "Hamilton",
        "Wirth", "Perlman", "Berners-Lee", "Lamarr", "Backus", "Johnson", "Torvalds", "Wilson",
        "Müller", "Østergaard", "Nuñez", "García", "Okafor", "Zhang", "Sharma", "Tanaka", "Adeyemi",
    ]
    private static let domains = ["example.com", "mail.example.org", "corp.example.net", "example.co.uk"]
    private static let statuses = ["active", "pending", "suspended", "archived", "invited"]
    private static let tagNames = [
        "swift", "linux", "ios", "macos", "design", "backend", "frontend", "ops", "ml", "data", "security",
        "mobile", "web", "cloud", "testing", "docs", "beta", "premium", "staff", "early-adopter",
        "photography", "music", "travel", "cooking", "running", "chess", "gardening", "reading", "film", "art",
    ]
    private static let events = ["login", "purchase", "refund", "upload", "comment", "password-reset"]
    private static let streets = ["Main Street", "Rue de la Paix", "Baker Street", "Königsallee", "Calle Mayor"]
    private static let cities = [
        "London", "Paris", "Berlin", "Madrid", "Lisbon", "Lagos", "Nairobi", "Tokyo", "Osaka", "Seoul",
        "Shanghai", "Mumbai", "São Paulo", "Montréal", "Zürich", "København", "Toronto", "Austin",
        "Sydney", "Auckland",
    ]
    private static let countries = ["GB", "FR", "DE", "ES", "PT", "NG", "KE", "JP", "KR", "CN", "IN", "BR", "CA", "CH"]
    /// Words for free text; a few non-ASCII ones make some strings UTF-16 in binary plists, as in
    /// real user-entered text.
    fileprivate static let words = [
        "the", "a", "and", "of", "to", "in", "is", "for", "on", "with", "data", "project", "team", "build",
        "release", "swift", "coffee", "weekend", "loves", "writes", "about", "systems", "music", "city",
        "open", "source", "mentor", "curious", "engineer", "designer", "since", "years", "café", "naïve",
        "東京", "データ", "🙂", "über", "résumé", "piñata",
    ]
}

/// Document-specific draws, kept out of the generator itself.
private extension SplitMix64 {
    /// A random UUID in the usual upper-case 8-4-4-4-12 spelling.
    mutating func uuidString() -> String {
        let high = next()
        let low = next()
        let hex = String(high, radix: 16).leftPadded(16) + String(low, radix: 16).leftPadded(16)
        let characters = Array(hex.uppercased())
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
        return groups.joined(separator: "-")
    }

    /// `count` words of free text, some of them non-ASCII.
    mutating func text(words count: Int) -> String {
        var words: [String] = []
        words.reserveCapacity(count)
        for _ in 0..<count { words.append(pick(SampleDocument.words)) }
        return words.joined(separator: " ")
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
