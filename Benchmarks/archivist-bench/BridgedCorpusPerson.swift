import AutoCoding
import Foundation

/// KeyedFoundationCorpusPerson with no per-property code: `NSCoding` through the AutoCoding
/// bridge (`autoEncode(with:)` / `autoDecode(from:)`), for the `bridge.nscoding.*` rows.
final class BridgedCorpusPerson: NSObject, NSCoding, AutoCodable {
    var id = 0
    var name = ""
    var email = ""
    var age = 0
    var score = 0.0
    var isActive = false
    var tags: [String] = []
    var createdAt = Date(timeIntervalSinceReferenceDate: 0)
    var avatar = Data()
    var address = BridgedCorpusAddress()
    var nickname: String?
    override init() {}
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}
