import Foundation

/// Part of the standard corpus as an NSObject subclass with hand-written NSCoding, for
/// Foundation's NSKeyedArchiver / NSKeyedUnarchiver baseline (see ``KeyedCorpus``).
final class KeyedFoundationCorpusCompany: NSObject, NSCoding {
    var name = ""
    var people: [KeyedFoundationCorpusPerson] = []
    var orders: [KeyedFoundationCorpusOrder] = []
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(people, forKey: "people")
        coder.encode(orders, forKey: "orders")
    }
    init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        people = coder.decodeObject(forKey: "people") as? [KeyedFoundationCorpusPerson] ?? []
        orders = coder.decodeObject(forKey: "orders") as? [KeyedFoundationCorpusOrder] ?? []
    }
}
