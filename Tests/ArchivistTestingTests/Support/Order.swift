import Archivist

/// The README's model, today: `customer` renamed `buyer` (key kept), `note` dropped, `giftWrap`
/// added, `lines[].qty` now a `Double`.
struct Order: AutoCodable, Equatable {
    struct Line: AutoCodable, Equatable {
        var sku = ""
        var qty = 0.0
    }

    static var autoCodingKeys: [String: String] { ["buyer": "customer"] }

    var id = 0
    var buyer = ""
    var lines: [Line] = []
    var giftWrap = false

    static let sample = Order(id: 42, buyer: "Ada", lines: [Line(sku: "tea", qty: 2)], giftWrap: true)
}

/// The README's model as the first release shipped it.
struct FirstReleaseOrder: AutoCodable, Equatable {
    struct Line: AutoCodable, Equatable {
        var sku = ""
        var qty = 0
    }

    var id = 0
    var customer = ""
    var lines: [Line] = []
    var note = ""

    static let sample = FirstReleaseOrder(id: 42, customer: "Ada", lines: [Line(sku: "tea", qty: 2)], note: "")
}
