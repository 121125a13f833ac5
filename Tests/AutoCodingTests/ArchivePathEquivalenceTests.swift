import AutoCoding
import Foundation
import PropertyList
import Testing
import TestSupport

/// One writer per format: an archive written straight from a value (`archive(_:format:)`) and one
/// written from its tree (`encodeTree(_:)` then `encoded(as:)`) are the same bytes, in both formats.
@Suite struct ArchivePathEquivalenceTests {
    init() throws {
        try FixtureCatalog.registerTypes()
    }

    private func expectSameBytes<T: AutoCodable>(_ value: T, _ label: String) throws {
        let tree = try AutoArchiver.encodeTree(value)
        for format in [PropertyListFormat.binary, .xml] {
            let direct = try AutoArchiver.archive(value, format: format)
            let viaTree = try tree.encoded(as: format)
            #expect(direct == viaTree, "\(label), \(format): \(direct.count) bytes direct, \(viaTree.count) via the tree")
        }
    }

    @Test func theReadmeOrderIsTheSameBytesEitherWay() throws {
        try expectSameBytes(Order.sample(7), "Order")
    }

    @Test func theFixtureCatalogIsTheSameBytesEitherWay() throws {
        try expectSameBytes(FixtureCatalog.sample, "FixtureCatalog")
    }

    @Test func featureSamplesAreTheSameBytesEitherWay() throws {
        try expectSameBytes(Scalars.sample, "Scalars")
        try expectSameBytes(Scalars(), "empty Scalars")
        try expectSameBytes(Collections.sample, "Collections")
        try expectSameBytes(Optionals(), "Optionals")
        try expectSameBytes(Wrapped.sample, "Wrapped")
        try expectSameBytes(Drawing(title: "d", shapes: [.circle(radius: 1), .empty], background: .polygon([1])), "Drawing")
    }

    @Test(arguments: 0..<40)
    func randomCompaniesAreTheSameBytesEitherWay(_ seed: Int) throws {
        var random = SeededRandom(seed: 0xA11C_0DE5 &+ UInt64(seed))
        var company = Company(name: "company \(seed)")
        let names = ["Ada", "Grace", "Linus", "Zoë", "Ünal", "李", "", "$null", "$$type", "😀 ok"]
        company.people = (0..<random.below(40)).map { index in
            var person = Person.sample(random.below(1_000))
            person.name = random.pick(names) + " \(index % 7)"
            person.tags = (0..<random.below(5)).map { _ in random.pick(names) }
            person.nickname = random.chance(1, in: 2) ? nil : random.pick(names)
            person.score = Double(random.below(1 << 20)) / Double(1 + random.below(97))
            person.age = random.chance(1, in: 10) ? Int.min + random.below(3) : random.below(120)
            person.avatar = Data(random.bytes(random.below(40)))
            return person
        }
        company.orders = (0..<random.below(10)).map { _ in
            let order = Order.sample(random.below(500))
            order.note = random.chance(1, in: 3) ? nil : random.pick(names)
            order.notes = Dictionary((0..<random.below(4)).map { _ in (random.pick(names), random.pick(names)) },
                                     uniquingKeysWith: { first, _ in first })
            return order
        }
        try expectSameBytes(company, "Company seed \(seed)")
    }
}
