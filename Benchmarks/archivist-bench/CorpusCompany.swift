import AutoCoding
import Foundation
import PropertyList

/// Part of the standard AutoCoding benchmark corpus (see ``AutoCodingCorpus``).
struct CorpusCompany: AutoCodable, Codable {
    var name = ""
    var people: [CorpusPerson] = []
    var orders: [CorpusOrder] = []
}
