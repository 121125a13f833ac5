import Foundation

/// A `bplist00` document built byte by byte from its objects (object 0 the top, 1-byte offsets
/// and references), as an attacker or a damaged file could shape one; no encoder makes these.
enum HandBuiltBinaryList {
    static func data(_ objects: [[UInt8]]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(truncatingIfNeeded: bytes.count))
            bytes += object
        }
        let table = UInt64(bytes.count)
        bytes += offsets + [0, 0, 0, 0, 0, 0, 1, 1]
        for field in [UInt64(objects.count), 0, table] { bytes += withUnsafeBytes(of: field.bigEndian, Array.init) }
        return Data(bytes)
    }
}
