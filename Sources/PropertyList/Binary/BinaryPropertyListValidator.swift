import Foundation

/// Checks a binary property list exactly as ``BinaryPropertyListMaterializer`` reads it, without
/// building the values: for readers that then use the document's objects in place (keyed
/// archives) and must accept and refuse the same documents as the tree reader does.
///
/// The walk is the materializer's — the same order, counts, depth and cycle rules, shared
/// containers counted per visit — so a document fails here with the very error the materializer
/// would throw first.
package struct BinaryPropertyListValidator {
    /// What a shared container counted when it was first walked in full.
    struct Shared {
        var expandedCount: Int
        var height: Int
    }

    private static let onPath: UInt8 = 1
    private static let visited: UInt8 = 2
    private static let cached: UInt8 = 4
    /// Strings already checked (they are valid).
    private static let checkedString: UInt8 = 8
    /// Scalars already checked (valid; each further visit only counts).
    private static let checkedScalar: UInt8 = 16

    let scanner: BinaryPropertyListScanner
    let maximumDepth: Int
    let maximumExpandedValues: Int
    private var expanded = 0
    private var deepest = 0
    private let flags: BinaryPropertyListValidatorFlags
    private var shared: [Int: Shared] = [:]
    private var stackLimit = StackGuard.limit()

    /// A validator of the document `scanner` reads, under `options`' limits.
    package init(scanner: BinaryPropertyListScanner, options: PropertyListReadingOptions) {
        self.scanner = scanner
        maximumDepth = options.maximumDepth
        maximumExpandedValues = options.expandedValueLimit(forInputOfSize: scanner.bytes.count)
        flags = BinaryPropertyListValidatorFlags(count: scanner.objectCount)
    }

    /// Checks the whole document from its top object.
    ///
    /// - Throws: The ``PropertyListError`` ``BinaryPropertyListReader`` would throw for it.
    package mutating func validate() throws(PropertyListError) {
        try value(scanner.topObject, depth: 0)
    }

    // Out of line, as `key(_:)`: the loops of `elements(_:depth:)` call them only for what is not
    // simply counted, and stay small enough to keep their checks inline.
    @inline(never)
    private mutating func value(_ number: Int, depth: Int) throws(PropertyListError) {
        if flags.bits[number] & Self.checkedScalar != 0 {
            // Checked before: only counted again, as the materializer counts every visit.
            let (total, overflow) = expanded.addingReportingOverflow(1)
            if overflow || total > maximumExpandedValues { throw expansionError(try scanner.object(number)) }
            expanded = total
            return
        }
        let object = try scanner.object(number)
        switch object.kind {
        case .array, .dictionary:
            try container(object, depth: depth + 1)
        default:
            try count(1, object)
            try scalar(object)
            flags.bits[number] |= Self.checkedScalar
        }
    }

    /// Whether object `number` is a scalar that passes `value(_:depth:)`'s checks whatever they
    /// are asked: a valid object of fixed size other than a 16-byte integer (which may be out of
    /// range). The loops of `elements(_:depth:)` take those met for the first time without a call;
    /// for anything else (`false`) `value(_:depth:)` checks, and throws what it finds.
    ///
    /// Transparent, not `@inline(__always)`: the optimizer left an always-inline version a call
    /// from those loops (nearly a quarter of the validation's instructions went to it).
    @_transparent
    private static func isPlainScalar(_ number: Int, in scanner: BinaryPropertyListScanner) -> Bool {
        guard let offset = scanner.validOffset(ofObject: number),
              let object = scanner.fixedSizeObject(number, at: offset) else { return false }
        return object.kind != .integer || object.count <= 8
    }

    @inline(__always)
    private mutating func scalar(_ object: BinaryPropertyListScanner.Object) throws(PropertyListError) {
        switch object.kind {
        case .integer: _ = try scanner.integer(object)
        case .asciiString, .utf16String: try string(object)
        case .array, .dictionary: try container(object, depth: 1)
        case .bool, .real, .date, .data, .uid: break
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

    private mutating func container(_ object: BinaryPropertyListScanner.Object, depth: Int) throws(PropertyListError) {
        let number = object.number
        let state = flags.bits[number]
        if state & Self.onPath != 0 {
            throw PropertyListError(.cycle, "\(BinaryPropertyListScanner.name(of: object.kind)) contains itself",
                                    at: .init(byteOffset: object.offset, objectNumber: number))
        }
        if depth > maximumDepth { throw depthError(object, depth: depth) }
        if state & Self.cached != 0, let entry = shared[number] {
            if depth - 1 + entry.height > maximumDepth { throw depthError(object, depth: depth - 1 + entry.height) }
            deepest = max(deepest, depth - 1 + entry.height)
            try count(entry.expandedCount, object)
            return
        }
        try count(1, object)
        if object.count > maximumExpandedValues - expanded { throw expansionError(object) }
        if depth > deepest { deepest = depth }
        flags.bits[number] = state | Self.onPath | Self.visited
        defer { flags.bits[number] &= ~Self.onPath }
        if StackGuard.isExhausted(below: stackLimit) {
            let saved = stackLimit
            defer { stackLimit = saved }
            return try StackGuard.onFreshStack(unavailable: { Self.threadError($0, object) }) { (limit) throws(PropertyListError) in
                stackLimit = limit
                try containerContents(object, state: state, depth: depth)
            }
        }
        try containerContents(object, state: state, depth: depth)
    }

    private static func threadError(_ failure: StackGuard.ThreadUnavailable,
                                    _ object: BinaryPropertyListScanner.Object) -> PropertyListError {
        PropertyListError(.depthLimitExceeded,
                          "containers nest too deep to continue: no thread could be started (error \(failure.code))",
                          at: .init(byteOffset: object.offset, objectNumber: object.number))
    }

    @inline(__always)
    private mutating func containerContents(_ object: BinaryPropertyListScanner.Object, state: UInt8,
                                            depth: Int) throws(PropertyListError) {
        let number = object.number
        guard state & Self.visited != 0 else {
            return try elements(object, depth: depth)
        }
        // Second visit: walk again and remember the counts for later visits.
        let countBefore = expanded - 1
        let deepestBefore = deepest
        deepest = depth
        try elements(object, depth: depth)
        shared[number] = Shared(expandedCount: expanded - countBefore, height: deepest - depth + 1)
        flags.bits[number] |= Self.cached
        deepest = max(deepest, deepestBefore)
    }

    private func depthError(_ object: BinaryPropertyListScanner.Object, depth: Int) -> PropertyListError {
        PropertyListError(.depthLimitExceeded,
                          "containers nest \(depth) deep, more than the limit of \(maximumDepth)",
                          at: .init(byteOffset: object.offset, objectNumber: object.number))
    }

    /// An array's elements, or a dictionary's keys and values in the materializer's order (each
    /// key, then its value).
    ///
    /// Values and keys checked before are only counted here, without a call: most of a
    /// document's references are to strings and scalars met before. Scalars met for the first
    /// time are checked here too (``isPlainScalar(_:in:)``): most of a keyed archive's objects
    /// are UIDs and numbers.
    private mutating func elements(_ object: BinaryPropertyListScanner.Object, depth: Int) throws(PropertyListError) {
        // The loops, made once for each common reference width: they then read each reference
        // without a switch on the width.
        switch scanner.objectRefSize {
        case 1: try elements(object, depth: depth, width: 1)
        case 2: try elements(object, depth: depth, width: 2)
        default: try elements(object, depth: depth, width: scanner.objectRefSize)
        }
    }

    /// A reference from a container to the value `number`, with the count of values so far in
    /// `counted` (``elements(_:depth:width:)``'s local): a scalar checked before is only counted, a
    /// plain scalar met for the first time is checked in place, anything else is walked by
    /// ``value(_:depth:)``, which counts in ``expanded``.
    @_transparent
    private mutating func valueReference(_ number: Int, depth: Int, bits: UnsafeMutablePointer<UInt8>,
                                         scanner: BinaryPropertyListScanner, limit: Int,
                                         counted: inout Int) throws(PropertyListError) {
        let state = bits[number]
        if state & Self.checkedScalar != 0, counted < limit {
            counted &+= 1
        } else if counted < limit, Self.isPlainScalar(number, in: scanner) {
            counted &+= 1
            bits[number] = state | Self.checkedScalar
        } else {
            expanded = counted
            try value(number, depth: depth)
            counted = expanded
        }
    }

    /// ``elements(_:depth:)`` for references of `width` bytes (the document's ``objectRefSize``).
    @_transparent
    private mutating func elements(_ object: BinaryPropertyListScanner.Object, depth: Int,
                                   width: Int) throws(PropertyListError) {
        // Copies, read in the loops below instead of the stored properties at every reference;
        // the count is kept in a local and stored back around each call that counts on its own.
        let scanner = self.scanner
        let bits = flags.bits
        let limit = maximumExpandedValues
        var counted = expanded
        if object.kind == .array {
            var position = object.payloadOffset
            for _ in 0..<object.count {
                let number = try scanner.reference(at: position, width: width, in: object.number)
                try valueReference(number, depth: depth, bits: bits, scanner: scanner, limit: limit, counted: &counted)
                position &+= width
            }
            expanded = counted
            return
        }
        var keyPosition = object.payloadOffset
        var valuePosition = keyPosition &+ object.count &* width
        for _ in 0..<object.count {
            let key = try scanner.reference(at: keyPosition, width: width, in: object.number)
            if bits[key] & Self.checkedString != 0, counted < limit {
                counted &+= 1
            } else {
                expanded = counted
                try self.key(key)
                counted = expanded
            }
            let value = try scanner.reference(at: valuePosition, width: width, in: object.number)
            try valueReference(value, depth: depth, bits: bits, scanner: scanner, limit: limit, counted: &counted)
            keyPosition &+= width
            valuePosition &+= width
        }
        expanded = counted
    }

    @inline(never)
    private mutating func key(_ number: Int) throws(PropertyListError) {
        if flags.bits[number] & Self.checkedString != 0 {
            // A string checked before (as a key or a value): only counted again.
            let (total, overflow) = expanded.addingReportingOverflow(1)
            if overflow || total > maximumExpandedValues { throw expansionError(try scanner.object(number)) }
            expanded = total
            return
        }
        let object = try scanner.object(number)
        guard object.kind == .asciiString || object.kind == .utf16String else {
            throw PropertyListError(
                .unsupportedObject,
                "dictionary key is a \(BinaryPropertyListScanner.name(of: object.kind)), not a string",
                at: .init(byteOffset: object.offset, objectNumber: number))
        }
        try count(1, object)
        try string(object)
    }

    /// Checks a string's encoding once; the scanner builds the error when it is invalid.
    private mutating func string(_ object: BinaryPropertyListScanner.Object) throws(PropertyListError) {
        if flags.bits[object.number] & Self.checkedString != 0 { return }
        if !Self.isValid(object, in: scanner) { _ = try scanner.string(object) }
        flags.bits[object.number] |= Self.checkedString
    }

    /// Whether a string object decodes: ASCII bytes below 0x80, UTF-16 surrogates paired.
    private static func isValid(_ object: BinaryPropertyListScanner.Object, in scanner: BinaryPropertyListScanner) -> Bool {
        let start = scanner.base + object.payloadOffset
        if object.kind == .asciiString {
            var index = 0
            var highBits: UInt64 = 0
            while index + 8 <= object.count {
                highBits |= start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                index += 8
            }
            while index < object.count {
                highBits |= UInt64(start.load(fromByteOffset: index, as: UInt8.self))
                index += 1
            }
            return highBits & 0x8080_8080_8080_8080 == 0
        }
        var index = 0
        while index < object.count {
            let unit = UInt16(bigEndian: start.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self))
            index += 1
            guard unit & 0xF800 == 0xD800 else { continue }
            guard unit < 0xDC00, index < object.count else { return false }
            let next = UInt16(bigEndian: start.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self))
            guard next & 0xFC00 == 0xDC00 else { return false }
            index += 1
        }
        return true
    }
}
