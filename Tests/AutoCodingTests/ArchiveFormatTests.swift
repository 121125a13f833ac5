import AutoCoding
import Foundation
import PropertyList
import Testing

/// The full path: value → binary/XML bytes → value, and interoperation with Foundation's coders.
@Suite struct ArchiveFormatTests {
    private let company = Company(name: "Acme", people: (0..<20).map(Person.sample), orders: (0..<5).map(Order.sample))

    @Test(arguments: [PropertyListFormat.binary, .xml])
    func companyRoundTripsThroughBytes(_ format: PropertyListFormat) throws {
        var value = company
        // Both formats keep fractions of a second and years outside 1 through 9999.
        for index in value.people.indices {
            value.people[index].createdAt = Date(timeIntervalSinceReferenceDate: 700_000_000.123_456 + Double(index) / 3)
        }
        value.people[0].createdAt = .distantPast
        value.people[1].createdAt = .distantFuture
        value.people[2].createdAt = Date(timeIntervalSinceReferenceDate: -1e11 - 0.25)
        for (index, order) in value.orders.enumerated() {
            order.customer.createdAt = Date(timeIntervalSinceReferenceDate: -0.5 - Double(index) * 1e-6)
        }
        let data = try AutoArchiver.archive(value, format: format)
        #expect(PropertyListFormat.detect(data) == format)
        let copy = try AutoArchiver.unarchive(Company.self, from: data)
        #expect(copy == value)
        #expect(copy.people.map(\.createdAt.timeIntervalSinceReferenceDate.bitPattern)
                == value.people.map(\.createdAt.timeIntervalSinceReferenceDate.bitPattern))
    }

    @Test func foundationDecoderReadsOurBinaryArchive() throws {
        let data = try AutoArchiver.archive(company, format: .binary)
        #expect(try PropertyListDecoder().decode(Company.self, from: data) == company)
    }

    @Test func weReadFoundationEncoderBinaryArchive() throws {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        let data = try encoder.encode(company)
        #expect(try AutoArchiver.unarchive(Company.self, from: data) == company)
    }

    @Test func floatsAndDatesStayExactInBinaryAndXML() throws {
        var value = Scalars.sample
        value.float = 0.1
        #expect(value.date.timeIntervalSinceReferenceDate == 123_456.75)
        for format in [PropertyListFormat.binary, .xml] {
            let copy = try AutoArchiver.unarchive(Scalars.self, from: AutoArchiver.archive(value, format: format))
            #expect(copy.float == 0.1 as Float)
            #expect(copy == value)
        }
    }

    @Test func corruptBytesAreAnErrorNotACrash() throws {
        var data = try AutoArchiver.archive(company, format: .binary)
        data.removeLast(10)
        let error = try #require(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Company.self, from: data) }
        #expect(error.kind == .corruptArchive)
        let garbage = Data("not a plist".utf8)
        #expect(throws: AutoCodingError.self) { try AutoArchiver.unarchive(Company.self, from: garbage) }
    }

    @Test func archivesAreReproducible() throws {
        let first = try AutoArchiver.archive(Collections.sample, format: .binary)
        let second = try AutoArchiver.archive(Collections.sample, format: .binary)
        #expect(first == second)
    }
}

@Suite struct ConvenienceSpellingTests {
    @Test func autoEncodedAndAutoDecodedMatchTheArchiver() throws {
        let order = Order.sample(3)
        let data = try order.autoEncoded()
        #expect(data == (try AutoArchiver.archive(order, format: .binary)))
        #expect(try Order.autoDecoded(from: data) == order)
        #expect(try Order.autoDecoded(from: order.autoEncoded(as: .xml)).customer == order.customer)
    }
}
