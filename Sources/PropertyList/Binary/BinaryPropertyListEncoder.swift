import Foundation

/// Flattens a ``PropertyListValue`` into numbered `bplist00` objects and writes the document.
///
/// Objects are numbered in pre-order (a dictionary, then its keys, then its values). Equal
/// scalars share one object, as CoreFoundation and Python's `plistlib` arrange it; containers are
/// never shared. Scalars are written the moment they get a number; containers, whose reference
/// width depends on the final object count, follow after all scalars. The offset table lets
/// objects appear in any order, and the output is deterministic.
struct BinaryPropertyListEncoder {
    private struct Container {
        var number: Int
        var marker: UInt8
        var count: Int
        var firstReference: Int
    }

    private typealias Marker = BinaryPropertyListFormat.Marker
    private typealias Tag = BinaryPropertyListScalarTable.Tag

    let maximumDepth: Int
    /// The offset of every object, by number (containers are filled in at the end).
    private var offsets: [Int] = []
    private var containers: [Container] = []
    /// Object numbers referenced by containers; each container owns a contiguous run.
    private var references: [Int] = []
    private var strings = BinaryPropertyListByteTable()
    private var datas = BinaryPropertyListByteTable()
    private var scalars = BinaryPropertyListScalarTable()

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    /// Encodes `value` as a complete document.
    mutating func encode(_ value: PropertyListValue) throws(PropertyListError) -> Data {
        var out = ByteBuffer(initialCapacity: 4096)
        out.append(BinaryPropertyListFormat.magic)
        do {
            _ = try flatten(value, depth: 0, into: &out)
        } catch {
            var error = error
            error.location.path = "root" + (error.location.path ?? "")
            throw error
        }
        writeContainers(into: &out)
        writeTrailer(into: &out)
        return out.finish()
    }

    // MARK: Flattening

    private mutating func flatten(_ value: PropertyListValue, depth: Int,
                                  into out: inout ByteBuffer) throws(PropertyListError) -> Int {
        switch value {
        case .string(let string):
            return intern(string: string, into: &out)
        case .integer(let integer):
            let large = integer.uint64Value.map { $0 > UInt64(Int64.max) } ?? false
            return intern(large ? .largeInteger : .integer, integer.bits, into: &out)
        case .real(let real):
            return intern(.real, real.bitPattern, into: &out)
        case .real32(let real):
            return intern(.real32, UInt64(real.bitPattern), into: &out)
        case .date(let date):
            return intern(.date, date.timeIntervalSinceReferenceDate.bitPattern, into: &out)
        case .bool(let bool):
            return intern(.bool, bool ? 1 : 0, into: &out)
        case .uid(let uid):
            return intern(.uid, uid, into: &out)
        case .data(let data):
            return intern(data: data, into: &out)
        case .array(let elements):
            let first = try openContainer(Marker.array, count: elements.count, slots: elements.count, depth: depth)
            for index in elements.indices {
                do {
                    references[first.reference + index] = try flatten(elements[index], depth: depth + 1, into: &out)
                } catch {
                    throw Self.prefixing(error, "[\(index)]")
                }
            }
            return first.number
        case .dictionary(let dictionary):
            let count = dictionary.count
            let first = try openContainer(Marker.dictionary, count: count, slots: 2 * count, depth: depth)
            for index in 0..<count {
                references[first.reference + index] = intern(string: dictionary.entries[index].key, into: &out)
            }
            for index in 0..<count {
                let entry = dictionary.entries[index]
                do {
                    references[first.reference + count + index] = try flatten(entry.value, depth: depth + 1, into: &out)
                } catch {
                    throw Self.prefixing(error, "[\(Self.quoted(entry.key))]")
                }
            }
            return first.number
        }
    }

