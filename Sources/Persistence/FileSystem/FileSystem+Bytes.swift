import Foundation

extension FileSystem {
    /// Copies `bytes` into a `Data` and writes it with ``FileSystem/write(_:to:)-(Data,_)``: what a
    /// file system that only wraps another (fault injection in tests) gets, so every write still
    /// passes through its `Data` entry.
    package func write(_ bytes: UnsafeRawBufferPointer, to file: FileDescriptor) throws(SystemCallError) {
        try write(Data(bytes), to: file)
    }
}
