import PropertyList

/// A `RawRepresentable` type (typically an enum) as its raw value.
final class RawValueCoder<Represented: RawRepresentable>: ValueCoding, @unchecked Sendable {
    // @unchecked: `raw` is immutable and itself Sendable.
    let raw: any ValueCoding<Represented.RawValue>

    init(raw: any ValueCoding<Represented.RawValue>) { self.raw = raw }

    func read(_ number: Int, from reader: inout BinaryArchiveReader, _ state: DecodingState) throws -> Represented {
        let rawValue = try raw.read(number, from: &reader, state)
        guard let value = Represented(rawValue: rawValue) else {
            throw AutoCodingError(.invalidValue, "\(Represented.self) has no value for raw value \(String(reflecting: rawValue))",
                                  expected: "\(Represented.self)", found: String(reflecting: rawValue))
        }
        return value
    }

    func encode(_ value: Represented, _ state: EncodingState) throws -> PropertyListValue {
        try raw.encode(value.rawValue, state)
    }

    func writeXML(_ value: Represented, to writer: inout XMLArchiveWriter, _ state: EncodingState) throws {
        try raw.writeXML(value.rawValue, to: &writer, state)
    }

    func write(_ value: Represented, to writer: inout BinaryArchiveWriter, _ state: EncodingState) throws -> UInt32 {
        try raw.write(value.rawValue, to: &writer, state)
    }

    func decode(_ plist: PropertyListValue, _ state: DecodingState) throws -> Represented {
        let rawValue = try raw.decode(plist, state)
        guard let value = Represented(rawValue: rawValue) else {
            throw AutoCodingError(.invalidValue, "\(Represented.self) has no value for raw value \(plist.autoCodingSummary)",
                                  expected: "\(Represented.self)", found: plist.autoCodingSummary)
        }
        return value
    }
}
