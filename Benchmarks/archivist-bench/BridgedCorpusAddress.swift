import AutoCoding
import Foundation

/// KeyedFoundationCorpusAddress with no per-property code: `NSCoding` through the AutoCoding
/// bridge (`autoEncode(with:)` / `autoDecode(from:)`), for the `bridge.nscoding.*` rows.
final class BridgedCorpusAddress: NSObject, NSCoding, AutoCodable {
    var street = ""
    var city = ""
    var zip = ""
    var lat = 0.0
    var lon = 0.0
    override init() {}
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}
