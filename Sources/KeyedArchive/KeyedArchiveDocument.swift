import AutoCoding
import Foundation
import PropertyList

/// A keyed archive's property list, checked at the top level, with checked access to `$objects`.
///
/// Everything here throws ``KeyedArchiveError`` naming the object index; nothing traps on input.
final class KeyedArchiveDocument {
    /// A `$class` description.
    struct ClassDescription {
        var name: String
        var classes: [String]
        /// The Foundation value class it names, if any.
        var foundation: FoundationClass?
    }

    let objects: [PropertyListValue]
    /// The index of the root object (0 means the root is `nil`).
    let rootIndex: Int
    let options: KeyedUnarchivingOptions
    /// Class descriptions already checked, by the index of the description.
    private var classCache: [ClassDescription?]

    /// Reads and checks `data`.
    convenience init(data: Data, options: KeyedUnarchivingOptions) throws {
        let plist: PropertyListValue
        do {
            plist = try PropertyListValue(from: data, options: options.propertyList)
        } catch let error as PropertyListError {
            throw Self.notAPropertyList(error)
        }
        try self.init(plist: plist, options: options)
    }

    /// The error for data that is not a property list.
    static func notAPropertyList(_ error: PropertyListError) -> KeyedArchiveError {
        var wrapped = KeyedArchiveError(.propertyList, "the data is not a property list: \(error)")
        wrapped.propertyListError = error
        return wrapped
    }

    /// The archive as a binary property list with the same `$objects` (for the typed reader,
    /// which reads binary documents in place).
    ///
    /// - Throws: ``KeyedArchiveError/Kind/propertyList`` when the binary format cannot hold it.
    func binaryDocument() throws -> Data {
        let top: PropertyListValue = .dictionary([
            KeyedArchiveFormat.versionKey: .integer(PropertyListInteger(KeyedArchiveFormat.version)),
            KeyedArchiveFormat.archiverKey: .string(KeyedArchiveFormat.archiverName),
            KeyedArchiveFormat.topKey: .dictionary([KeyedArchiveFormat.rootKey: .uid(UInt64(rootIndex))]),
            KeyedArchiveFormat.objectsKey: .array(objects),
        ])
        do {
            // No depth limit: the values were accepted as they are.
            return try BinaryPropertyListWriter(maximumDepth: .max).write(top)
        } catch let error as PropertyListError {
            throw Self.notAPropertyList(error)
        }
    }

    /// Checks an already-read property list.
    init(plist: PropertyListValue, options: KeyedUnarchivingOptions) throws {
        self.options = options
        guard case .dictionary(let top) = plist else {
            throw KeyedArchiveError(.notAKeyedArchive, "the property list is a \(plist.typeName), not a dictionary")
        }
        guard case .string(KeyedArchiveFormat.archiverName) = top[KeyedArchiveFormat.archiverKey] else {
            let found = top[KeyedArchiveFormat.archiverKey].map { "\($0)" } ?? "nothing"
            throw KeyedArchiveError(.unsupportedArchiver, "$archiver is \(found), not \"NSKeyedArchiver\"",
                                    key: KeyedArchiveFormat.archiverKey)
        }
        guard case .integer(let version) = top[KeyedArchiveFormat.versionKey],
              version.int64Value == KeyedArchiveFormat.version else {
            let found = top[KeyedArchiveFormat.versionKey].map { "\($0)" } ?? "nothing"
            throw KeyedArchiveError(.unsupportedVersion, "$version is \(found), not 100000", key: KeyedArchiveFormat.versionKey)
        }
        guard case .array(let objects) = top[KeyedArchiveFormat.objectsKey] else {
            throw KeyedArchiveError(.notAKeyedArchive, "$objects is missing or not an array", key: KeyedArchiveFormat.objectsKey)
        }
        guard objects.count <= options.maximumObjectCount else {
            throw KeyedArchiveError(.objectCountLimitExceeded,
                                    "$objects has \(objects.count) entries, more than the limit of \(options.maximumObjectCount)",
                                    key: KeyedArchiveFormat.objectsKey)
        }
        guard case .string(KeyedArchiveFormat.null)? = objects.first else {
            throw KeyedArchiveError(.notAKeyedArchive, "$objects[0] is not \"$null\"", objectIndex: 0)
        }
        guard case .dictionary(let topObjects) = top[KeyedArchiveFormat.topKey] else {
            throw KeyedArchiveError(.missingTop, "$top is missing or not a dictionary", key: KeyedArchiveFormat.topKey)
        }
        guard case .uid(let root) = topObjects[KeyedArchiveFormat.rootKey] else {
            throw KeyedArchiveError(.missingTop, "$top has no \"root\" UID", key: KeyedArchiveFormat.rootKey)
        }
        guard root < UInt64(objects.count) else {
            throw KeyedArchiveError(.uidOutOfRange, "the root UID \(root) is past the \(objects.count) objects",
                                    key: KeyedArchiveFormat.rootKey)
        }
        self.objects = objects
        self.rootIndex = Int(root)
        self.classCache = Array(repeating: nil, count: objects.count)
    }

