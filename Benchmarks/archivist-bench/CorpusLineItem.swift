import AutoCoding
import Foundation
import PropertyList

/// Part of the standard AutoCoding benchmark corpus (see ``AutoCodingCorpus``).
struct CorpusLineItem: AutoCodable, Codable {
    var sku = ""
    var qty = 0
    var price = 0.0
}
