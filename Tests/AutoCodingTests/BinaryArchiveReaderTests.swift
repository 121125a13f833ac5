import AutoCoding
import Foundation
import PropertyList
import Testing

/// Unarchiving binary archives reads objects straight into fields; it must agree with decoding the
/// tree in every outcome — values, hooks, migrations, errors and their paths — and stay safe on
/// hostile files.
@Suite struct BinaryArchiveReaderTests {
    /// Binary bytes of an arbitrary tree, written by the PropertyList module's writer.
    private func bytes(_ tree: PropertyListValue) throws -> Data {
        try BinaryPropertyListWriter().write(tree)
    }

    private func expectSameAsTree<T: AutoCodable>(_ type: T.Type, _ tree: PropertyListValue) throws {
        let direct = try AutoArchiver.unarchive(T.self, from: bytes(tree))
        let viaTree = try AutoArchiver.decode(T.self, from: tree)
        #expect(identical(try AutoArchiver.encodeTree(direct), try AutoArchiver.encodeTree(viaTree)), "\(T.self)")
    }

    @Test func directReadingAgreesWithTreeDecoding() throws {
        try FixtureCatalog.registerTypes()
        try expectSameAsTree(Scalars.self, AutoArchiver.encodeTree(Scalars.sample))
        try expectSameAsTree(Collections.self, AutoArchiver.encodeTree(Collections.sample))
        try expectSameAsTree(Optionals.self, AutoArchiver.encodeTree(Optionals()))
        try expectSameAsTree(Company.self, AutoArchiver.encodeTree(
            Company(name: "c", people: (0..<12).map(Person.sample), orders: (0..<3).map(Order.sample))))
        try expectSameAsTree(Drawing.self, AutoArchiver.encodeTree(
            Drawing(title: "d", shapes: [.circle(radius: 1), .rectangle(width: 1, height: 2)], background: .empty)))
        try expectSameAsTree(Wrapped.self, AutoArchiver.encodeTree(Wrapped.sample))
        try expectSameAsTree(FixtureCatalog.self, AutoArchiver.encodeTree(FixtureCatalog.sample))
    }

    @Test func keysInAnyOrderUnknownKeysAndMissingKeysBehaveAsInTheTreePath() throws {
        let tree: PropertyListValue = ["extra": [1, 2], "theme": "dark", "volume": 4, "futureFlag": true]
        let settings = try AutoArchiver.unarchive(Settings.self, from: bytes(tree))
        #expect(settings.volume == 4 && settings.theme == "dark" && settings.addedLater == "fresh default")
        #expect(settings.unknown == ["extra": [1, 2], "futureFlag": true])
    }

    @Test func migrationsRunOnTheRawTree() throws {
        let version0: PropertyListValue = ["name": "Grace Hopper", "mail": "grace@example.com", "loginCount": "7"]
        let profile = try AutoArchiver.unarchive(Profile.self, from: bytes(version0))
        #expect(profile.email == "grace@example.com" && profile.loginCount == 7 && profile.cachedInitials == "GH")
        let current = try AutoArchiver.unarchive(Profile.self, from: AutoArchiver.archive(
            Profile(fullName: "Ada Lovelace", email: "a@b", cachedInitials: "", loginCount: 1), format: .binary))
        #expect(current.cachedInitials == "AL" && current.loginCount == 1)
    }

    @Test func errorsNameTheSamePathAsTheTreePath() throws {
        let order = Order.sample(1)
        order.lines = (0..<5).map { LineItem(sku: "s\($0)", qty: $0, price: 1) }
        let tree = try AutoArchiver.encodeTree(order).replacing(["lines", 3, "qty"], with: "three")
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Order.self, from: bytes(tree)) }
        #expect(error.description == "Order.lines[3].qty: expected integer, found string")
        let overflow: PropertyListValue = ["small": 300]
        let range = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Narrow.self, from: bytes(overflow)) }
        #expect(range.kind == .integerOutOfRange && range.pathDescription == "Narrow.small")
        let raw = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Narrow.self, from: bytes(["status": "lost"]))
        }
        #expect(raw.description == "Narrow.status: Status has no value for raw value \"lost\"")
        let unknownType = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Garage.self, from: bytes(["favorite": ["$type": "test.nothing"]]))
        }
        #expect(unknownType.kind == .unknownTypeName && unknownType.pathDescription == "Garage.favorite")
    }

    @Test func aContainerThatContainsItselfIsAnErrorNotACrash() throws {
        // bplist00: object 0 = dict {key object 1 ("next"): value object 0 (itself)}.
        var data = Data("bplist00".utf8)
        data += [0xD1, 0x01, 0x00]          // object 0 at offset 8: dictionary of 1 entry
        data += [0x54] + Array("next".utf8) // object 1 at offset 11: "next"
        let table = data.count
        data += [8, 11]
        data += [0, 0, 0, 0, 0, 0, 1, 1]
        data += [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(table)]
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Node.self, from: data) }
        #expect(error.kind == .corruptArchive)
    }

    @Test func depthAndExpansionLimitsApply() throws {
        let head = Node()
        var tail = head
        for _ in 0..<50 {
            let next = Node()
            tail.next = next
            tail = next
        }
        let data = try AutoArchiver.archive(head, format: .binary)
        let deep = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Node.self, from: data, options: PropertyListReadingOptions(maximumDepth: 10))
        }
        #expect(deep.kind == .depthLimitExceeded)
        let wide = try #require(throws: AutoCodingError.self) {
            try AutoArchiver.unarchive(Node.self, from: data, options: PropertyListReadingOptions(maximumExpandedValues: 20))
        }
        #expect(wide.kind == .expansionLimitExceeded)
        #expect(try AutoArchiver.unarchive(Node.self, from: data).next?.next != nil)
    }

    @Test func everyTruncationOfAnArchiveFailsCleanly() throws {
        let data = try AutoArchiver.archive(Order.sample(2), format: .binary)
        for length in stride(from: 0, to: data.count, by: 7) {
            #expect(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Order.self, from: data.prefix(length)) }
        }
    }

    @Test func singleByteCorruptionNeverCrashes() throws {
        let data = try AutoArchiver.archive(Order.sample(3), format: .binary)
        for position in stride(from: 8, to: data.count, by: 3) {
            var damaged = data
            damaged[position] ^= 0x5A
            _ = try? AutoArchiver.unarchive(Order.self, from: damaged)
        }
    }
}
