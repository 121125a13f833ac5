import Foundation

/// Part of the standard corpus as an NSObject subclass with hand-written NSCoding, for
/// Foundation's NSKeyedArchiver / NSKeyedUnarchiver baseline (see ``KeyedCorpus``).
final class KeyedFoundationCorpusOrder: NSObject, NSCoding {
    var id = 0
    var customer = KeyedFoundationCorpusPerson()
    var lines: [KeyedFoundationCorpusLineItem] = []
    var notes: [String: String] = [:]
    var status = "open"
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(customer, forKey: "customer")
        coder.encode(lines, forKey: "lines")
        coder.encode(notes, forKey: "notes")
        coder.encode(status, forKey: "status")
    }
    init?(coder: NSCoder) {
        id = coder.decodeInteger(forKey: "id")
        customer = coder.decodeObject(forKey: "customer") as? KeyedFoundationCorpusPerson ?? KeyedFoundationCorpusPerson()
        lines = coder.decodeObject(forKey: "lines") as? [KeyedFoundationCorpusLineItem] ?? []
        notes = coder.decodeObject(forKey: "notes") as? [String: String] ?? [:]
        status = coder.decodeObject(forKey: "status") as? String ?? "open"
    }
}
