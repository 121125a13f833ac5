import AutoCoding
import Foundation

// The standard corpus as AutoCodable classes with sharing, for the keyed-archive rows: each
// order's customer is one of the company's people (the same instance), not a copy.

final class KeyedCorpusCompany: AutoCodable {
    var name = ""
    var people: [KeyedCorpusPerson] = []
    var orders: [KeyedCorpusOrder] = []
    required init() {}
}

final class KeyedCorpusPerson: AutoCodable {
    var id = 0
    var name = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var tags: [String] = []
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var avatar = Data()
    var address = KeyedCorpusAddress()
    var nickname: String?
    required init() {}
}

final class KeyedCorpusAddress: AutoCodable {
    var street = ""
    var city = ""
    var zip = ""
    var lat = 0.0
    var lon = 0.0
    required init() {}
}

final class KeyedCorpusOrder: AutoCodable {
    var id = 0
    var customer = KeyedCorpusPerson()
    var lines: [KeyedCorpusLineItem] = []
    var notes: [String: String] = [:]
    var status = CorpusStatus.open
    required init() {}
}

final class KeyedCorpusLineItem: AutoCodable {
    var sku = ""
    var qty = 0
    var price = 0.0
    required init() {}
}
