import AutoCoding
import Foundation

/// Part of the standard corpus as AutoCodable classes with sharing (see ``KeyedCorpus``): each
/// order's customer is one of the company's people, the same instance.
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
