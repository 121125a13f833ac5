import AutoCoding
import Foundation

/// KeyedFoundationCorpusCompany with no per-property code: `NSCoding` through the AutoCoding
/// bridge (`autoEncode(with:)` / `autoDecode(from:)`), for the `bridge.nscoding.*` rows.
final class BridgedCorpusCompany: NSObject, NSCoding, AutoCodable {
    var name = ""
    var people: [BridgedCorpusPerson] = []
    var orders: [BridgedCorpusOrder] = []
    override init() {}
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}
