import AutoCoding
import Foundation
import PropertyList
import Testing

struct Image { var pixels: [UInt8] = [] }

struct Avatarized: AutoCodable {
    var name = ""
    var avatar = Image()
}

struct Holder: AutoCodable {
    var people: [Avatarized] = []
}

struct FunctionHolder: AutoCodable {
    var callback: () -> Void = {}
}

/// Types that cannot be archived are reported when the plan is built, with the property's path.
@Suite struct UnsupportedTypeTests {
    @Test func unsupportedPropertyTypeIsNamedWithItsType() throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(Avatarized()) }
        #expect(error.kind == .unsupportedType)
        #expect(error.description == "Avatarized.avatar: type Image is not archivable")
    }

    @Test func unsupportedNestedTypeIsReportedAtTheInnermostType() throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(Holder()) }
        #expect(error.description == "Avatarized.avatar: type Image is not archivable")
    }

    @Test func decodingAlsoReportsThePlanError() throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.decode(Avatarized.self, from: [:]) }
        #expect(error.kind == .unsupportedType)
    }

    @Test func closuresAreNotArchivable() throws {
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.properties(of: FunctionHolder.self) }
        #expect(error.kind == .unsupportedType)
        #expect(error.pathDescription == "FunctionHolder.callback")
    }

    @Test func theErrorIsStableAcrossCalls() throws {
        let first = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(Avatarized()) }
        let second = try #require(throws: AutoCodingError.self) { try AutoArchiver.encodeTree(Avatarized()) }
        #expect(first == second)
    }
}
