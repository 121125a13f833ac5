import AutoCoding
import Foundation

/// Part of the standard corpus as AutoCodable classes with sharing (see ``KeyedCorpus``): each
/// order's customer is one of the company's people, the same instance.
final class KeyedCorpusLineItem: AutoCodable {
    var sku = ""
    var qty = 0
    var price = 0.0
    required init() {}
}
