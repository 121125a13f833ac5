import Foundation

extension FileSystem {
    /// Copies `bytes` into a `Data` and writes it with ``FileSystem/write(_:to:)-(Data,_)``: what a
    /// file system that only wraps another (fault injection in tests) gets, so every write still
    /// passes through its `Data` entry.
    package func write(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor) throws(SystemCallError) {
        try write(Data(bytes), to: file)
    }

    /// Reads with ``FileSystem/read(_:at:count:)`` and copies into an array: what a file system
    /// that only wraps another gets, so every read still passes through its `Data` entry.
    package func readBytes(_ file: FileDescriptor, at offset: Int64, count: Int) throws(SystemCallError) -> [UInt8] {
        [UInt8](try read(file, at: offset, count: count))
    }
}
