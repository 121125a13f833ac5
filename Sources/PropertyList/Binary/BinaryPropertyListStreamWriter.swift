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
    // The nested types of stored properties are internal, not private: other modules' optimized
    // code that moves or destroys this writer refers to their metadata, and a private type's
    // symbol is local to this file's object (a release build of a package depending on Archivist
    // failed to link).
    struct Container {
        var number: UInt32
        var marker: UInt8
        var count: UInt32
        var firstReference: UInt32
    }

    struct OpenContainer {
        var number: UInt32
        var firstChild: UInt32
        var isDictionary: Bool
    }

    /// A remembered key: its bytes' address (which the caller keeps stable), hash and object.
    struct CachedKey {
        var address: UInt = 0
        var hash: UInt64 = 0
        var length: Int = 0
        var number: UInt32 = 0
    }

    private typealias Marker = BinaryPropertyListFormat.Marker
    private typealias Tag = BinaryPropertyListScalarTable.Tag

    private var out: ByteBuffer
    /// The offset of every object, by number (containers are filled in at the end).
    private var offsets: GrowableBuffer<UInt32>
    private var containers = GrowableBuffer<Container>(capacity: 256)
    /// Object numbers referenced by finished containers; each container owns a contiguous run, in
    /// the order its children arrived (a dictionary's key, value, key, …: ``writeContainers()``
    /// writes the keys, then the values).
    private var references: GrowableBuffer<UInt32>
    /// The children of the open containers, innermost last (dictionaries: key, value, key, …).
    private var children = GrowableBuffer<UInt32>(capacity: 256)
    private var open = GrowableBuffer<OpenContainer>(capacity: 32)
    private var strings: BinaryPropertyListByteTable
    private var datas = BinaryPropertyListByteTable()
    private var scalars: BinaryPropertyListScalarTable
    /// A direct-mapped cache of keys written through ``key(stableUTF8:hash:)``.
    private var keyCache = GrowableBuffer<CachedKey>(capacity: 256)
    /// The object number + 1 of each UID below ``directUIDLimit`` written so far, by value (0: not
    /// yet). Keyed archives refer to every entry by a small UID, so these skip the scalar table.
    private var uidNumbers = GrowableBuffer<UInt32>(capacity: 0)
    /// UIDs from here on are uniqued through the scalar table.
    private static var directUIDLimit: UInt64 { 1 << 22 }
    /// Whether the document outgrew what the format's 32-bit bookkeeping here can number.
    private var tooLarge = false

    /// Starts a document.
    ///
    /// - Parameters:
    ///   - capacity: The expected document size in bytes, to allocate once.
    ///   - expectedScalars: About how many distinct numbers, dates and UIDs it will hold (0: unknown).
    ///   - expectedStrings: About how many distinct strings it will hold (0: unknown).
    ///   - expectedObjects: About how many objects it will hold (0: unknown, guessed from
    ///     `capacity`); with a count, the offset table is allocated at that size.
    ///   - expectedReferences: About how many references its containers will hold, all together
    ///     (0: unknown, guessed from `capacity`); with a count, the reference table is allocated at
    ///     that size.
    ///   - expectedContainers: About how many arrays and dictionaries it will hold (0: unknown).
    ///   - uidBound: One more than the largest UID expected (0: unknown), so the table of UIDs
    ///     written directly is allocated once at that size.
    package init(capacity: Int = 4096, expectedScalars: Int = 0, expectedStrings: Int = 0,
                 expectedObjects: Int = 0, expectedReferences: Int = 0, expectedContainers: Int = 0,
                 uidBound: Int = 0) {
        out = ByteBuffer(initialCapacity: capacity)
        out.append(BinaryPropertyListFormat.magic)
        offsets = expectedObjects > 0 ? GrowableBuffer(exactCapacity: expectedObjects)
                                      : GrowableBuffer(capacity: Swift.max(64, capacity / 6))
        references = expectedReferences > 0 ? GrowableBuffer(exactCapacity: expectedReferences)
                                            : GrowableBuffer(capacity: Swift.max(64, capacity / 6))
        keyCache.append(CachedKey(), count: 256)
        if expectedContainers > 0 { containers = GrowableBuffer(exactCapacity: expectedContainers) }
        if uidBound > 0 {
            let count = Swift.min(uidBound, Int(Self.directUIDLimit))
            uidNumbers = GrowableBuffer(exactCapacity: count)
            uidNumbers.append(0, count: count)
        }
        scalars = BinaryPropertyListScalarTable(expectedCount: expectedScalars)
        strings = BinaryPropertyListByteTable(expectedCount: expectedStrings)
    }

    /// The number of objects so far.
    package var objectCount: Int { offsets.count }

    /// The number of references in containers so far (closed ones and the children of open ones).
    package var referenceCount: Int { references.count + children.count }

    /// The number of arrays and dictionaries so far (open ones included).
    package var containerCount: Int { containers.count + open.count }

    /// The number of distinct numbers, dates and UIDs so far that went through the table of scalars.
    package var scalarTableCount: Int { scalars.count }

    /// How many containers are open.
    package var depth: Int { open.count }

    // MARK: Events

    package mutating func beginArray(count: Int) throws(PropertyListError) { openContainer(isDictionary: false) }

    package mutating func beginDictionary(count: Int) throws(PropertyListError) { openContainer(isDictionary: true) }

    package mutating func endArray() throws(PropertyListError) { closeContainer() }

    package mutating func endDictionary() throws(PropertyListError) { closeContainer() }

    package mutating func key(_ key: String) throws(PropertyListError) { try string(key) }

    /// The key of the next entry, given as UTF-8 that stays at the same address with the same
    /// contents for the life of this writer (property names of plans, which live forever), with its
    /// ``keyHash(utf8:)`` worked out beforehand: keys written again and again cost a cache lookup.
    ///
    /// - Returns: The key's object, which ``key(object:)`` refers to again.
    @inline(__always) @discardableResult
    package mutating func key(stableUTF8 bytes: UnsafeRawBufferPointer, hash: UInt64) -> KeyObject {
        let address = UInt(bitPattern: bytes.baseAddress)
        let slot = Int(truncatingIfNeeded: hash >> 56)
        let cached = keyCache[slot]
        if cached.address == address, cached.hash == hash, cached.length == bytes.count {
            add(cached.number)
            return KeyObject(number: cached.number)
        }
        let number = interned(utf8: bytes, hash: hash)
        keyCache[slot] = CachedKey(address: address, hash: hash, length: bytes.count, number: number)
        add(number)
        return KeyObject(number: number)
    }

    /// A string object of this document that ``key(stableUTF8:hash:)`` wrote or found: a writer
    /// that numbers its keys itself keeps these, and gives each key again without a lookup.
    package struct KeyObject: BitwiseCopyable {
        fileprivate let number: UInt32
    }

    /// The key of the next entry: the string object `key`, which ``key(stableUTF8:hash:)`` of
    /// this writer returned (the same object it would find for the same bytes).
    @inline(__always)
    package mutating func key(object key: KeyObject) {
        add(key.number)
    }

    /// A string value given as ``key(stableUTF8:hash:)`` takes a key (keys are string objects too):
    /// a constant written again and again costs a cache lookup.
    @inline(__always)
    package mutating func string(stableUTF8 bytes: UnsafeRawBufferPointer, hash: UInt64) {
        _ = key(stableUTF8: bytes, hash: hash)
    }

    /// The hash ``key(stableUTF8:hash:)`` expects for `bytes`.
    package static func keyHash(utf8 bytes: UnsafeRawBufferPointer) -> UInt64 {
        BinaryPropertyListByteTable.hash(bytes)
    }

    package mutating func string(_ value: String) throws(PropertyListError) {
        add(interned(string: value))
    }

    /// A string given as UTF-8 bytes, which must be valid UTF-8.
    package mutating func string(utf8 bytes: UnsafeRawBufferPointer) {
        add(interned(utf8: bytes, hash: BinaryPropertyListByteTable.hash(bytes)))
    }

    /// A string, given as valid UTF-8, that differs from every other string of the document:
    /// written as an object of its own without consulting or filling the table of strings. For
    /// writers that unique strings themselves; if the promise is broken, the document has two
    /// equal string objects (still valid, but not the bytes the tree of the same values gives).
    package mutating func distinctString(utf8 bytes: UnsafeRawBufferPointer) {
        let number = newObject()
        Self.writeString(utf8: bytes, into: &out)
        add(number)
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

    package mutating func uid(_ value: UInt64) throws(PropertyListError) {
        guard value < Self.directUIDLimit else { return add(interned(.uid, value)) }
        let index = Int(truncatingIfNeeded: value)
        if index >= uidNumbers.count {
            uidNumbers.append(0, count: Swift.max(index + 1 - uidNumbers.count, uidNumbers.count))
            guard index < uidNumbers.count else { return add(interned(.uid, value)) }
        }
        let known = uidNumbers[index]
        if known != 0 { return add(known &- 1) }
        let number = newObject()
        writeScalar(.uid, value)
        uidNumbers[index] = number &+ 1
        add(number)
    }

    // MARK: Output

    /// Writes the containers, the offset table and the trailer, and returns the document.
    ///
    /// - Throws: ``PropertyListError/Kind/unrepresentable`` when nothing was written, a container
    ///   is still open, the document outgrew 4 GiB or 2^32 objects, or memory ran out.
    package consuming func finish() throws(PropertyListError) -> Data {
        guard offsets.count > 0, open.count == 0 else {
            throw PropertyListError(.unrepresentable, open.count == 0 ? "no value was written" : "a container was not closed")
        }
        writeContainers()
        guard !tooLarge, out.count <= Int(UInt32.max) else {
            throw PropertyListError(.unrepresentable, "binary property lists written here are limited to 4 GiB and 2^32 objects")
        }
        guard !(offsets.failed || references.failed || children.failed || containers.failed || open.failed
                || strings.failed || datas.failed || scalars.failed || uidNumbers.failed) else {
            throw PropertyListError(.unrepresentable, "memory ran out while writing a binary property list")
        }
        writeTrailer()
        do {
            return try out.finish()
        } catch {
            throw PropertyListError(error)
        }
    }

    // MARK: Numbering

    /// A new object at the current end of the document.
    @inline(__always)
    private mutating func newObject() -> UInt32 {
        let number = UInt32(truncatingIfNeeded: offsets.count)
        if out.count > Int(UInt32.max) || offsets.count >= Int(UInt32.max) { tooLarge = true }
        offsets.append(UInt32(truncatingIfNeeded: out.count))
        return number
    }

    /// Makes `number` the next child of the innermost open container (or the root).
    @inline(__always)
    private mutating func add(_ number: UInt32) {
        if open.count > 0 { children.append(number) }
    }

    private mutating func openContainer(isDictionary: Bool) {
        let number = UInt32(truncatingIfNeeded: offsets.count)
        offsets.append(0)
        add(number)
        open.append(OpenContainer(number: number, firstChild: UInt32(truncatingIfNeeded: children.count),
                                  isDictionary: isDictionary))
    }

    private mutating func closeContainer() {
        guard open.count > 0 else { return }
        let container = open[open.count - 1]
        open.removeSuffix(from: open.count - 1)
        let first = UInt32(truncatingIfNeeded: references.count)
        let firstChild = Int(container.firstChild)
        let childCount = children.count - firstChild
        // The children as they arrived, in one copy: a dictionary's are split into keys and values
        // when they are written (the same pass that writes them big-endian).
        references.append(contentsOf: children, from: firstChild)
        containers.append(Container(number: container.number,
                                    marker: container.isDictionary ? Marker.dictionary : Marker.array,
                                    count: UInt32(truncatingIfNeeded: container.isDictionary ? childCount / 2 : childCount),
                                    firstReference: first))
        children.removeSuffix(from: firstChild)
    }

    // MARK: Scalars

    @inline(__always)
    private mutating func interned(string: String) -> UInt32 {
        // Native strings lend their UTF-8 without a copy; others are made contiguous first.
        if let number = string.utf8.withContiguousStorageIfAvailable({ utf8 -> UInt32 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return interned(utf8: bytes, hash: BinaryPropertyListByteTable.hash(bytes))
        }) {
            return number
        }
        var string = string
        return string.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            return interned(utf8: bytes, hash: BinaryPropertyListByteTable.hash(bytes))
        }
    }

    private mutating func interned(utf8 bytes: UnsafeRawBufferPointer, hash: UInt64) -> UInt32 {
        if let existing = strings.existingNumber(for: bytes, hash: hash, in: out) {
            return UInt32(truncatingIfNeeded: existing)
        }
        let number = newObject()
        let isASCII = Self.writeString(utf8: bytes, into: &out)
        // ASCII strings are compared with the document's copy; others keep their UTF-8 aside.
        strings.insert(bytes, hash: hash, number: Int(number), documentOffset: isASCII ? out.count - bytes.count : nil)
        return number
    }

    private mutating func interned(data bytes: UnsafeRawBufferPointer) -> UInt32 {
        let hash = BinaryPropertyListByteTable.hash(bytes)
        if let existing = datas.existingNumber(for: bytes, hash: hash, in: out) {
            return UInt32(truncatingIfNeeded: existing)
        }
        let number = newObject()
        Self.writeCount(Marker.data, bytes.count, into: &out)
        out.append(contentsOf: bytes)
        datas.insert(bytes, hash: hash, number: Int(number), documentOffset: out.count - bytes.count)
        return number
    }

    @inline(__always)
    private mutating func interned(_ tag: Tag, _ bits: UInt64) -> UInt32 {
        let number = offsets.count
        if let existing = scalars.existingNumber(tag: tag, bits: bits, orInsert: number) {
            return UInt32(truncatingIfNeeded: existing)
        }
        _ = newObject()
        writeScalar(tag, bits)
        return UInt32(truncatingIfNeeded: number)
    }

    /// Writes the object of a scalar that has just been numbered.
    @inline(__always)
    private mutating func writeScalar(_ tag: Tag, _ bits: UInt64) {
        switch tag {
        case .integer:
            let width = Int64(bitPattern: bits) < 0 ? 8 : BinaryPropertyListFormat.byteWidth(bits)
            out.append(Marker.integer | UInt8(width.trailingZeroBitCount), bigEndian: bits, width: width)
        case .largeInteger:
            // A 128-bit two's-complement value whose high half is zero.
            out.append(Marker.integer | 4, bigEndian: 0, width: 8)
            out.appendBigEndian(bits, width: 8)
        case .real:
            out.append(Marker.real64, bigEndian: bits, width: 8)
        case .real32:
            out.append(Marker.real32, bigEndian: bits, width: 4)
        case .date:
            out.append(Marker.date, bigEndian: bits, width: 8)
        case .uid:
            let width = BinaryPropertyListFormat.byteWidth(bits)
            out.append(Marker.uid | UInt8(width - 1), bigEndian: bits, width: width)
        case .bool:
            out.append(bits == 0 ? Marker.boolFalse : Marker.boolTrue)
        }
    }

    // MARK: Containers and trailer

    private mutating func writeContainers() {
        let width = BinaryPropertyListFormat.widthCovering(offsets.count)
        for index in 0..<containers.count {
            let container = containers[index]
            offsets[Int(container.number)] = UInt32(truncatingIfNeeded: out.count)
            if out.count > Int(UInt32.max) { tooLarge = true }
            Self.writeCount(container.marker, Int(container.count), into: &out)
            let isDictionary = container.marker == Marker.dictionary
            references.withUnsafeBufferPointer { all in
                // Clamped: after an allocation failed (reported below) the references may be short.
                let first = Swift.min(Int(container.firstReference), all.count)
                let slots = isDictionary ? 2 * Int(container.count) : Int(container.count)
                let run = UnsafeBufferPointer(rebasing: all[first ..< Swift.min(first + slots, all.count)])
                if isDictionary {
                    Self.writeEntryReferences(run, width: width, into: &out)
                } else {
                    Self.writeBigEndian(run, width: width, into: &out)
                }
            }
        }
    }

    private mutating func writeTrailer() {
        let tableOffset = out.count
        let offsetWidth = BinaryPropertyListFormat.widthCovering(tableOffset)
        offsets.withUnsafeBufferPointer { Self.writeBigEndian($0, width: offsetWidth, into: &out) }
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
