import AutoCoding
import Foundation
import PropertyList

/// Part of the standard AutoCoding benchmark corpus (see ``AutoCodingCorpus``).
final class CorpusOrder: AutoCodable, Codable {
    var id = 0
    var customer = CorpusPerson()
    var lines: [CorpusLineItem] = []
    var notes: [String: String] = [:]
    var status: CorpusStatus = .open
    required init() {}
}
