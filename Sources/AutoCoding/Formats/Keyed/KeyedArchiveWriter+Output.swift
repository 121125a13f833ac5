import Foundation
import PropertyList

extension KeyedArchiveWriter {
    /// The archive as a binary property list.
    ///
    /// The events are those ``PropertyListValue/write(to:maximumDepth:)`` sends for
    /// ``propertyList()``, so the bytes are the same as that tree's.
    ///
    /// The table of strings is released before the document is written (the writer takes no
    /// strings after this), so the output's buffers can reuse its memory.
    ///
    /// - Throws: ``PropertyListError`` when the document outgrows the binary format.
    package mutating func binaryArchive() throws(PropertyListError) -> Data {
        let fixed = OutputKeys()
        let shared = stringSlotsSpelledLikeOtherText(fixed)
        releaseStringTable()
        // UIDs bypass the scalar table (the stream writer maps small UIDs directly), so it holds the
        // numbers: inline ones, and number entries. The string table holds only what is not a
        // string entry (keys, class names, fixed strings) and the entries spelled like those.
        // The last archive of the root type sizes the output's buffers (tables allocated larger
        // than needed are memory each archive takes and gives back, page by page); the first is
        // guessed from the records.
        let last = lastSizes.flatMap { $0.outputObjects > 0 ? $0 : nil }
        func roomFor(_ count: Int) -> Int { count + count / 16 + 64 }
        var stream = BinaryPropertyListStreamWriter(
            capacity: last.map { roomFor($0.outputBytes) } ?? estimatedSize,
            expectedScalars: last.map { roomFor($0.outputScalars) } ?? (fields.count / 2 + slots.count / 8),
            expectedStrings: keys.count + 4 * classSlots.count + shared.count + 32,
            expectedObjects: last.map { roomFor($0.outputObjects) } ?? 0,
            expectedReferences: last.map { roomFor($0.outputReferences) } ?? 0,
            expectedContainers: last.map { roomFor($0.outputContainers) } ?? 0,
            uidBound: slots.count)
        try stream.beginDictionary(count: 4)
        try stream.key(KeyedArchiveFormat.versionKey)
        stream.integer(KeyedArchiveFormat.version)
        try stream.key(KeyedArchiveFormat.archiverKey)
        try stream.string(KeyedArchiveFormat.archiverName)
        try stream.key(KeyedArchiveFormat.topKey)
        try stream.beginDictionary(count: 1)
        try stream.key(KeyedArchiveFormat.rootKey)
        try stream.uid(root)
        try stream.endDictionary()
        try stream.key(KeyedArchiveFormat.objectsKey)
        try stream.beginArray(count: slots.count)
        var nextShared = 0
        // The records, read through one copy: the loop below captures `self` inout, and a
        // non-mutating method called on it copied the whole writer for every entry.
        let records = self
        // The stream's object of each prepared key, once it has written it (by key number).
        var keyObjects = [BinaryPropertyListStreamWriter.KeyObject?](repeating: nil, count: keys.count)
        try records.fields.withUnsafeBufferPointer { (fields) throws(PropertyListError) in
            try records.references.withUnsafeBufferPointer { (references) throws(PropertyListError) in
                for index in records.slots.indices {
                    let slot = records.slots[index]
                    guard slot.kind == .string else {
                        try records.write(slot, fields, references, fixed, &keyObjects, to: &stream)
                        continue
                    }
                    // String entries are already unique among themselves, so only those spelled
                    // like a key or fixed string need the stream's table to share one object.
                    while nextShared < shared.count, shared[nextShared] < index { nextShared += 1 }
                    if nextShared < shared.count, shared[nextShared] == index {
                        try stream.string(records.strings[slot.start])
                    } else {
                        KeyedStringTable.withUTF8(records.strings[slot.start]) { stream.distinctString(utf8: $0) }
                    }
                }
            }
        }
        try stream.endArray()
        try stream.endDictionary()
        let objectCount = stream.objectCount, referenceCount = stream.referenceCount
        let scalarCount = stream.scalarTableCount, containerCount = stream.containerCount
        let document = try stream.finish()
        if let rootType {
            KeyedArchiveSizeHints.shared.record(for: rootType) { sizes in
                sizes.outputObjects = objectCount
                sizes.outputReferences = referenceCount
                sizes.outputScalars = scalarCount
                sizes.outputContainers = containerCount
                sizes.outputBytes = document.count
            }
        }
        return document
    }