    private mutating func openContainer(_ marker: UInt8, count: Int, slots: Int,
                                        depth: Int) throws(PropertyListError) -> (number: Int, reference: Int) {
        guard depth < maximumDepth else {
            throw PropertyListError(.unrepresentable,
                                    "containers nest deeper than the limit of \(maximumDepth)")
        }
        let number = offsets.count
        offsets.append(0)
        let first = references.count
        references.append(contentsOf: repeatElement(0, count: slots))
        containers.append(Container(number: number, marker: marker, count: count, firstReference: first))
        return (number, first)
    }

    private static func prefixing(_ error: PropertyListError, _ component: String) -> PropertyListError {
        var error = error
        error.location.path = component + (error.location.path ?? "")
        return error
    }

    private static func quoted(_ key: String) -> String {
        "\"" + key.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    // MARK: Scalars

    private mutating func intern(string: String, into out: inout ByteBuffer) -> Int {
        var string = string
        return string.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            let number = offsets.count
            if let existing = strings.existingNumber(for: bytes, orInsert: number) { return existing }
            offsets.append(out.count)
            Self.writeString(utf8: bytes, into: &out)
            return number
        }
    }

    private mutating func intern(data: Data, into out: inout ByteBuffer) -> Int {
        data.withUnsafeBytes { bytes in
            let number = offsets.count
            if let existing = datas.existingNumber(for: bytes, orInsert: number) { return existing }
            offsets.append(out.count)
            Self.writeCount(Marker.data, bytes.count, into: &out)
            out.append(contentsOf: bytes)
            return number
        }
    }

    private mutating func intern(_ tag: Tag, _ bits: UInt64, into out: inout ByteBuffer) -> Int {
        let number = offsets.count
        if let existing = scalars.existingNumber(tag: tag, bits: bits, orInsert: number) { return existing }
        offsets.append(out.count)
        switch tag {
        case .integer:
            let width = Int64(bitPattern: bits) < 0 ? 8 : BinaryPropertyListFormat.byteWidth(bits)
            out.append(Marker.integer | UInt8(width.trailingZeroBitCount))
            out.appendBigEndian(bits, width: width)
        case .largeInteger:
            // A 128-bit two's-complement value whose high half is zero.
            out.append(Marker.integer | 4)
            out.appendBigEndian(0, width: 8)
            out.appendBigEndian(bits, width: 8)
        case .real:
            out.append(Marker.real64)
            out.appendBigEndian(bits, width: 8)
        case .real32:
            out.append(Marker.real32)
            out.appendBigEndian(bits, width: 4)
        case .date:
            out.append(Marker.date)
            out.appendBigEndian(bits, width: 8)
        case .uid:
            let width = BinaryPropertyListFormat.byteWidth(bits)
            out.append(Marker.uid | UInt8(width - 1))
            out.appendBigEndian(bits, width: width)
        case .bool:
            out.append(bits == 0 ? Marker.boolFalse : Marker.boolTrue)
        }
        return number
    }

    // MARK: Containers and trailer

    private mutating func writeContainers(into out: inout ByteBuffer) {
        let width = BinaryPropertyListFormat.widthCovering(offsets.count)
        for container in containers {
            let number = container.number
            offsets[number] = out.count
            Self.writeCount(container.marker, container.count, into: &out)
            let slots = container.marker == Marker.dictionary ? 2 * container.count : container.count
            Self.writeBigEndian(references[container.firstReference ..< container.firstReference + slots],
                                width: width, into: &out)
        }
    }

    private func writeTrailer(into out: inout ByteBuffer) {
        let tableOffset = out.count
        let offsetWidth = BinaryPropertyListFormat.widthCovering(tableOffset)
        Self.writeBigEndian(offsets[...], width: offsetWidth, into: &out)
        // Five unused bytes and the sort version, all zero.
        out.appendBigEndian(0, width: 6)
        out.append(UInt8(offsetWidth))
        out.append(UInt8(BinaryPropertyListFormat.widthCovering(offsets.count)))
        out.appendBigEndian(UInt64(offsets.count), width: 8)
        out.appendBigEndian(0, width: 8)
        out.appendBigEndian(UInt64(tableOffset), width: 8)
    }
}
