import Archivist

/// An incompatible evolution of ``ShopV1``: `lines[].qty` became a string, so old archives'
/// integers no longer decode.
enum ShopV3 {
    struct Line: AutoCodable, Equatable {
        var sku = ""
        var qty = ""
    }

    struct Order: AutoCodable, Equatable {
        var id = 0
        var customer = ""
        var lines: [Line] = []
        var note = ""

        static let sample = Order(id: 7, customer: "Ada", lines: [Line(sku: "tea", qty: "2")], note: "ring twice")
    }
}
