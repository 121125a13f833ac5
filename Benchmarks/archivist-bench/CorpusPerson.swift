import AutoCoding
import Foundation
import PropertyList

/// Part of the standard AutoCoding benchmark corpus (see ``AutoCodingCorpus``).
struct CorpusPerson: AutoCodable, Codable {
    var id = 0
    var name = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var tags: [String] = []
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var avatar = Data()
    var address = CorpusAddress()
    var nickname: String? = nil
}
