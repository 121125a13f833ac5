import AutoCoding
import Foundation
import KeyedArchive

/// The standard corpus (``AutoCodingCorpus``) as class graphs with shared customers, ours and
/// Foundation's, under the same class names.
enum KeyedCorpus {
    static var classNames: [(name: String, ours: any AutoCodable.Type, theirs: AnyClass)] {[
        ("Company", KeyedCorpusCompany.self, KeyedFoundationCorpusCompany.self),
        ("Person", KeyedCorpusPerson.self, KeyedFoundationCorpusPerson.self),
        ("Address", KeyedCorpusAddress.self, KeyedFoundationCorpusAddress.self),
        ("Order", KeyedCorpusOrder.self, KeyedFoundationCorpusOrder.self),
        ("LineItem", KeyedCorpusLineItem.self, KeyedFoundationCorpusLineItem.self),
    ]}

    static var names: KeyedClassNames {
        var names = KeyedClassNames()
        for entry in classNames { names.setName(entry.name, for: entry.ours) }
        return names
    }

    static var allowedTypes: [any AutoCodable.Type] { classNames.map(\.ours) }

    /// Our class graph.
    static func make() -> KeyedCorpusCompany {
        let source = AutoCodingCorpus.make()
        let company = KeyedCorpusCompany()
        company.name = source.name
        company.people = source.people.map { person in
            let copy = KeyedCorpusPerson()
            copy.id = person.id
            copy.name = person.name
            copy.email = person.email
            copy.age = person.age
            copy.score = person.score
            copy.isActive = person.isActive
            copy.tags = person.tags
            copy.createdAt = person.createdAt
            copy.avatar = person.avatar
            let address = KeyedCorpusAddress()
            address.street = person.address.street
            address.city = person.address.city
            address.zip = person.address.zip
            address.lat = person.address.lat
            address.lon = person.address.lon
            copy.address = address
            copy.nickname = person.nickname
            return copy
        }
        company.orders = source.orders.map { order in
            let copy = KeyedCorpusOrder()
            copy.id = order.id
            copy.customer = company.people[order.customer.id]
            copy.lines = order.lines.map { line in
                let item = KeyedCorpusLineItem()
                item.sku = line.sku
                item.qty = line.qty
                item.price = line.price
                return item
            }
            copy.notes = order.notes
            copy.status = order.status
            return copy
        }
        return company
    }

    /// Foundation's class graph with the same content and sharing.
    static func makeFoundation() -> KeyedFoundationCorpusCompany {
        let source = make()
        let company = KeyedFoundationCorpusCompany()
        company.name = source.name
        company.people = source.people.map { person in
            let copy = KeyedFoundationCorpusPerson()
            copy.id = person.id
            copy.name = person.name
            copy.email = person.email
            copy.age = person.age
            copy.score = person.score
            copy.isActive = person.isActive
            copy.tags = person.tags
            copy.createdAt = person.createdAt
            copy.avatar = person.avatar
            let address = KeyedFoundationCorpusAddress()
            address.street = person.address.street
            address.city = person.address.city
            address.zip = person.address.zip
            address.lat = person.address.lat
            address.lon = person.address.lon
            copy.address = address
            copy.nickname = person.nickname
            return copy
        }
        company.orders = source.orders.map { order in
            let copy = KeyedFoundationCorpusOrder()
            copy.id = order.id
            copy.customer = company.people[order.customer.id]
            copy.lines = order.lines.map { line in
                let item = KeyedFoundationCorpusLineItem()
                item.sku = line.sku
                item.qty = line.qty
                item.price = line.price
                return item
            }
            copy.notes = order.notes
            copy.status = order.status.rawValue
            return copy
        }
        return company
    }

    static func foundationArchive(_ company: KeyedFoundationCorpusCompany) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        for entry in classNames { archiver.setClassName(entry.name, for: entry.theirs) }
        archiver.encode(company, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    static func foundationUnarchive(_ data: Data) throws -> Any? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        for entry in classNames { unarchiver.setClass(entry.theirs, forClassName: entry.name) }
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    }
}
