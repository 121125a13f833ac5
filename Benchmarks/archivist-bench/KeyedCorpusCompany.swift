import AutoCoding
import Foundation

/// Part of the standard corpus as AutoCodable classes with sharing (see ``KeyedCorpus``): each
/// order's customer is one of the company's people, the same instance.
final class KeyedCorpusCompany: AutoCodable {
    var name = ""
    var people: [KeyedCorpusPerson] = []
    var orders: [KeyedCorpusOrder] = []
    required init() {}
}
