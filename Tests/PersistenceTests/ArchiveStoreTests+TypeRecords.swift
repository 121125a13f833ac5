import AutoCoding
import Foundation
import Persistence
import PropertyList
import Testing

/// Shaped exactly like ``Shipment``: only the archive's type record tells them apart.
struct Parcel: AutoCodable, Equatable {
    var id = 0
    var weight = 0.0
}

struct Shipment: AutoCodable, Equatable {
    var id = 0
    var weight = 0.0
}

/// Optionals of every depth.
struct AnswerSheet: AutoCodable, Equatable {
    var nickname: String? = "none"
    var answer: Int?? = .some(.some(1))
}

extension ArchiveStoreTests {
    @Test func aValueOfAnUnrelatedTypeWithTheSameShapeIsATypeMismatchNamingBoth() throws {
        let fixture = try TemporaryStore()
        try fixture.store.persist(Parcel(id: 1, weight: 2.5), forKey: "p")
        let error = try #require(throws: PersistenceError.self) { try fixture.store.retrieve(Shipment.self, forKey: "p") }
        #expect(error.kind == .typeMismatch)
        #expect("\(error)".contains("Parcel") && "\(error)".contains("Shipment"))
        #expect((error.underlying as? AutoCodingError)?.kind == .typeMismatch)
        #expect(try fixture.store.retrieve(Parcel.self, forKey: "p") == Parcel(id: 1, weight: 2.5))
    }

    @Test(arguments: [Int??.none, .some(.none), .some(.some(5))])
    func nilAndNestedOptionalsRoundTripThroughTheStore(_ answer: Int??) throws {
        let fixture = try TemporaryStore()
        let value = AnswerSheet(nickname: nil, answer: answer)
        try fixture.store.persist(value, forKey: "prefs")
        #expect(try fixture.store.retrieve(AnswerSheet.self, forKey: "prefs") == value)
    }
}
