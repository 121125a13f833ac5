import Foundation
import PropertyList

/// Dictionaries of the document as property-list dictionaries read them, class descriptions, and
/// the checks of the archive's top level — straight from the binary objects.
extension KeyedArchiveReader {
    typealias Object = BinaryPropertyListScanner.Object

    /// The fixed keys the reader looks up.
    typealias Keys = KeyedArchiveKeys

    /// The name errors use for what an object is (as ``PropertyListValue/typeName`` says it).
    static func typeName(_ object: Object) -> String {
        switch object.kind {
        case .dictionary: return "dict"
        case .array: return "array"
        case .asciiString, .utf16String: return "string"
        case .integer: return "int"
        case .real: return "real"
        case .bool: return "bool"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "uid"
        }
    }

    // MARK: Dictionaries

    /// The entries of a dictionary as a property-list dictionary holds them: a repeated key keeps
    /// its first position and takes the last value.
    ///
    /// Dictionaries that list the same key objects in the same order (objects of one type) share
    /// one list of entries, worked out once: a *shape*, whose entries give each key and the slot
    /// of its value (see ``entryValue(_:_:)``).
    ///
    /// - Returns: Where the entries of its shape lie in ``entryKeys`` / ``entryValueSlots``.
    mutating func entries(of dictionary: Object) throws -> Range<Int> {
        try shapeRanges[shape(of: dictionary)]
    }

    /// The shape of a dictionary.
    @inline(__always)
    mutating func shape(of dictionary: Object) throws -> Int {
        let known = dictionaryShapes[dictionary.number]
        if known >= 0 { return Int(known) }
        return try findShape(of: dictionary)
    }

