import Archivist
import ConsumerApp
import Foundation
import Testing

/// An archive of one type is never read as another, however alike they look: the root's type
/// record makes it a typed error naming both.
@Suite struct TypeConfusionTests {
    private var order: OrderA {
        var order = OrderA()
        order.id = 7
        order.total = 19.5
        return order
    }

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func autoArchiverRefusesAnUnrelatedType(_ format: PropertyListFormat) throws {
        let data = try AutoArchiver.archive(order, format: format)
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(UnrelatedB.self, from: data) }
        #expect(error.kind == .typeMismatch)
        #expect(error.description.contains("OrderA"))
        #expect(error.description.contains("UnrelatedB"))
        #expect(try AutoArchiver.unarchive(OrderA.self, from: data).total == 19.5)
    }

    @Test func archiveStoreRefusesAnUnrelatedType() throws {
        let directory = try TemporaryDirectory()
        let store = try ArchiveStore(name: "orders", location: .directory(directory.url))
        try store.persist(order, forKey: "seven")
        let error = try #require(throws: PersistenceError.self) { try store.retrieve(UnrelatedB.self, forKey: "seven") }
        #expect(error.kind == .typeMismatch)
        #expect(error.key == "seven")
        #expect(error.description.contains("OrderA"))
        #expect(error.description.contains("UnrelatedB"))
        #expect((error.underlying as? AutoCodingError)?.kind == .typeMismatch)
        // The store stays usable.
        #expect(try store.retrieve(OrderA.self, forKey: "seven").id == 7)
    }
}
