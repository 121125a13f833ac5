import Foundation
import PropertyList

/// `UUID` as its `uuidString` (upper-case hexadecimal with dashes).
final class UUIDCoder: ValueCoding {
    func encode(_ value: UUID, _ state: EncodingState) throws -> PropertyListValue { .string(value.uuidString) }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> UUID {
        guard case .string(let text) = plist else { throw AutoCodingError.mismatch(expected: "string", found: plist) }
        guard let uuid = UUID(uuidString: text) else {
            throw AutoCodingError(.invalidValue, "\"\(text)\" is not a UUID", expected: "UUID", found: "\"\(text)\"")
        }
        return uuid
    }
}
