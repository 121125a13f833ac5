import Foundation

/// Part of the standard corpus as an NSObject subclass with hand-written NSCoding, for
/// Foundation's NSKeyedArchiver / NSKeyedUnarchiver baseline (see ``KeyedCorpus``).
final class KeyedFoundationCorpusLineItem: NSObject, NSCoding {
    var sku = ""
    var qty = 0
    var price = 0.0
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(sku, forKey: "sku")
        coder.encode(qty, forKey: "qty")
        coder.encode(price, forKey: "price")
    }
    init?(coder: NSCoder) {
        sku = coder.decodeObject(forKey: "sku") as? String ?? ""
        qty = coder.decodeInteger(forKey: "qty")
        price = coder.decodeDouble(forKey: "price")
    }
}
