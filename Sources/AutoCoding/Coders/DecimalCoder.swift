import Foundation
import PropertyList

/// `Decimal` as its locale-independent decimal string, so no digit is lost to a binary real.
final class DecimalCoder: ValueCoding {
    func encode(_ value: Decimal, _ state: EncodingState) throws -> PropertyListValue { .string(value.description) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Decimal {
        guard case .string(let text) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a decimal number", expected: "Decimal", found: "\"\(text)\"")
        }
        return value
    }
}
