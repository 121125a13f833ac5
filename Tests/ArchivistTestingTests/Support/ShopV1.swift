import Archivist

/// The first release of a shop's order model: what "old data" was written by.
enum ShopV1 {
    struct Line: AutoCodable, Equatable {
        var sku = ""
        var qty = 0
    }

    struct Order: AutoCodable, Equatable {
        var id = 0
        var customer = ""
        var lines: [Line] = []
        var note = ""

        static let sample = Order(id: 7, customer: "Ada",
                                  lines: [Line(sku: "tea", qty: 2), Line(sku: "cup", qty: 1)], note: "ring twice")
    }
}
