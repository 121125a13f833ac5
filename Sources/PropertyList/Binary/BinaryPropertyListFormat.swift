/// Constants of the `bplist00` format. (Skeleton: completed by the binary codec work.)
enum BinaryPropertyListFormat {
    /// The eight bytes every binary property list starts with.
    static let magic: [UInt8] = Array("bplist00".utf8)
}
