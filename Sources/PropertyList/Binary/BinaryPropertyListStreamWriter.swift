import Foundation

/// The one `bplist00` writer: takes a property list as events and produces the document.
///
/// Objects are numbered in pre-order, in the order events arrive: a container gets its number when
/// it opens, then its elements (for a dictionary, each key before its value). Equal scalars share
/// one object, as CoreFoundation and Python's `plistlib` arrange it — strings and data compared
/// byte for byte, numbers, dates and UIDs by bit pattern; containers are never shared. Scalars are
/// written the moment they get a number; a container's references wait until the end, when the
/// object count (and so the reference width) is known, and the containers follow the scalars.
/// Integers, references and offsets use the fewest bytes CoreFoundation accepts, so documents are
/// as small as `plistlib`'s, and the same events always give the same bytes.
///
/// ``BinaryPropertyListWriter`` writes trees through it and AutoCoding writes values through it,
/// so an archive has the same bytes whichever path made it.
package struct BinaryPropertyListStreamWriter: ~Copyable, PropertyListEventWriter {
    private struct Container {
        var number: Int
        var marker: UInt8
        var count: Int
        var firstReference: Int
    }

    private struct OpenContainer {
        var number: Int
        var firstChild: Int
        var isDictionary: Bool
    }

    private typealias Marker = BinaryPropertyListFormat.Marker
    private typealias Tag = BinaryPropertyListScalarTable.Tag

    private var out: ByteBuffer
    /// The offset of every object, by number (containers are filled in at the end).
    private var offsets: [Int] = []
    private var containers: [Container] = []
    /// Object numbers referenced by finished containers; each container owns a contiguous run
    /// (a dictionary's keys, then its values).
    private var references: [Int] = []
    /// The children of the open containers, innermost last (dictionaries: key, value, key, …).
    private var children: [Int] = []
    private var open: [OpenContainer] = []
    private var strings = BinaryPropertyListByteTable()
    private var datas = BinaryPropertyListByteTable()
    private var scalars = BinaryPropertyListScalarTable()

    /// Starts a document.
    ///
    /// - Parameter capacity: The expected document size in bytes, to allocate once.
    package init(capacity: Int = 4096) {
        out = ByteBuffer(initialCapacity: capacity)
        out.append(BinaryPropertyListFormat.magic)
        offsets.reserveCapacity(max(16, capacity / 8))
    }

    /// The number of objects so far.
    package var objectCount: Int { offsets.count }

    /// How many containers are open.
    package var depth: Int { open.count }

    // MARK: Events

    package mutating func beginArray(count: Int) throws(PropertyListError) { openContainer(isDictionary: false) }

    package mutating func beginDictionary(count: Int) throws(PropertyListError) { openContainer(isDictionary: true) }

    package mutating func endArray() throws(PropertyListError) { closeContainer() }

    package mutating func endDictionary() throws(PropertyListError) { closeContainer() }

    package mutating func key(_ key: String) throws(PropertyListError) { try string(key) }

    /// The key of the next entry, given as UTF-8 with its ``keyHash(utf8:)`` worked out beforehand,
    /// so keys written again and again (property names) are not hashed each time.
    @inline(__always)
    package mutating func key(utf8 bytes: UnsafeRawBufferPointer, hash: UInt64) {
        let number = offsets.count
        if let existing = strings.existingNumber(for: bytes, hash: hash, orInsert: number) {
            add(existing)
            return
        }
        offsets.append(out.count)
        Self.writeString(utf8: bytes, into: &out)
        add(number)
    }

    /// The hash ``key(utf8:hash:)`` expects for `bytes`.
    package static func keyHash(utf8 bytes: UnsafeRawBufferPointer) -> UInt64 {
        BinaryPropertyListByteTable.hash(bytes)
    }

    package mutating func string(_ value: String) throws(PropertyListError) {
        add(interned(string: value))
    }

    /// A string given as UTF-8 bytes, which must be valid UTF-8.
    package mutating func string(utf8 bytes: UnsafeRawBufferPointer) {
        add(interned(utf8: bytes))
    }

    package mutating func integer(_ value: PropertyListInteger) throws(PropertyListError) {
        let large = value.uint64Value.map { $0 > UInt64(Int64.max) } ?? false
        add(interned(large ? .largeInteger : .integer, value.bits))
    }

    /// A signed integer.
    @inline(__always)
    package mutating func integer(_ value: Int64) {
        add(interned(.integer, UInt64(bitPattern: value)))
    }

    /// An unsigned integer; values above `Int64.max` take the 16-byte form.
    @inline(__always)
    package mutating func unsigned(_ value: UInt64) {
        add(interned(value > UInt64(Int64.max) ? .largeInteger : .integer, value))
    }

    package mutating func real(_ value: Double) throws(PropertyListError) { add(interned(.real, value.bitPattern)) }

    package mutating func real32(_ value: Float) throws(PropertyListError) {
        add(interned(.real32, UInt64(value.bitPattern)))
    }

    package mutating func bool(_ value: Bool) throws(PropertyListError) { add(interned(.bool, value ? 1 : 0)) }

    package mutating func date(_ value: Date) throws(PropertyListError) {
        add(interned(.date, value.timeIntervalSinceReferenceDate.bitPattern))
    }

    package mutating func data(_ value: Data) throws(PropertyListError) {
        let number = value.withUnsafeBytes { interned(data: $0) }
        add(number)
    }

    package mutating func uid(_ value: UInt64) throws(PropertyListError) { add(interned(.uid, value)) }

    // MARK: Output

    /// Writes the containers, the offset table and the trailer, and returns the document.
    ///
    /// - Throws: ``PropertyListError/Kind/unrepresentable`` when nothing was written or a container
    ///   is still open.
    package consuming func finish() throws(PropertyListError) -> Data {
        guard !offsets.isEmpty, open.isEmpty else {
            throw PropertyListError(.unrepresentable, open.isEmpty ? "no value was written" : "a container was not closed")
        }
        writeContainers()
        writeTrailer()
        return out.finish()
    }

    // MARK: Numbering

    /// Makes `number` the next child of the innermost open container (or the root).
    @inline(__always)
    private mutating func add(_ number: Int) {
        if !open.isEmpty { children.append(number) }
    }

    private mutating func openContainer(isDictionary: Bool) {
        let number = offsets.count
        offsets.append(0)
        add(number)
        open.append(OpenContainer(number: number, firstChild: children.count, isDictionary: isDictionary))
    }

    private mutating func closeContainer() {
        guard let container = open.popLast() else { return }
        let first = references.count
        let childCount = children.count - container.firstChild
        if container.isDictionary {
            let entries = childCount / 2
            references.reserveCapacity(first + 2 * entries)
            var index = container.firstChild
            while index + 1 < children.count {
                references.append(children[index])
                index += 2
            }
            index = container.firstChild + 1
            while index < children.count {
                references.append(children[index])
                index += 2
            }
            containers.append(Container(number: container.number, marker: Marker.dictionary, count: entries,
                                        firstReference: first))
        } else {
            references.append(contentsOf: children[container.firstChild...])
            containers.append(Container(number: container.number, marker: Marker.array, count: childCount,
                                        firstReference: first))
        }
        children.removeSubrange(container.firstChild...)
    }

    // MARK: Scalars

    private mutating func interned(string: String) -> Int {
        var string = string
        return string.withUTF8 { interned(utf8: UnsafeRawBufferPointer($0)) }
    }

    private mutating func interned(utf8 bytes: UnsafeRawBufferPointer) -> Int {
        let number = offsets.count
        if let existing = strings.existingNumber(for: bytes, orInsert: number) { return existing }
        offsets.append(out.count)
        Self.writeString(utf8: bytes, into: &out)
        return number
    }

    private mutating func interned(data bytes: UnsafeRawBufferPointer) -> Int {
        let number = offsets.count
        if let existing = datas.existingNumber(for: bytes, orInsert: number) { return existing }
        offsets.append(out.count)
        Self.writeCount(Marker.data, bytes.count, into: &out)
        out.append(contentsOf: bytes)
        return number
    }

    private mutating func interned(_ tag: Tag, _ bits: UInt64) -> Int {
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

    private mutating func writeContainers() {
        let width = BinaryPropertyListFormat.widthCovering(offsets.count)
        for container in containers {
            offsets[container.number] = out.count
            Self.writeCount(container.marker, container.count, into: &out)
            let slots = container.marker == Marker.dictionary ? 2 * container.count : container.count
            Self.writeBigEndian(references[container.firstReference ..< container.firstReference + slots],
                                width: width, into: &out)
        }
    }

    private mutating func writeTrailer() {
        let tableOffset = out.count
        let offsetWidth = BinaryPropertyListFormat.widthCovering(tableOffset)
        Self.writeBigEndian(offsets[...], width: offsetWidth, into: &out)
        // Five unused bytes and the sort version, all zero.
        out.appendBigEndian(0, width: 6)
        out.append(UInt8(offsetWidth))
        out.append(UInt8(BinaryPropertyListFormat.widthCovering(offsets.count)))
        out.appendBigEndian(UInt64(offsets.count), width: 8)
        // The root is always the first object numbered.
        out.appendBigEndian(0, width: 8)
        out.appendBigEndian(UInt64(tableOffset), width: 8)
    }
}
