import AutoCoding
import Foundation

/// KeyedFoundationCorpusOrder with no per-property code: `NSCoding` through the AutoCoding
/// bridge (`autoEncode(with:)` / `autoDecode(from:)`), for the `bridge.nscoding.*` rows.
final class BridgedCorpusOrder: NSObject, NSCoding, AutoCodable {
    var id = 0
    var customer = BridgedCorpusPerson()
    var lines: [BridgedCorpusLineItem] = []
    var notes: [String: String] = [:]
    var status = "open"
    override init() {}
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}