    /// The shape of a dictionary read for the first time.
    @inline(never)
    private mutating func findShape(of dictionary: Object) throws -> Int {
        let count = dictionary.count
        // Objects of one class list the same key objects: the bytes of their key references are
        // the same bytes. The shape last found for this count, first and last key is tried that
        // way first. (The last key too: an object's `NSArray` and `NSDate` both have two keys,
        // `$class` first, and took turns in one slot, each missing the other's.)
        let first = count > 0 ? try document.reference(dictionary, at: 0) : 0
        let last = count > 1 ? try document.reference(dictionary, at: count &- 1) : first
        let recentSlot = (count &* 31 &+ first &+ last &* 7) & (recentShapes.count - 1)
        let recent = recentShapes[recentSlot]
        if recent >= 0, shapeRawCounts[recent] == count, let base = document.scanner.bytes.baseAddress,
           memcmp(base + dictionary.payloadOffset, base + shapeRawOffsets[recent], count &* document.scanner.objectRefSize) == 0 {
            dictionaryShapes[dictionary.number] = Int32(truncatingIfNeeded: recent)
            return recent
        }
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        for position in 0..<count {
            hash = (hash ^ UInt64(truncatingIfNeeded: try document.reference(dictionary, at: position))) &* 0x0000_0100_0000_01B3
        }
        let mixed = (hash ^ hash >> 31) &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: mixed >> 40) & (shapeCache.count - 1)
        var shape = -1
        let candidate = shapeCache[slot]
        if candidate.hash == hash, candidate.shape >= 0, shapeRawCounts[candidate.shape] == count {
            let start = shapeRawStarts[candidate.shape]
            var same = true
            for position in 0..<count where Int(shapeRawKeys[start + position]) != (try document.reference(dictionary, at: position)) {
                same = false
                break
            }
            if same { shape = candidate.shape }
        }
        if shape < 0 {
            rawKeys.removeAll(keepingCapacity: true)
            for position in 0..<count { rawKeys.append(Int32(truncatingIfNeeded: try document.reference(dictionary, at: position))) }
            shape = try makeShape(keysAt: dictionary.payloadOffset)
            shapeCache[slot] = (hash, shape)
        }
        recentShapes[recentSlot] = shape
        dictionaryShapes[dictionary.number] = Int32(truncatingIfNeeded: shape)
        return shape
    }

    /// A new shape for the key objects in ``rawKeys``, whose references lie at byte `keyOffset` of
    /// the document.
    private mutating func makeShape(keysAt keyOffset: Int) throws -> Int {
        let start = entryKeys.count
        let count = rawKeys.count
        var positions: [LiteralKey: Int] = [:]
        for position in 0..<count {
            let key = Int(rawKeys[position])
            let info = try keyInfo(key)
            if count > 32 {
                let text = LiteralKey(try document.string(ofKey: key))
                if let earlier = positions[text] {
                    entryValueSlots[earlier] = Int32(truncatingIfNeeded: position)
                    continue
                }
                positions[text] = entryKeys.count
            } else if let earlier = try earlierEntry(key, info, from: start) {
                entryValueSlots[earlier] = Int32(truncatingIfNeeded: position)
                continue
            }
            entryKeys.append(Int32(truncatingIfNeeded: key))
            entryValueSlots.append(Int32(truncatingIfNeeded: position))
            entryKeyOffsets.append(info.offset)
            entryKeyLengths.append(info.length)
        }
        shapeRanges.append(start..<entryKeys.count)
        shapeRawStarts.append(shapeRawKeys.count)
        shapeRawCounts.append(count)
        shapeRawOffsets.append(keyOffset)
        shapeRawKeys.append(contentsOf: rawKeys)
        shapeViews.append(nil)
        shapeClassPositions.append(-2)
        shapeVersionPositions.append(-2)
        return shapeRanges.count - 1
    }

    /// The value under `$class` (or `$version`) of a dictionary, found once per shape.
    @inline(__always)
    mutating func reservedValue(_ dictionary: Object, version: Bool) throws -> Object? {
        guard let number = try reservedReference(dictionary, version: version) else { return nil }
        return try document.object(number)
    }

    /// The object number of ``reservedValue(_:version:)``, not read yet.
    @inline(__always)
    mutating func reservedReference(_ dictionary: Object, version: Bool) throws -> Int? {
        let shape = try shape(of: dictionary)
        var position = version ? shapeVersionPositions[shape] : shapeClassPositions[shape]
        if position == -2 { position = try findReservedEntry(of: shape, version: version) }
        guard position >= 0 else { return nil }
        return try entryValue(dictionary, Int(position))
    }

    /// The entry of `$class` (or `$version`) in `shape`, looked for once per shape (-1: none).
    @inline(never)
    private mutating func findReservedEntry(of shape: Int, version: Bool) throws -> Int32 {
        var position: Int32 = -1
        let key = version ? Keys.version.key : Keys.classKey.key
        for candidate in shapeRanges[shape] where try entryKey(candidate, is: key, literally: true)
            || (version && entryKey(candidate, is: Keys.escapedVersion.key, literally: true)) {
            position = Int32(truncatingIfNeeded: candidate)
            break
        }
        if version { shapeVersionPositions[shape] = position } else { shapeClassPositions[shape] = position }
        return position
    }

    /// The value object number of entry `position` (of the dictionary's shape) of `dictionary`.
    ///
    /// `mutating` though it changes nothing, as ``entryKey(_:is:literally:)`` is: called from the
    /// reader's mutating accessors, a non-mutating method made them copy the whole reader (some
    /// 700 bytes) for every value read.
    @inline(__always)
    mutating func entryValue(_ dictionary: Object, _ position: Int) throws -> Int {
        try document.reference(dictionary, at: dictionary.count + Int(entryValueSlots[position]))
    }

    /// Where the bytes of key object `number` lie and how many there are (-1: not ASCII).
    ///
    /// Read from the object each time: only a new shape asks, and archives have few shapes, so a
    /// table by object number would cost more to fill than it saves.
    @inline(__always)
    private mutating func keyInfo(_ number: Int) throws -> (offset: Int32, length: Int32) {
        let object = try document.object(number)
        return (Int32(truncatingIfNeeded: object.payloadOffset), object.isASCII ? Int32(truncatingIfNeeded: object.count) : -1)
    }

    /// The position, among the entries from `start` on, of one whose key is the same string as
    /// key object `key`.
    private func earlierEntry(_ key: Int, _ info: (offset: Int32, length: Int32), from start: Int) throws -> Int? {
        var earlier = start
        while earlier < entryKeys.count {
            if Int(entryKeys[earlier]) == key { return earlier }
            let length = entryKeyLengths[earlier]
            if info.length >= 0, length >= 0 {
                if length == info.length, let base = document.scanner.bytes.baseAddress,
                   length == 0 || memcmp(base + Int(entryKeyOffsets[earlier]), base + Int(info.offset), Int(length)) == 0 {
                    return earlier
                }
            } else if try document.sameKey(Int(entryKeys[earlier]), key) {
                return earlier
            }
            earlier += 1
        }
        return nil
    }

    /// Whether the key of entry `position` is `key`: byte for byte (`literally`, as dictionaries
    /// compare keys), or as Swift strings compare. (`mutating`: see ``entryValue(_:_:)``.)
    @inline(__always)
    mutating func entryKey(_ position: Int, is key: ArchiveKey, literally: Bool) throws -> Bool {
        let length = entryKeyLengths[position]
        if length >= 0 {
            guard key.isASCII else {
                return literally ? false : try document.keyEquals(Int(entryKeys[position]), key)
            }
            guard Int(length) == key.utf8.count else { return false }
            guard length > 0, let base = document.scanner.bytes.baseAddress, let bytes = key.utf8.baseAddress else { return true }
            return memcmp(base + Int(entryKeyOffsets[position]), bytes, Int(length)) == 0
        }
        return literally ? try document.keyIsLiterally(Int(entryKeys[position]), key)
                         : try document.keyEquals(Int(entryKeys[position]), key)
    }

    /// The value under `key` in a dictionary (keys compare byte for byte), or `nil`.
    ///
    /// The entry is looked for once per shape and key (``shapeLookups``): every `NSDate` holds
    /// `NS.time`, every collection `NS.objects`, at the same position.
    mutating func lookup(_ dictionary: Object, _ key: ArchiveKey) throws -> Object? {
        let shape = try shape(of: dictionary)
        let address = UInt(bitPattern: key.utf8.baseAddress)
        let slot = (shape &* 31 &+ Int(truncatingIfNeeded: key.hash)) & (shapeLookups.count - 1)
        var position = -1
        if shapeLookups[slot].shape == shape, shapeLookups[slot].address == address {
            position = shapeLookups[slot].position
        } else {
            for candidate in shapeRanges[shape] where try entryKey(candidate, is: key, literally: true) {
                position = candidate
                break
            }
            shapeLookups[slot] = ShapeLookup(shape: shape, address: address, position: position)
        }
        return position < 0 ? nil : try document.object(try entryValue(dictionary, position))
    }

    /// The value under `text` in a dictionary, or `nil`.
    mutating func lookup(_ dictionary: Object, _ text: String) throws -> Object? {
        for position in try entries(of: dictionary)
        where PropertyListKey.same(try document.string(ofKey: Int(entryKeys[position])), text) {
            return try document.object(try entryValue(dictionary, position))
        }
        return nil
    }

    // MARK: Classes

    /// The class of the object dictionary `dictionary` at `index`, which has a `$class` entry.
    ///
    /// - Parameter classReference: The value of that entry when the caller has read it already.
    mutating func objectClass(_ dictionary: Object, at index: Int,
                              classReference: Object? = nil) throws(FormatFailure) -> ObjectClass {
        classList[try classSlot(dictionary, at: index, classReference: classReference)]
    }

    /// The position in ``classList`` of the class of the object dictionary `dictionary` at `index`.
    mutating func classSlot(_ dictionary: Object, at index: Int,
                            classReference: Object? = nil) throws(FormatFailure) -> Int {
        let known = classSlots[index]
        if known >= 0 { return Int(known) }
        if let classReference, let described = knownDescription(classReference) {
            classSlots[index] = Int32(truncatingIfNeeded: described)
            return described
        }
        let described: Int
        do {
            described = try describeClass(of: dictionary, at: index, classReference: classReference)
        } catch let failure as FormatFailure {
            throw failure
        } catch {
            throw FormatFailure(kind: "malformedObject", message: "\(error)", objectIndex: index, key: nil)
        }
        classSlots[index] = Int32(truncatingIfNeeded: described)
        return described
    }

    /// The position in ``classList`` of the description a `$class` value names, when it is a UID
    /// in range naming a description read before (else `nil`: ``describeClass(of:at:classReference:)``
    /// reads it, or throws why it cannot). Objects of one class all name one description: after
    /// the first, each is known without a call.
    @inline(__always)
    private func knownDescription(_ classReference: Object) -> Int? {
        guard classReference.isUID else { return nil }
        let uid = document.uid(classReference)
        guard uid < UInt64(objectCount) else { return nil }
        let cached = descriptionSlots[Int(uid)]
        return cached >= 0 ? Int(cached) : nil
    }

    /// The position in ``classList`` of the class description `$class` refers to
    /// (``KeyedArchiveDocument``'s rules).
    private mutating func describeClass(of dictionary: Object, at index: Int, classReference known: Object?) throws -> Int {
        guard let classReference = try known ?? reservedValue(dictionary, version: false) else {
            throw FormatFailure(kind: "malformedObject", message: "the object has no $class", objectIndex: index, key: nil)
        }
        guard classReference.isUID else {
            throw FormatFailure(kind: "malformedObject", message: "$class is a \(Self.typeName(classReference)), not a UID",
                                objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        let uid = document.uid(classReference)
        guard uid < UInt64(objectCount) else {
            throw FormatFailure(kind: "uidOutOfRange", message: "UID \(uid) is past the \(objectCount) objects",
                                objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        let classIndex = Int(uid)
        let cached = descriptionSlots[classIndex]
        if cached >= 0 { return Int(cached) }
        let description = try document.entry(classIndex)
        guard description.isDictionary else {
            throw FormatFailure(kind: "malformedClass",
                                message: "$class refers to a \(Self.typeName(description)), not a class description",
                                objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        if try reservedValue(description, version: false) != nil {
            // A description with its own $class: follow the chain to tell a loop from plain nonsense.
            var visited: Set<Int> = [index]
            var current = classIndex
            while true {
                if visited.contains(current) {
                    throw FormatFailure(kind: "classCycle", message: "$class references loop back to object \(current)",
                                        objectIndex: index, key: KeyedArchiveFormat.classKey)
                }
                visited.insert(current)
                let entries = try document.entry(current)
                guard entries.isDictionary, let next = try reservedValue(entries, version: false), next.isUID,
                      document.uid(next) < UInt64(objectCount) else { break }
                current = Int(document.uid(next))
            }
            throw FormatFailure(kind: "malformedClass", message: "the class description at \(classIndex) has a $class of its own",
                                objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        guard let nameObject = try lookup(description, Keys.className.key),
              nameObject.isString else {
            throw FormatFailure(kind: "malformedClass", message: "the class description at \(classIndex) has no $classname string",
                                objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        let name = try document.string(nameObject)
        var names: [String] = []
        if let list = try lookup(description, Keys.classes.key), list.isArray {
            for position in 0..<list.count {
                let element = try document.object(try document.reference(list, at: position))
                if element.isString { names.append(try document.string(element)) }
            }
        }
        classList.append(ObjectClass(name: name, foundation: FoundationClass.matching(className: name, classes: names)))
        descriptionSlots[classIndex] = Int32(truncatingIfNeeded: classList.count - 1)
        return classList.count - 1
    }

    /// Calls `visit` with the index and class of the first object of each class description, in
    /// the order of the objects, having read the `$class` of every object: the check made before
    /// anything is created. (An object whose class is refused is the first of its description, so
    /// the first refused object is the one visited first.)
    ///
    /// - Throws: The ``FormatFailure`` of the first object whose class cannot be read, or what
    ///   `visit` throws.
    package mutating func forEachClass(_ visit: (Int, ObjectClass) throws -> Void) throws {
        var visited = 0
        // Offsets past 4 GiB are not kept: such entries are found through the array as before.
        let keepsLocations = scanner.bytes.count <= Int(UInt32.max)
        entryLocations.removeAll()
        if keepsLocations { entryLocations.reserveCapacity(objectCount) }
        for index in 0..<objectCount {
            let candidate = try document.entry(index)
            if keepsLocations {
                entryLocations.append(EntryLocation(number: UInt32(truncatingIfNeeded: candidate.number),
                                                    offset: UInt32(truncatingIfNeeded: candidate.offset)))
            }
            guard candidate.isDictionary else { continue }
            guard let classNumber = try reservedReference(candidate, version: false) else {
                hasClass[index] = 2
                continue
            }
            hasClass[index] = 1
            // Objects of one class name their description through one UID object: once that
            // object has given a slot, it gives the same one (``classSlot(_:at:classReference:)``
            // would find it through the description), so it is taken without reading the UID.
            let memo = classNumber & (recentClasses.count - 1)
            let slot: Int
            if recentClasses[memo].number == classNumber {
                slot = recentClasses[memo].slot
                classSlots[index] = Int32(truncatingIfNeeded: slot)
            } else {
                // The `$class` value just read is handed on: each object's header is read once here.
                slot = try classSlot(candidate, at: index, classReference: try document.object(classNumber))
                recentClasses[memo] = (classNumber, slot)
            }
            // Descriptions enter `classList` in the order their first objects come, so a slot
            // not visited yet is the next one.
            if slot == visited {
                visited += 1
                try visit(index, classList[slot])
            }
        }
    }

    // MARK: The top level

    private mutating func describe(_ object: Object?) -> String {
        guard let object else { return "nothing" }
        var materializer = BinaryPropertyListMaterializer(scanner: scanner, options: options)
        return (try? materializer.value(of: object.number, depth: 0)).map { "\($0)" } ?? Self.typeName(object)
    }

    /// The `$objects` array and root index of a keyed archive's top-level dictionary, checked as
    /// ``KeyedArchiveDocument`` checks it.
    mutating func checkTop(maximumObjectCount: Int) throws -> (objects: Object, root: Int) {
        let top = try document.object(scanner.topObject)
        guard top.isDictionary else {
            throw FormatFailure(kind: "notAKeyedArchive", message: "the property list is a \(Self.typeName(top)), not a dictionary",
                                objectIndex: nil, key: nil)
        }
        let archiver = try lookup(top, Keys.archiver.key)
        guard let archiver, archiver.isString,
              try document.string(archiver) == KeyedArchiveFormat.archiverName else {
            throw FormatFailure(kind: "unsupportedArchiver", message: "$archiver is \(describe(archiver)), not \"NSKeyedArchiver\"",
                                objectIndex: nil, key: KeyedArchiveFormat.archiverKey)
        }
        let version = try lookup(top, Keys.versionKey.key)
        guard let version, version.isInteger, try scanner.integer(version).int64Value == KeyedArchiveFormat.version else {
            throw FormatFailure(kind: "unsupportedVersion", message: "$version is \(describe(version)), not 100000",
                                objectIndex: nil, key: KeyedArchiveFormat.versionKey)
        }
        guard let objects = try lookup(top, Keys.objectsKey.key), objects.isArray else {
            throw FormatFailure(kind: "notAKeyedArchive", message: "$objects is missing or not an array",
                                objectIndex: nil, key: KeyedArchiveFormat.objectsKey)
        }
        guard objects.count <= maximumObjectCount else {
            throw FormatFailure(kind: "objectCountLimitExceeded",
                                message: "$objects has \(objects.count) entries, more than the limit of \(maximumObjectCount)",
                                objectIndex: nil, key: KeyedArchiveFormat.objectsKey)
        }
        guard objects.count > 0, case let first = try document.object(try document.reference(objects, at: 0)),
              first.isString, try document.string(first) == KeyedArchiveFormat.null else {
            throw FormatFailure(kind: "notAKeyedArchive", message: "$objects[0] is not \"$null\"", objectIndex: 0, key: nil)
        }
        guard let topObjects = try lookup(top, Keys.top.key), topObjects.isDictionary else {
            throw FormatFailure(kind: "missingTop", message: "$top is missing or not a dictionary",
                                objectIndex: nil, key: KeyedArchiveFormat.topKey)
        }
        guard let root = try lookup(topObjects, Keys.root.key), root.isUID else {
            throw FormatFailure(kind: "missingTop", message: "$top has no \"root\" UID", objectIndex: nil, key: KeyedArchiveFormat.rootKey)
        }
        let uid = document.uid(root)
        guard uid < UInt64(objects.count) else {
            throw FormatFailure(kind: "uidOutOfRange", message: "the root UID \(uid) is past the \(objects.count) objects",
                                objectIndex: nil, key: KeyedArchiveFormat.rootKey)
        }
        return (objects, Int(uid))
    }
}
