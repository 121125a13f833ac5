import Foundation

/// The standard corpus as types with synthesized `Codable` only: the baseline Foundation's coders
/// run on (the corpus types themselves declare `AutoCodable, Codable`, so their `Codable` goes
/// through AutoCoding's bridge).
enum SynthesizedCorpus {
    struct Company: Codable {
        var name: String
        var people: [Person]
        var orders: [Order]
    }

    struct Person: Codable {
        var id: Int
        var name: String
        var email: String
        var age: Int
        var score: Double
        var isActive: Bool
        var tags: [String]
        var createdAt: Date
        var avatar: Data
        var address: Address
        var nickname: String?
    }

    struct Address: Codable {
        var street: String
        var city: String
        var zip: String
        var lat: Double
        var lon: Double
    }

    final class Order: Codable {
        var id: Int
        var customer: Person
        var lines: [LineItem]
        var notes: [String: String]
        var status: CorpusStatus

        init(id: Int, customer: Person, lines: [LineItem], notes: [String: String], status: CorpusStatus) {
            self.id = id
            self.customer = customer
            self.lines = lines
            self.notes = notes
            self.status = status
        }
    }

    struct LineItem: Codable {
        var sku: String
        var qty: Int
        var price: Double
    }

    /// The same company, field for field.
    static func make(from company: CorpusCompany) -> Company {
        func person(_ person: CorpusPerson) -> Person {
            let address = person.address
            return Person(id: person.id, name: person.name, email: person.email, age: person.age, score: person.score,
                          isActive: person.isActive, tags: person.tags, createdAt: person.createdAt, avatar: person.avatar,
                          address: Address(street: address.street, city: address.city, zip: address.zip,
                                           lat: address.lat, lon: address.lon),
                          nickname: person.nickname)
        }
        return Company(
            name: company.name,
            people: company.people.map(person),
            orders: company.orders.map { order in
                Order(id: order.id, customer: person(order.customer),
                      lines: order.lines.map { LineItem(sku: $0.sku, qty: $0.qty, price: $0.price) },
                      notes: order.notes, status: order.status)
            })
    }
}
