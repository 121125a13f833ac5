import Foundation

/// The keyed corpus (``KeyedCorpus/makeFoundation()``) as classes using the `NSCoding` bridge, and
/// Foundation's archiver and unarchiver for them: the `bridge.nscoding.*` rows time these against
/// the same graph with hand-written `encode(with:)` / `init?(coder:)`.
enum BridgedCorpus {
    static func make(from source: KeyedFoundationCorpusCompany) -> BridgedCorpusCompany {
        let company = BridgedCorpusCompany()
        company.name = source.name
        company.people = source.people.map { person in
            let copy = BridgedCorpusPerson()
            copy.id = person.id
            copy.name = person.name
            copy.email = person.email
            copy.age = person.age
            copy.score = person.score
            copy.isActive = person.isActive
            copy.tags = person.tags
            copy.createdAt = person.createdAt
            copy.avatar = person.avatar
            let address = BridgedCorpusAddress()
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
            let copy = BridgedCorpusOrder()
            copy.id = order.id
            copy.customer = company.people[order.customer.id]
            copy.lines = order.lines.map { line in
                let item = BridgedCorpusLineItem()
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

    /// Foundation's archive of `root` (either model; names as Foundation gives them).
    static func archive(_ root: NSObject) -> Data {
        let archiver = NSKeyedArchiver(requiringSecureCoding: false)
        archiver.encode(root, forKey: NSKeyedArchiveRootObjectKey)
        archiver.finishEncoding()
        return archiver.encodedData
    }

    static func unarchive(_ data: Data) throws -> Any? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.requiresSecureCoding = false
        defer { unarchiver.finishDecoding() }
        return unarchiver.decodeObject(forKey: NSKeyedArchiveRootObjectKey)
    }
}