    /// The string entries, in ascending order (a number may repeat), whose text the output also
    /// writes as something else: an object's key, a class name, or one of the layout's fixed strings.
    private func stringSlotsSpelledLikeOtherText(_ fixed: OutputKeys) -> [Int] {
        var shared: [Int] = []
        func note(_ text: String) {
            if let slot = stringSlots.find(text, hash: KeyedStringTable.hash(text)).number { shared.append(Int(slot)) }
        }
        for text in fixed.texts { note(text) }
        for key in keys { note(key.text) }
        for slot in classSlots.values where Int(slot) < slots.count {
            let description = slots[Int(slot)]
            note(strings[description.start])
            for name in strings[Int(description.b)..<Int(description.b + description.c)] { note(name) }
        }
        shared.sort()
        return shared
    }

    /// A guess at the document's size, so its buffer is allocated about once.
    private var estimatedSize: Int {
        // Per entry an offset, a marker and its references or payload; numbers and UIDs are objects too.
        var bytes = 256 + slots.count * 20 + fields.count * 6 + references.count * 4
        for string in strings { bytes += string.utf8.count + 2 }
        for data in datas { bytes += data.count + 2 }
        return bytes
    }

    /// The fixed keys of Foundation's objects, each written through the stream's cache of stable
    /// keys (one lookup, no hashing, however many collections there are).
    private struct OutputKeys {
        let classKey = KeyedArchiveKeys.classKey.key
        let objects = KeyedArchiveKeys.objects.key
        let keys = KeyedArchiveKeys.keys.key
        let time = KeyedArchiveKeys.time.key
        let base = KeyedArchiveKeys.base.key
        let relative = KeyedArchiveKeys.relative.key
        let uuid = KeyedArchiveKeys.uuid.key
        let className = KeyedArchiveKeys.className.key
        let classes = KeyedArchiveKeys.classes.key

        /// Every fixed string ``binaryArchive()`` writes: these keys, the top level's keys,
        /// `$null`, the archiver's name and the nil marker's key.
        var texts: [String] {
            [classKey.text, objects.text, keys.text, time.text, base.text, relative.text, uuid.text, className.text,
             classes.text, KeyedArchiveFormat.versionKey, KeyedArchiveFormat.archiverKey, KeyedArchiveFormat.archiverName,
             KeyedArchiveFormat.topKey, KeyedArchiveFormat.rootKey, KeyedArchiveFormat.objectsKey, KeyedArchiveFormat.null,
             ReservedKey.nilMarker, ""]
        }
    }

