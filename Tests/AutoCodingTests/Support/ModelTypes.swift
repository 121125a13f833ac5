import AutoCoding
import Foundation

// Types shared by the AutoCoding suites: a small app model in the shape of the example.

enum Status: String, Codable, Sendable {
    case open, paid, shipped
}

struct Address: AutoCodable, Codable, Equatable {
    var street = ""
    var city = ""
    var zip = ""
    var lat = 0.0
    var lon = 0.0
}

struct Person: AutoCodable, Codable, Equatable {
    var id = 0
    var name = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var tags: [String] = []
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var avatar = Data()
    var address = Address()
    var nickname: String? = nil
}

struct LineItem: AutoCodable, Codable, Equatable {
    var sku = ""
    var qty = 0
    var price = 0.0
}

final class Order: AutoCodable, Codable, Equatable {
    var id = 0
    var customer = Person()
    var lines: [LineItem] = []
    var notes: [String: String] = [:]
    var status: Status = .open
    var note: String? = nil

    required init() {}

    static func == (lhs: Order, rhs: Order) -> Bool {
        lhs.id == rhs.id && lhs.customer == rhs.customer && lhs.lines == rhs.lines && lhs.notes == rhs.notes
            && lhs.status == rhs.status && lhs.note == rhs.note
    }
}

struct Company: AutoCodable, Codable, Equatable {
    var name = ""
    var people: [Person] = []
    var orders: [Order] = []
}

extension Person {
    static func sample(_ id: Int) -> Person {
        var person = Person()
        person.id = id
        person.name = "Person \(id)"
        person.email = "p\(id)@example.com"
        person.age = 20 + id % 50
        person.score = Double(id) * 1.5
        person.isActive = id % 2 == 0
        person.tags = ["t\(id % 3)", "all"]
        person.createdAt = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(id))
        person.avatar = Data((0..<8).map { UInt8(truncatingIfNeeded: $0 &+ id) })
        person.address = Address(street: "\(id) Main St", city: "Town", zip: "0\(id)", lat: 1.25, lon: -2.5)
        person.nickname = id % 3 == 0 ? "nick\(id)" : nil
        return person
    }
}

extension Order {
    static func sample(_ id: Int) -> Order {
        let order = Order()
        order.id = id
        order.customer = .sample(id)
        order.lines = (0..<3).map { LineItem(sku: "SKU-\(id)-\($0)", qty: $0 + 1, price: 9.5 * Double($0 + 1)) }
        order.notes = ["gift": "yes", "door": "back"]
        order.status = .paid
        order.note = id % 2 == 0 ? "leave at door" : nil
        return order
    }
}
