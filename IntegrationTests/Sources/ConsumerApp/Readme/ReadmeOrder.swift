import Archivist

// README, "Archiving your own types": the sample types, verbatim.

enum Status: String { case open, shipped }

struct LineItem: AutoCodable { var sku = ""; var qty = 0; var price = 0.0 }

final class Order: AutoCodable {
    var id = 0
    var lines: [LineItem] = []
    var status: Status = .open
    var note: String? = nil
    required init() {}
}