    private func write(_ slot: Slot, _ fields: UnsafeBufferPointer<Field>, _ references: UnsafeBufferPointer<UInt64>,
                       _ fixed: OutputKeys, _ keyObjects: inout [BinaryPropertyListStreamWriter.KeyObject?],
                       to stream: inout BinaryPropertyListStreamWriter) throws(PropertyListError) {
        switch slot.kind {
        case .null:
            try stream.string(KeyedArchiveFormat.null)
        case .string:
            // binaryArchive() writes string entries itself; through the table this stays right.
            try stream.string(strings[slot.start])
        case .data:
            try stream.data(datas[slot.start])
        case .scalar:
            try write(Value(tag: Value.Tag(rawValue: UInt8(truncatingIfNeeded: slot.a)) ?? .uid, bits: slot.b), to: &stream)
        case .object:
            try stream.beginDictionary(count: slot.count)
            for field in fields[slot.start..<slot.start + slot.count] {
                if field.key >= 0, let known = keyObjects[Int(field.key)] {
                    stream.key(object: known)
                } else if field.key >= 0, let prepared = keys[Int(field.key)].prepared {
                    keyObjects[Int(field.key)] = Self.key(prepared, to: &stream)
                } else {
                    try stream.key(text(ofKey: field.key))
                }
                try write(field.value, to: &stream)
            }
            try stream.endDictionary()
        case .array, .set:
            try stream.beginDictionary(count: 2)
            Self.key(fixed.classKey, to: &stream)
            try stream.uid(slot.a)
            Self.key(fixed.objects, to: &stream)
            try writeUIDs(references[slot.start..<slot.start + slot.count], to: &stream)
            try stream.endDictionary()
        case .dictionary:
            try stream.beginDictionary(count: 3)
            Self.key(fixed.classKey, to: &stream)
            try stream.uid(slot.a)
            Self.key(fixed.keys, to: &stream)
            try writeUIDs(references[Int(slot.b)..<Int(slot.b + slot.c)], to: &stream)
            Self.key(fixed.objects, to: &stream)
            try writeUIDs(references[slot.start..<slot.start + slot.count], to: &stream)
            try stream.endDictionary()
        case .date:
            try stream.beginDictionary(count: 2)
            Self.key(fixed.classKey, to: &stream)
            try stream.uid(slot.a)
            Self.key(fixed.time, to: &stream)
            try stream.real(Double(bitPattern: slot.b))
            try stream.endDictionary()
        case .url:
            try stream.beginDictionary(count: 3)
            Self.key(fixed.classKey, to: &stream)
            try stream.uid(slot.a)
            Self.key(fixed.base, to: &stream)
            try stream.uid(slot.b)
            Self.key(fixed.relative, to: &stream)
            try stream.uid(slot.c)
            try stream.endDictionary()
        case .uuid:
            try stream.beginDictionary(count: 2)
            Self.key(fixed.classKey, to: &stream)
            try stream.uid(slot.a)
            Self.key(fixed.uuid, to: &stream)
            try stream.data(datas[slot.start])
            try stream.endDictionary()
        case .nsNull:
            try stream.beginDictionary(count: 1)
            Self.key(fixed.classKey, to: &stream)
            try stream.uid(slot.a)
            try stream.endDictionary()
        case .nilMarker:
            try stream.beginDictionary(count: 1)
            try stream.key(ReservedKey.nilMarker)
            stream.integer(Int64(bitPattern: slot.b))
            try stream.endDictionary()
        case .classDescription:
            try stream.beginDictionary(count: 2)
            Self.key(fixed.className, to: &stream)
            try stream.string(strings[slot.start])
            Self.key(fixed.classes, to: &stream)
            try stream.beginArray(count: Int(slot.c))
            for name in strings[Int(slot.b)..<Int(slot.b + slot.c)] { try stream.string(name) }
            try stream.endArray()
            try stream.endDictionary()
        }
    }

    /// Writes a prepared key through the stream's cache of stable keys.
    @inline(__always) @discardableResult
    private static func key(_ key: ArchiveKey,
                            to stream: inout BinaryPropertyListStreamWriter) -> BinaryPropertyListStreamWriter.KeyObject {
        stream.key(stableUTF8: key.utf8, hash: key.hash)
    }

    private func writeUIDs(_ uids: Slice<UnsafeBufferPointer<UInt64>>,
                           to stream: inout BinaryPropertyListStreamWriter) throws(PropertyListError) {
        try stream.beginArray(count: uids.count)
        for uid in uids { try stream.uid(uid) }
        try stream.endArray()
    }

    @inline(__always)
    private func write(_ value: Value, to stream: inout BinaryPropertyListStreamWriter) throws(PropertyListError) {
        switch value.tag {
        case .uid: try stream.uid(value.bits)
        case .integer: stream.integer(Int64(bitPattern: value.bits))
        case .unsigned: stream.unsigned(value.bits)
        case .real: try stream.real(Double(bitPattern: value.bits))
        case .bool: try stream.bool(value.bits != 0)
        }
    }

