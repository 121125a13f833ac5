import Foundation

// The same corpus as NSObject subclasses with hand-written NSCoding, for Foundation's
// NSKeyedArchiver / NSKeyedUnarchiver baseline. Keys and class names match ours.

final class FoundationCorpusCompany: NSObject, NSCoding {
    var name = ""
    var people: [FoundationCorpusPerson] = []
    var orders: [FoundationCorpusOrder] = []
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(name, forKey: "name")
        coder.encode(people, forKey: "people")
        coder.encode(orders, forKey: "orders")
    }
    init?(coder: NSCoder) {
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        people = coder.decodeObject(forKey: "people") as? [FoundationCorpusPerson] ?? []
        orders = coder.decodeObject(forKey: "orders") as? [FoundationCorpusOrder] ?? []
    }
}

final class FoundationCorpusPerson: NSObject, NSCoding {
    var id = 0
    var name = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var tags: [String] = []
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var avatar = Data()
    var address = FoundationCorpusAddress()
    var nickname: String?
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(id, forKey: "id")
        coder.encode(name, forKey: "name")
        coder.encode(email, forKey: "email")
        coder.encode(age, forKey: "age")
        coder.encode(score, forKey: "score")
        coder.encode(isActive, forKey: "isActive")
        coder.encode(tags, forKey: "tags")
        coder.encode(createdAt, forKey: "createdAt")
        coder.encode(avatar, forKey: "avatar")
        coder.encode(address, forKey: "address")
        coder.encode(nickname, forKey: "nickname")
    }
    init?(coder: NSCoder) {
        id = coder.decodeInteger(forKey: "id")
        name = coder.decodeObject(forKey: "name") as? String ?? ""
        email = coder.decodeObject(forKey: "email") as? String ?? ""
        age = coder.decodeInteger(forKey: "age")
        score = coder.decodeDouble(forKey: "score")
        isActive = coder.decodeBool(forKey: "isActive")
        tags = coder.decodeObject(forKey: "tags") as? [String] ?? []
        createdAt = coder.decodeObject(forKey: "createdAt") as? Date ?? Date(timeIntervalSinceReferenceDate: 0)
        avatar = coder.decodeObject(forKey: "avatar") as? Data ?? Data()
        address = coder.decodeObject(forKey: "address") as? FoundationCorpusAddress ?? FoundationCorpusAddress()
        nickname = coder.decodeObject(forKey: "nickname") as? String
    }
}

final class FoundationCorpusAddress: NSObject, NSCoding {
    var street = ""
    var city = ""
    var zip = ""
    var lat = 0.0
    var lon = 0.0
    override init() {}
    func encode(with coder: NSCoder) {
        coder.encode(street, forKey: "street")
        coder.encode(city, forKey: "city")
        coder.encode(zip, forKey: "zip")
        coder.encode(lat, forKey: "lat")
        coder.encode(lon, forKey: "lon")
    }
    init?(coder: NSCoder) {
        street = coder.decodeObject(forKey: "street") as? String ?? ""
        city = coder.decodeObject(forKey: "city") as? String ?? ""
        zip = coder.decodeObject(forKey: "zip") as? String ?? ""
        lat = coder.decodeDouble(forKey: "lat")
        lon = coder.decodeDouble(forKey: "lon")
    }
}

final class FoundationCorpusOrder: NSObject, NSCoding {
    var id = 0
    var customer = FoundationCorpusPerson()
    var lines: [FoundationCorpusLineItem] = []
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
        customer = coder.decodeObject(forKey: "customer") as? FoundationCorpusPerson ?? FoundationCorpusPerson()
        lines = coder.decodeObject(forKey: "lines") as? [FoundationCorpusLineItem] ?? []
        notes = coder.decodeObject(forKey: "notes") as? [String: String] ?? [:]
        status = coder.decodeObject(forKey: "status") as? String ?? "open"
    }
}

final class FoundationCorpusLineItem: NSObject, NSCoding {
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
