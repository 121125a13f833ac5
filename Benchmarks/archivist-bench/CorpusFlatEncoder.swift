import Foundation
import PropertyList

/// A hand-written encoder of the corpus into a flat byte buffer: no keys, no type tags, no
/// reflection, fields appended in a fixed order. Nothing general can beat it, so the bench reports
/// how far the engine is from it.
enum CorpusFlatEncoder {
    static func encode(_ company: CorpusCompany) -> Data {
        var buffer = ByteBuffer(initialCapacity: 1 << 18)
        string(company.name, &buffer)
        integer(company.people.count, &buffer)
        for person in company.people { self.person(person, &buffer) }
        integer(company.orders.count, &buffer)
        for order in company.orders {
            integer(order.id, &buffer)
            person(order.customer, &buffer)
            integer(order.lines.count, &buffer)
            for line in order.lines {
                string(line.sku, &buffer)
                integer(line.qty, &buffer)
                real(line.price, &buffer)
            }
            integer(order.notes.count, &buffer)
            for (key, value) in order.notes {
                string(key, &buffer)
                string(value, &buffer)
            }
            string(order.status.rawValue, &buffer)
        }
        // The corpus is a few hundred kilobytes: the buffer fails only if memory runs out.
        return (try? buffer.finish()) ?? Data()
    }

    private static func person(_ person: CorpusPerson, _ buffer: inout ByteBuffer) {
        integer(person.id, &buffer)
        string(person.name, &buffer)
        string(person.email, &buffer)
        integer(person.age, &buffer)
        real(person.score, &buffer)
        buffer.append(person.isActive ? 1 : 0)
        integer(person.tags.count, &buffer)
        for tag in person.tags { string(tag, &buffer) }
        real(person.createdAt.timeIntervalSinceReferenceDate, &buffer)
        integer(person.avatar.count, &buffer)
        person.avatar.withUnsafeBytes { buffer.append(contentsOf: $0) }
        string(person.address.street, &buffer)
        string(person.address.city, &buffer)
        string(person.address.zip, &buffer)
        real(person.address.lat, &buffer)
        real(person.address.lon, &buffer)
        if let nickname = person.nickname {
            buffer.append(1)
            string(nickname, &buffer)
        } else {
            buffer.append(0)
        }
    }

    @inline(__always)
    private static func integer(_ value: Int, _ buffer: inout ByteBuffer) {
        buffer.appendBigEndian(UInt64(bitPattern: Int64(value)), width: 8)
    }

    @inline(__always)
    private static func real(_ value: Double, _ buffer: inout ByteBuffer) {
        buffer.appendBigEndian(value.bitPattern, width: 8)
    }

    @inline(__always)
    private static func string(_ value: String, _ buffer: inout ByteBuffer) {
        integer(value.utf8.count, &buffer)
        buffer.append(utf8: value)
    }
}
