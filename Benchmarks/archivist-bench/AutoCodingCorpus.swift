import AutoCoding
import Foundation
import PropertyList

/// Builds the standard corpus from a fixed seed: the same company on every run and platform.
enum AutoCodingCorpus {
    static let personCount = 1_000
    static let orderCount = 200
    static let linesPerOrder = 5

    /// The corpus, or with `scale` a corpus with that many times its people and orders (0.1: 100
    /// people and 20 orders; 10: 10,000 and 2,000), built the same way.
    static func make(seed: UInt64 = 0xA070_C0D1_4600_0001, scale: Double = 1) -> CorpusCompany {
        var random = SplitMix64(seed: seed)
        var company = CorpusCompany()
        let personCount = max(1, Int((Double(Self.personCount) * scale).rounded()))
        let orderCount = max(1, Int((Double(Self.orderCount) * scale).rounded()))
        company.name = "Archivist Sample Trading Co."
        company.people = (0..<personCount).map { person($0, &random) }
        company.orders = (0..<orderCount).map { number in
            let order = CorpusOrder()
            order.id = 10_000 + number
            order.customer = company.people[random.below(personCount)]
            order.lines = (0..<linesPerOrder).map { line in
                CorpusLineItem(sku: "SKU-\(random.below(90_000) + 10_000)-\(line)", qty: 1 + random.below(12),
                               price: Double(random.below(100_000)) / 100)
            }
            var notes: [String: String] = [:]
            for _ in 0..<random.below(4) { notes[random.pick(noteKeys)] = random.pick(noteValues) }
            order.notes = notes
            order.status = random.pick([.open, .paid, .shipped, .cancelled])
            return order
        }
        return company
    }

    private static func person(_ number: Int, _ random: inout SplitMix64) -> CorpusPerson {
        var person = CorpusPerson()
        let first = random.pick(firstNames)
        let last = random.pick(lastNames)
        person.id = number
        person.name = "\(first) \(last)"
        person.email = "\(first.lowercased()).\(last.lowercased())\(number)@example.com"
        person.age = 18 + random.below(70)
        person.score = Double(random.below(1_000_000)) / 1_000
        person.isActive = random.below(4) != 0
        person.tags = (0..<random.below(5)).map { _ in random.pick(tagNames) }
        person.createdAt = Date(timeIntervalSinceReferenceDate: 600_000_000 + Double(random.below(180_000_000)))
        var avatar = Data(count: 64)
        for index in 0..<64 { avatar[index] = UInt8(truncatingIfNeeded: random.next()) }
        person.avatar = avatar
        person.address = CorpusAddress(street: "\(1 + random.below(999)) \(random.pick(streets))", city: random.pick(cities),
                                       zip: String(10_000 + random.below(89_999)),
                                       lat: Double(random.below(180_000)) / 1_000 - 90,
                                       lon: Double(random.below(360_000)) / 1_000 - 180)
        person.nickname = random.below(3) == 0 ? random.pick(firstNames).lowercased() : nil
        return person
    }

    private static let firstNames = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "John",
                                     "Margaret", "Ken", "Radia", "Dennis", "Katherine", "Niklaus", "Leslie", "Tim"]
    private static let lastNames = ["Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Allen", "Backus",
                                    "Hamilton", "Thompson", "Perlman", "Ritchie", "Johnson", "Wirth", "Lamport", "Berners-Lee"]
    private static let tagNames = ["vip", "beta", "staff", "newsletter", "partner", "trial", "legacy", "mobile"]
    private static let streets = ["Main St", "High St", "Station Rd", "Church Ln", "Park Ave", "Mill Way"]
    private static let cities = ["Oslo", "Lyon", "Porto", "Graz", "Leeds", "Turku", "Ghent", "Bergen"]
    private static let noteKeys = ["gift", "door", "fragile", "invoice", "contact"]
    private static let noteValues = ["yes", "no", "back door", "ring twice", "email only", "call ahead"]
}
