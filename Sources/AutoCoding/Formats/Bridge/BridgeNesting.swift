#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How deep the bridge calls running on this thread have nested values, so that a bridge call
/// reached again through a type's own coding methods goes on counting instead of starting at 0.
///
/// Each bridge call (`autoEncode`/`autoDecode`, and the `Codable` conformance they give) counts
/// levels in its own context. A value it cannot code itself — a type with its own `Codable`, or an
/// `NSCoding` object the coder makes — is handed to that type's methods, which may call the bridge
/// again for a value inside: an enum with synthesized `Codable` holding an `AutoCodable` struct
/// that holds the enum. Counted per call, such a chain would have no limit, and a binary property
/// list that contains itself (which `PropertyListDecoder` follows forever) or a cycle of objects
/// would run the stack out. So the depth at a hand-over is kept per thread (the methods it calls
/// run on the same thread, synchronously), and a bridge call starts its count there.
enum BridgeNesting {
    /// The thread-specific slot holding the depth (as a pointer's bit pattern, never dereferenced),
    /// or `nil` when the system gave no slot: each call then counts from 0, as without this type.
    private static let slot: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Levels entered on this thread by the bridge calls that handed a value to the code now
    /// running (0 outside any).
    static var levelsAbove: Int {
        guard let slot, let value = pthread_getspecific(slot) else { return 0 }
        return Int(bitPattern: value)
    }

    /// Runs `body`, which hands a value to a type's own coding methods, with this thread's depth
    /// at `levels` (see ``NestingLevels/levelsForHandOver``); the previous depth is restored after.
    @inline(__always)
    static func handingOver<Result>(at levels: Int, _ body: () throws -> Result) rethrows -> Result {
        guard let slot else { return try body() }
        let saved = pthread_getspecific(slot)
        pthread_setspecific(slot, UnsafeRawPointer(bitPattern: levels))
        defer { pthread_setspecific(slot, saved) }
        return try body()
    }
}
