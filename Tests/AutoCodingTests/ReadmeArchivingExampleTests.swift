import Archivist
import Foundation
import Testing

private enum ReadmeStatus: String { case open, shipped }

private struct ReadmeLineItem: AutoCodable {
    var sku = ""
    var qty = 0
    var price = 0.0
}

private final class ReadmeOrder: AutoCodable {
    var id = 0
    var lines: [ReadmeLineItem] = []
    var status: ReadmeStatus = .open
    var note: String? = nil
    required init() {}
}

/// The README's AutoCoding example, through the umbrella module, kept compiling and true.
@Suite struct ReadmeArchivingExampleTests {
    @Test func readmeArchivingExampleRoundTripsThroughBothFormats() throws {
        let order = ReadmeOrder()
        order.id = 42
        order.lines = [ReadmeLineItem(sku: "A-1", qty: 3, price: 9.5)]
        order.status = .shipped
        for format in [PropertyListFormat.binary, .xml] {
            let data = try AutoArchiver.archive(order, format: format)
            let copy = try AutoArchiver.unarchive(ReadmeOrder.self, from: data)
            #expect(copy.id == 42)
            #expect(copy.lines.first?.sku == "A-1" && copy.lines.first?.qty == 3 && copy.lines.first?.price == 9.5)
            #expect(copy.status == .shipped)
            #expect(copy.note == nil)
        }
    }
}
