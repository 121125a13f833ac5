import AutoCoding
import Foundation

/// Part of the standard corpus as AutoCodable classes with sharing (see ``KeyedCorpus``): each
/// order's customer is one of the company's people, the same instance.
final class KeyedCorpusAddress: AutoCodable {
    var street = ""
    var city = ""
    var zip = ""
    var lat = 0.0
    var lon = 0.0
    required init() {}
}
