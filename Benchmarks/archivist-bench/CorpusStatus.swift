import AutoCoding
import Foundation
import PropertyList

/// Part of the standard AutoCoding benchmark corpus (see ``AutoCodingCorpus``).
enum CorpusStatus: String, Codable {
    case open, paid, shipped, cancelled
}
