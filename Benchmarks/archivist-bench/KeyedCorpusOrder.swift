import AutoCoding
import Foundation

/// Part of the standard corpus as AutoCodable classes with sharing (see ``KeyedCorpus``): each
/// order's customer is one of the company's people, the same instance.
final class KeyedCorpusOrder: AutoCodable {
    var id = 0
    var customer = KeyedCorpusPerson()
    var lines: [KeyedCorpusLineItem] = []
    var notes: [String: String] = [:]
    var status = CorpusStatus.open
    required init() {}
}
