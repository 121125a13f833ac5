import Foundation
import PropertyList

/// `URL` as its `absoluteString`.
final class URLCoder: ValueCoding {
    func encode(_ value: URL, _ state: EncodingState) throws -> PropertyListValue { .string(value.absoluteString) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> URL {
        guard case .string(let text) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        guard let url = URL(string: text) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a URL", expected: "URL", found: "\"\(text)\"")
        }
        return url
    }
}
