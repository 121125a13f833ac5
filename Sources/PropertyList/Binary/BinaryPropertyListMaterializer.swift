import Foundation

/// Builds a ``PropertyListValue`` tree from a validated ``BinaryPropertyListScanner``.
///
/// Binary lists may refer to one container from many places, so a small file can describe an
/// enormous tree, and a container can (illegally) contain itself. The materializer therefore
///
/// - marks the containers on the current path and reports a `cycle` when one is reached again;
/// - limits nesting to ``PropertyListReadingOptions/maximumDepth``;
/// - counts every value it produces, shared subtrees at their full expanded size, against
///   ``PropertyListReadingOptions/maximumExpandedValues``;
/// - decodes a container normally on its first visit, again on its second (keeping the result,
///   its value count and its height in a sparse cache), and reuses the cached value from the third
///   visit on. Each object is decoded at most twice and the cache holds only shared containers,
///   so time and memory stay proportional to the file.
package struct BinaryPropertyListMaterializer {
    struct Shared {
        var value: PropertyListValue
        var expandedCount: Int
        var height: Int
    }

    private static let onPath: UInt8 = 1
    private static let visited: UInt8 = 2
    private static let cached: UInt8 = 4

    let scanner: BinaryPropertyListScanner
    let maximumDepth: Int
    let maximumExpandedValues: Int
    private var expanded = 0
    private var deepest = 0
    /// Per-object flags for containers and strings: on the current path, visited before, cached.
    private var flags: [UInt8]
    private var shared: [Int: Shared] = [:]
    /// Strings referred to more than once.
    private var strings = BinaryPropertyListStringCache()
    /// Data referred to more than once.
    private var blobs = BinaryPropertyListDataCache()
    /// The keys of the small dictionaries being decoded, innermost last.
    private var keyScratch: [String] = []
    /// Where this thread's stack runs out (see ``StackGuard``).
    private var stackLimit = StackGuard.limit()

    package init(scanner: BinaryPropertyListScanner, options: PropertyListReadingOptions) {
        self.scanner = scanner
        maximumDepth = options.maximumDepth
        maximumExpandedValues = options.expandedValueLimit(forInputOfSize: scanner.bytes.count)
        flags = [UInt8](repeating: 0, count: scanner.objectCount)
    }

    /// Decodes the document's root object.
    package mutating func root() throws(PropertyListError) -> PropertyListValue {
        try value(scanner.topObject, depth: 0)
    }

    /// Decodes object `number` and everything it refers to, `depth` containers down.
    ///
    /// Shared containers and strings stay cached between calls, and every call counts against the
    /// same expansion limit.
    package mutating func value(of number: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        try value(number, depth: depth)
    }

    /// Decodes object `number` found inside `depth` containers.
    mutating func value(_ number: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        let object = try scanner.object(number)
        switch object.kind {
        case .array, .dictionary:
            return try container(object, depth: depth + 1)
        default:
            try count(1, object)
            return try scalar(object)
        }
    }

    private mutating func scalar(_ object: BinaryPropertyListScanner.Object) throws(PropertyListError) -> PropertyListValue {
        switch object.kind {
        case .bool: return .bool(scanner.bool(object))
        case .integer: return .integer(try scanner.integer(object))
        case .real: return object.count == 4 ? .real32(scanner.float(object)) : .real(scanner.double(object))
        case .date: return .date(scanner.date(object))
        case .data: return .data(blobs.data(object, in: scanner))
        case .asciiString, .utf16String: return .string(try string(object))
        case .uid: return .uid(scanner.uid(object))
        case .array, .dictionary: return try container(object, depth: 1)
        }
    }

    @inline(__always)
    private mutating func count(_ values: Int, _ object: BinaryPropertyListScanner.Object) throws(PropertyListError) {
        let (total, overflow) = expanded.addingReportingOverflow(values)
        if overflow || total > maximumExpandedValues { throw expansionError(object) }
        expanded = total
    }

    private func expansionError(_ object: BinaryPropertyListScanner.Object) -> PropertyListError {
        PropertyListError(.expansionLimitExceeded,
                          "shared references expand to more than \(maximumExpandedValues) values, the limit for \(scanner.bytes.count) bytes of input",
                          at: .init(byteOffset: object.offset, objectNumber: object.number))
    }

    private mutating func container(_ object: BinaryPropertyListScanner.Object,
                                    depth: Int) throws(PropertyListError) -> PropertyListValue {
        let number = object.number
        let state = flags[number]
        if state & Self.onPath != 0 {
            throw PropertyListError(.cycle, "\(BinaryPropertyListScanner.name(of: object.kind)) contains itself",
                                    at: .init(byteOffset: object.offset, objectNumber: number))
        }
        if depth > maximumDepth { throw depthError(object, depth: depth) }
        if state & Self.cached != 0, let entry = shared[number] {
            if depth - 1 + entry.height > maximumDepth { throw depthError(object, depth: depth - 1 + entry.height) }
            deepest = max(deepest, depth - 1 + entry.height)
            try count(entry.expandedCount, object)
            return entry.value
        }
        // Every element yields at least one value: fail before allocating for a hopeless count.
        try count(1, object)
        if object.count > maximumExpandedValues - expanded { throw expansionError(object) }
        if depth > deepest { deepest = depth }
        flags[number] = state | Self.onPath | Self.visited
        defer { flags[number] &= ~Self.onPath }
        if StackGuard.isExhausted(below: stackLimit) {
            let saved = stackLimit
            defer { stackLimit = saved }
            return try StackGuard.onFreshStack(unavailable: { Self.threadError($0, object) }) { (limit) throws(PropertyListError) in
                stackLimit = limit
                return try containerContents(object, state: state, depth: depth)
            }
        }
        return try containerContents(object, state: state, depth: depth)
    }

    private static func threadError(_ failure: StackGuard.ThreadUnavailable,
                                    _ object: BinaryPropertyListScanner.Object) -> PropertyListError {
        PropertyListError(.depthLimitExceeded,
                          "containers nest too deep to continue: no thread could be started (error \(failure.code))",
                          at: .init(byteOffset: object.offset, objectNumber: object.number))
    }

    /// Decodes the elements of a container being visited (the part of ``container(_:depth:)`` that recurses).
    private mutating func containerContents(_ object: BinaryPropertyListScanner.Object, state: UInt8,
                                            depth: Int) throws(PropertyListError) -> PropertyListValue {
        let number = object.number
        guard state & Self.visited != 0 else {
            return object.kind == .array ? try array(object, depth: depth) : try dictionary(object, depth: depth)
        }
        // Second visit: decode again and remember the result for later visits.
        let countBefore = expanded - 1
        let deepestBefore = deepest
        deepest = depth
        let value = object.kind == .array ? try array(object, depth: depth) : try dictionary(object, depth: depth)
        shared[number] = Shared(value: value, expandedCount: expanded - countBefore, height: deepest - depth + 1)
        flags[number] |= Self.cached
        deepest = max(deepest, deepestBefore)
        return value
    }

    private func depthError(_ object: BinaryPropertyListScanner.Object, depth: Int) -> PropertyListError {
        PropertyListError(.depthLimitExceeded,
                          "containers nest \(depth) deep, more than the limit of \(maximumDepth)",
                          at: .init(byteOffset: object.offset, objectNumber: object.number))
    }

    private mutating func array(_ object: BinaryPropertyListScanner.Object,
                                depth: Int) throws(PropertyListError) -> PropertyListValue {
        var elements: [PropertyListValue] = []
        elements.reserveCapacity(object.count)
        let width = scanner.objectRefSize
        var position = object.payloadOffset
        for _ in 0..<object.count {
            let reference = try scanner.reference(at: position, in: object.number)
            elements.append(try value(reference, depth: depth))
            position &+= width
        }
        return .array(elements)
    }

    private mutating func dictionary(_ object: BinaryPropertyListScanner.Object,
                                     depth: Int) throws(PropertyListError) -> PropertyListValue {
        let entryCount = object.count
        var dictionary = PropertyListDictionary(minimumCapacity: entryCount)
        let width = scanner.objectRefSize
        var keyPosition = object.payloadOffset
        var valuePosition = keyPosition &+ entryCount &* width
        // Small dictionaries search their entries linearly; checking the keys in a reused
        // scratch stack is cheaper than that search, which copies each entry it visits.
        let isSmall = entryCount <= PropertyListDictionary.indexThreshold
        let scratchBase = keyScratch.count
        defer { if isSmall { keyScratch.removeSubrange(scratchBase...) } }
        for _ in 0..<entryCount {
            let key = try self.key(try scanner.reference(at: keyPosition, in: object.number), in: object)
            let element = try value(try scanner.reference(at: valuePosition, in: object.number), depth: depth)
            // A repeated key keeps its first position and takes the last value, as CF and Python do.
            if isSmall {
                if keyScratch[scratchBase...].contains(key), let position = dictionary.position(of: key) {
                    dictionary.entries[position].value = element
                } else {
                    keyScratch.append(key)
                    dictionary.appendUnique(key: key, value: element)
                }
            } else if let position = dictionary.position(of: key) {
                dictionary.entries[position].value = element
            } else {
                dictionary.appendUnique(key: key, value: element)
            }
            keyPosition &+= width
            valuePosition &+= width
        }
        return .dictionary(dictionary)
    }

    private mutating func key(_ number: Int,
                              in container: BinaryPropertyListScanner.Object) throws(PropertyListError) -> String {
        let object = try scanner.object(number)
        guard object.kind == .asciiString || object.kind == .utf16String else {
            throw PropertyListError(
                .unsupportedObject,
                "dictionary key is a \(BinaryPropertyListScanner.name(of: object.kind)), not a string",
                at: .init(byteOffset: object.offset, objectNumber: number))
        }
        try count(1, object)
        return try string(object)
    }

    /// The string `object` holds (see ``BinaryPropertyListStringCache``).
    private mutating func string(_ object: BinaryPropertyListScanner.Object) throws(PropertyListError) -> String {
        try strings.string(object, in: scanner)
    }
}
