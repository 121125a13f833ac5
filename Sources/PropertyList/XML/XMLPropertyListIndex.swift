import Foundation

/// An XML property list read once into a compact table of its values: what ``XMLPropertyListReader``
/// turns into a ``PropertyListValue`` tree and what AutoCoding's XML archive reader decodes
/// fields from directly, so both go through the one XML scanner and its every rule.
///
/// Building the index validates the whole document exactly as reading a tree does (syntax,
/// entities, UTF-8, integers, reals, dates, base64, depth) and throws the same errors, with the
/// line and column. Scalars are parsed while scanning; text stays in the input (or, when it had
/// entities, character references or CDATA, in ``decodedText``) until someone asks for it.
///
/// Containers list their children contiguously in ``children``: an array's elements, or a
/// dictionary's keys and values alternating. Dictionaries already hold what a tree would: a
/// repeated key keeps its first position and takes the last value, and a dictionary whose only key
/// is `CF$UID` with a non-negative integer is a ``Kind/uid`` node.
///
/// The index points into the document's bytes: it is valid only while they are.
package struct XMLPropertyListIndex {
    /// What a node is.
    package enum Kind: UInt8, BitwiseCopyable {
        case array, dictionary, string, integer, real, `true`, `false`, date, data, uid
    }

    /// One value: 24 bytes, its meaning by ``kind``.
    package struct Node: BitwiseCopyable {
        package var kind: Kind
        /// ``isASCII``, ``isDecoded``, ``isNegative``.
        package var flags: UInt8
        /// Containers: the position of the first child in ``children``. Text: the offset of its
        /// first byte in the input, or in ``decodedText`` when ``isDecoded``. Data: the position
        /// in ``blobs``.
        package var lower: Int
        /// Arrays: the element count; dictionaries: the entry count. Text: the offset after its
        /// last byte. Integers: the bits of ``PropertyListInteger``; reals: the `Double`'s bits;
        /// dates: the bits of the seconds since 2001 as a `Double`; UIDs: the value.
        package var payload: UInt64

        @inline(__always)
        init(_ kind: Kind, flags: UInt8 = 0, lower: Int = 0, payload: UInt64 = 0) {
            self.kind = kind
            self.flags = flags
            self.lower = lower
            self.payload = payload
        }

        /// Containers: the number of elements or entries. Text: the number of bytes.
        @inline(__always)
        package var count: Int {
            switch kind {
            case .array, .dictionary: return Int(truncatingIfNeeded: payload)
            default: return Int(truncatingIfNeeded: payload) &- lower
            }
        }
    }

    /// Text known to be ASCII only.
    package static var isASCII: UInt8 { 1 }
    /// Text that lies in ``decodedText`` instead of the input.
    package static var isDecoded: UInt8 { 2 }
    /// A negative integer.
    package static var isNegative: UInt8 { 4 }

    /// Owns the memory of ``nodes`` and ``children``, which never moves once the index is built.
    final class Storage {
        let nodes: UnsafeMutablePointer<Node>
        let children: UnsafeMutablePointer<Int>

        init(nodes: UnsafeMutablePointer<Node>, children: UnsafeMutablePointer<Int>) {
            self.nodes = nodes
            self.children = children
        }

        deinit {
            free(nodes)
            free(children)
        }
    }

    private let storage: Storage
    /// The document; valid for `0..<count`.
    package let input: UnsafePointer<UInt8>
    /// The number of bytes in the document.
    package let count: Int
    /// Every value, in document order (keys are ``Kind/string`` nodes); ``nodeCount`` of them.
    package let nodes: UnsafePointer<Node>
    package let nodeCount: Int
    /// Node numbers of the children of every container, each container's contiguous.
    package let children: UnsafePointer<Int>
    /// Text that needed decoding (entities, character references, CDATA, comments inside).
    package let decodedText: [UInt8]
    /// The bytes of every `<data>`.
    package let blobs: [Data]
    /// The node number of the root value.
    package let rootNumber: Int

    /// Takes what a scanner recorded: `nodes` and `children` were allocated with `malloc`.
    init(input: UnsafePointer<UInt8>, count: Int, nodes: UnsafeMutablePointer<Node>, nodeCount: Int,
         children: UnsafeMutablePointer<Int>, decodedText: [UInt8], blobs: [Data], rootNumber: Int) {
        storage = Storage(nodes: nodes, children: children)
        self.input = input
        self.count = count
        self.nodes = UnsafePointer(nodes)
        self.nodeCount = nodeCount
        self.children = UnsafePointer(children)
        self.decodedText = decodedText
        self.blobs = blobs
        self.rootNumber = rootNumber
    }

    /// Reads an XML property list into an index.
    ///
    /// - Parameters:
    ///   - bytes: A complete UTF-8 XML property-list document, which must outlive the index.
    ///   - options: Limits on nesting depth.
    /// - Throws: ``PropertyListError`` with the line and column, as ``XMLPropertyListReader`` throws.
    package init(bytes: UnsafeRawBufferPointer, options: PropertyListReadingOptions) throws(PropertyListError) {
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            throw PropertyListError(.xmlSyntax, "the document is empty", at: .init(line: 1, column: 1))
        }
        let input = base.assumingMemoryBound(to: UInt8.self)
        var scanner = XMLPropertyListScanner(input: input, count: bytes.count, maximumDepth: options.maximumDepth)
        do {
            try scanner.readDocument()
        } catch {
            throw Self.located(error, in: input, count: bytes.count)
        }
        do {
            self = try scanner.finish()
        } catch {
            throw Self.located(error, in: input, count: bytes.count)
        }
    }

    /// `error` with its byte offset turned into a line and column: worked out only when something
    /// is thrown, so reading never pays for it.
    private static func located(_ error: PropertyListError, in input: UnsafePointer<UInt8>,
                                count: Int) -> PropertyListError {
        var located = error
        if let offset = error.location.byteOffset {
            let place = XMLTextPosition(offset: offset, in: input, count: count)
            located.location.byteOffset = nil
            located.location.line = place.line
            located.location.column = place.column
        }
        return located
    }

    // MARK: Access

    /// The root value's node.
    @inline(__always)
    package var root: Node { nodes[rootNumber] }

    /// Child `position` (below the container's count, or twice it for a dictionary, whose keys
    /// and values alternate) of a container.
    @inline(__always)
    package func child(_ node: Node, _ position: Int) -> Node {
        nodes[children[node.lower &+ position]]
    }

    /// The text of a ``Kind/string`` node (a string or a key).
    package func string(_ node: Node) -> String {
        if node.flags & Self.isDecoded == 0 {
            return String(decoding: UnsafeBufferPointer(start: input + node.lower, count: node.count), as: UTF8.self)
        }
        return decodedText.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[node.lower..<Int(node.payload)]), as: UTF8.self)
        }
    }

    /// Runs `body` over the UTF-8 of a ``Kind/string`` node.
    @inline(__always)
    package func withUTF8<R>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if node.flags & Self.isDecoded == 0 {
            return body(UnsafeBufferPointer(start: input + node.lower, count: node.count))
        }
        return decodedText.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[node.lower..<Int(node.payload)])) }
    }

    /// The value of an ``Kind/integer`` node.
    @inline(__always)
    package static func integer(_ node: Node) -> PropertyListInteger {
        node.flags & isNegative != 0 ? PropertyListInteger(Int64(bitPattern: node.payload)) : PropertyListInteger(node.payload)
    }

    /// The value of a ``Kind/real`` node.
    @inline(__always)
    package static func real(_ node: Node) -> Double { Double(bitPattern: node.payload) }

    /// The value of a ``Kind/date`` node.
    @inline(__always)
    package static func date(_ node: Node) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: node.payload))
    }

    /// The bytes of a ``Kind/data`` node.
    @inline(__always)
    package func data(_ node: Node) -> Data { blobs[node.lower] }
}