    /// The index a UID refers to, checked against `$objects`.
    func index(of uid: UInt64, from object: Int?, key: String?) throws -> Int {
        guard uid < UInt64(objects.count) else {
            throw KeyedArchiveError(.uidOutOfRange, "UID \(uid) is past the \(objects.count) objects", objectIndex: object, key: key)
        }
        return Int(uid)
    }

    /// The class description of the object dictionary `entries` at `index`.
    func classDescription(of entries: PropertyListDictionary, at index: Int) throws -> ClassDescription {
        guard let reference = entries[KeyedArchiveFormat.classKey] else {
            throw KeyedArchiveError(.malformedObject, "the object has no $class", objectIndex: index)
        }
        guard case .uid(let uid) = reference else {
            throw KeyedArchiveError(.malformedObject, "$class is a \(reference.typeName), not a UID",
                                    objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        let classIndex = try self.index(of: uid, from: index, key: KeyedArchiveFormat.classKey)
        if let cached = classCache[classIndex] { return cached }
        guard case .dictionary(let description) = objects[classIndex] else {
            throw KeyedArchiveError(.malformedClass, "$class refers to a \(objects[classIndex].typeName), not a class description",
                                    objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        if description[KeyedArchiveFormat.classKey] != nil {
            // A description with its own $class: follow the chain to tell a loop from plain nonsense.
            var visited: Set<Int> = [index]
            var current = classIndex
            while true {
                if visited.contains(current) {
                    throw KeyedArchiveError(.classCycle, "$class references loop back to object \(current)",
                                            objectIndex: index, key: KeyedArchiveFormat.classKey)
                }
                visited.insert(current)
                guard case .dictionary(let entries) = objects[current],
                      case .uid(let next)? = entries[KeyedArchiveFormat.classKey], next < UInt64(objects.count) else { break }
                current = Int(next)
            }
            throw KeyedArchiveError(.malformedClass, "the class description at \(classIndex) has a $class of its own",
                                    objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        guard case .string(let name) = description[KeyedArchiveFormat.classNameKey] else {
            throw KeyedArchiveError(.malformedClass, "the class description at \(classIndex) has no $classname string",
                                    objectIndex: index, key: KeyedArchiveFormat.classKey)
        }
        var classes: [String] = []
        if case .array(let names)? = description[KeyedArchiveFormat.classesKey] {
            for case .string(let name) in names { classes.append(name) }
        }
        let result = ClassDescription(name: name, classes: classes,
                                      foundation: FoundationClass.matching(className: name, classes: classes))
        classCache[classIndex] = result
        return result
    }

    private static let numberedPrefixes = [KeyedArchiveFormat.objectsField: "NS.object.", KeyedArchiveFormat.keysField: "NS.key."]

    /// Whether a collection object has nothing but its `$class` (an empty collection written with
    /// numbered keys).
    private static func isEmptyCollection(_ entries: PropertyListDictionary) -> Bool {
        entries.count == 1 && entries[KeyedArchiveFormat.classKey] != nil
    }

    /// The UIDs of `NS.objects` (or another array-of-UIDs key) of a collection object.
    ///
    /// Without the array, numbered keys are read instead (`NS.object.0`, `NS.object.1`… for
    /// `NS.objects`; `NS.key.0`… for `NS.keys`), as `NSOrderedSet` writes its elements.
    func references(_ key: String, in entries: PropertyListDictionary, at index: Int) throws -> [Int] {
        var numbered: [PropertyListValue] = []
        if entries[key] == nil, let prefix = Self.numberedPrefixes[key] {
            // At most one numbered key per entry, so this loop is bounded by the object's size.
            while numbered.count < entries.count, let element = entries[prefix + String(numbered.count)] {
                numbered.append(element)
            }
        }
        guard case .array(let elements)? = entries[key] ?? (numbered.isEmpty && !Self.isEmptyCollection(entries) ? nil : .array(numbered))
        else {
            throw KeyedArchiveError(.malformedObject, "the collection has no \(key) array", objectIndex: index, key: key)
        }
        var result: [Int] = []
        result.reserveCapacity(elements.count)
        for element in elements {
            guard case .uid(let uid) = element else {
                throw KeyedArchiveError(.malformedObject, "\(key) holds a \(element.typeName), not a UID", objectIndex: index, key: key)
            }
            result.append(try self.index(of: uid, from: index, key: key))
        }
        return result
    }
}
