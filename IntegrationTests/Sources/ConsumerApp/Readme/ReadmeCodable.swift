import Archivist
import Foundation

// README, "Using AutoCoding with Codable and NSCoding": the types verbatim, the snippets as the
// body of an app-level function (with `print` replaced by returning what it would print).

struct Preferences: AutoCodable, Codable {
    var volume = 5
    var theme = "light"
    var lastOpened: String? = nil
}

struct Invoice: AutoCodable, Codable {
    var amount = 0
    var currency = "EUR"
    enum ExtraKeys: CodingKey { case total }

    init() {}
    init(from decoder: any Decoder) throws {
        self.init()
        try autoDecode(from: decoder)
    }
    func encode(to encoder: any Encoder) throws {
        try autoEncode(to: encoder)
        var extra = encoder.container(keyedBy: ExtraKeys.self)
        try extra.encode(amount * 119 / 100, forKey: .total)
    }
}

/// A class meant to be subclassed, with the README's one-line initializer.
public class SharedNote: AutoCodable, Codable {
    public var text = ""
    public required init() {}
    public required convenience init(from decoder: any Decoder) throws {
        self.init()
        try autoDecode(from: decoder)
    }
}

/// A subclass: nothing more to write.
public final class PinnedNote: SharedNote {
    public var pinnedAt = 0
}

/// What the Codable snippets printed, and what decoding a wrong value threw.
public struct ReadmeCodableOutcome: Sendable {
    public var preferencesJSON: String
    public var oldVolume: Int
    public var oldTheme: String
    public var invoiceJSON: String
    public var invoiceBackAmount: Int
    public var wrongValueDescription: String?
}

/// README, "Using AutoCoding with Codable and NSCoding".
public func readmeCodableSample() throws -> ReadmeCodableOutcome {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let preferencesJSON = String(decoding: try encoder.encode(Preferences()), as: UTF8.self)
    let old = try JSONDecoder().decode(Preferences.self, from: Data(#"{"volume":7}"#.utf8))

    var invoice = Invoice()
    invoice.amount = 100
    let invoiceData = try encoder.encode(invoice)
    let back = try JSONDecoder().decode(Invoice.self, from: invoiceData)

    var wrong: String?
    do {
        _ = try JSONDecoder().decode(Preferences.self, from: Data(#"{"volume":"loud"}"#.utf8))
    } catch let DecodingError.dataCorrupted(context) {
        wrong = context.debugDescription
    }
    return ReadmeCodableOutcome(preferencesJSON: preferencesJSON, oldVolume: old.volume, oldTheme: old.theme,
                                invoiceJSON: String(decoding: invoiceData, as: UTF8.self),
                                invoiceBackAmount: back.amount, wrongValueDescription: wrong)
}
