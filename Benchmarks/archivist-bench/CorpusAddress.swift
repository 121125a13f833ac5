import AutoCoding
import Foundation
import PropertyList

/// Part of the standard AutoCoding benchmark corpus (see ``AutoCodingCorpus``).
struct CorpusAddress: AutoCodable, Codable {
    var street = ""
    var city = ""
    var zip = ""
    var lat = 0.0
    var lon = 0.0
}
