import Archivist

/// A compatible evolution of ``ShopV1``: `customer` renamed to `buyer` with its key kept, `note`
/// removed, `express` and `lines[].price` added.
enum ShopV2 {
    struct Line: AutoCodable, Equatable {
        var sku = ""
        var qty = 0
        var price = 0.0
    }

    struct Order: AutoCodable, Equatable {
        static var autoCodingKeys: [String: String] { ["buyer": "customer"] }

        var id = 0
        var buyer = ""
        var lines: [Line] = []
        var express = false

        static let sample = Order(id: 7, buyer: "Ada", lines: [Line(sku: "tea", qty: 2, price: 3.5)], express: true)
    }
}
