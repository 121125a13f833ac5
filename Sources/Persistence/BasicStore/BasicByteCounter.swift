/// A ``BasicByteSink`` that only counts: the size of an encoding, without making it.
struct BasicByteCounter: BasicByteSink {
    /// The bytes put so far.
    private(set) var count = 0

    @inline(__always)
    mutating func put(_ byte: UInt8) { count &+= 1 }

    @inline(__always)
    mutating func put(_ bytes: UnsafeRawBufferPointer) { count &+= bytes.count }

    @inline(__always)
    mutating func put(utf8 string: String) { count &+= string.utf8.count }
}
