import AutoCoding
import Foundation

/// KeyedFoundationCorpusLineItem with no per-property code: `NSCoding` through the AutoCoding
/// bridge (`autoEncode(with:)` / `autoDecode(from:)`), for the `bridge.nscoding.*` rows.
final class BridgedCorpusLineItem: NSObject, NSCoding, AutoCodable {
    var sku = ""
    var qty = 0
    var price = 0.0
    override init() {}
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}