    // MARK: As a tree

    /// The archive's top-level dictionary (`$version`, `$archiver`, `$top`, `$objects`).
    package func propertyList() -> PropertyListValue {
        var objects: [PropertyListValue] = []
        objects.reserveCapacity(slots.count)
        for slot in slots { objects.append(value(of: slot)) }
        return .dictionary([
            KeyedArchiveFormat.versionKey: .integer(PropertyListInteger(KeyedArchiveFormat.version)),
            KeyedArchiveFormat.archiverKey: .string(KeyedArchiveFormat.archiverName),
            KeyedArchiveFormat.topKey: .dictionary([KeyedArchiveFormat.rootKey: .uid(root)]),
            KeyedArchiveFormat.objectsKey: .array(objects),
        ])
    }

    private func uids(_ range: Range<Int>) -> PropertyListValue {
        .array(references[range].map(PropertyListValue.uid))
    }

    private func value(of slot: Slot) -> PropertyListValue {
        switch slot.kind {
        case .null:
            return .string(KeyedArchiveFormat.null)
        case .string:
            return .string(strings[slot.start])
        case .data:
            return .data(datas[slot.start])
        case .scalar:
            return value(of: Value(tag: Value.Tag(rawValue: UInt8(truncatingIfNeeded: slot.a)) ?? .uid, bits: slot.b))
        case .object:
            var entries = PropertyListDictionary(minimumCapacity: slot.count)
            for field in fields[slot.start..<slot.start + slot.count] {
                entries.updateValue(value(of: field.value), forKey: text(ofKey: field.key))
            }
            return .dictionary(entries)
        case .array, .set:
            return .dictionary([KeyedArchiveFormat.classKey: .uid(slot.a),
                                KeyedArchiveFormat.objectsField: uids(slot.start..<slot.start + slot.count)])
        case .dictionary:
            return .dictionary([KeyedArchiveFormat.classKey: .uid(slot.a),
                                KeyedArchiveFormat.keysField: uids(Int(slot.b)..<Int(slot.b + slot.c)),
                                KeyedArchiveFormat.objectsField: uids(slot.start..<slot.start + slot.count)])
        case .date:
            return .dictionary([KeyedArchiveFormat.classKey: .uid(slot.a),
                                KeyedArchiveFormat.timeField: .real(Double(bitPattern: slot.b))])
        case .url:
            return .dictionary([KeyedArchiveFormat.classKey: .uid(slot.a),
                                KeyedArchiveFormat.baseField: .uid(slot.b),
                                KeyedArchiveFormat.relativeField: .uid(slot.c)])
        case .uuid:
            return .dictionary([KeyedArchiveFormat.classKey: .uid(slot.a),
                                KeyedArchiveFormat.uuidField: .data(datas[slot.start])])
        case .nsNull:
            return .dictionary([KeyedArchiveFormat.classKey: .uid(slot.a)])
        case .nilMarker:
            return .dictionary([ReservedKey.nilMarker: .integer(PropertyListInteger(Int64(bitPattern: slot.b)))])
        case .classDescription:
            return .dictionary([KeyedArchiveFormat.classNameKey: .string(strings[slot.start]),
                                KeyedArchiveFormat.classesKey: .array(strings[Int(slot.b)..<Int(slot.b + slot.c)]
                                    .map(PropertyListValue.string))])
        }
    }

    private func value(of value: Value) -> PropertyListValue {
        switch value.tag {
        case .uid: return .uid(value.bits)
        case .integer: return .integer(PropertyListInteger(Int64(bitPattern: value.bits)))
        case .unsigned: return .integer(PropertyListInteger(value.bits))
        case .real: return .real(Double(bitPattern: value.bits))
        case .bool: return .bool(value.bits != 0)
        }
    }
}
