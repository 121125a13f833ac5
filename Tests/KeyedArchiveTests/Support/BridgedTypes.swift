import AutoCoding
import Foundation
import PropertyList

/// Errors `init?(coder:)` of the bridged classes caught, so tests can look at them.
enum BridgeFailures {
    nonisolated(unsafe) private static var errors: [any Error] = []
    private static let lock = NSLock()

    static func record(_ error: any Error) {
        lock.lock()
        errors.append(error)
        lock.unlock()
    }

    /// The errors recorded while `body` ran (tests using this are serialized).
    static func collect(_ body: () throws -> Void) rethrows -> [any Error] {
        lock.lock()
        errors = []
        lock.unlock()
        try body()
        lock.lock()
        defer { lock.unlock() }
        return errors
    }
}

/// A struct held by a bridged class: a dictionary through Foundation's archiver.
struct BridgedPlace: AutoCodable, Equatable {
    var name = ""
    var latitude = 0.0
}

/// An `NSSecureCoding` class with no per-property code, as the seed wrote it.
final class BridgedNote: NSObject, NSSecureCoding, AutoCodable {
    static var supportsSecureCoding: Bool { true }

    var title = ""
    var count = 0
    var ratio = 0.0
    var small: Float = 0
    var pinned = false
    var rating: Int? = 3
    var flagged: Bool? = true
    var created = Date(timeIntervalSinceReferenceDate: 0)
    var tags: [String] = []
    var scores: [String: Int] = [:]
    var link: URL?
    var identifier = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    var attachment = Data()
    var author: BridgedAuthor?
    var related: [BridgedNote] = []
    var decodedHookRan = false

    static var autoCodingTransientProperties: Set<String> { ["decodedHookRan"] }

    override init() { super.init() }

    func encode(with coder: NSCoder) {
        do { try autoEncode(with: coder) } catch { BridgeFailures.record(error) }
    }

    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch {
            BridgeFailures.record(error)
            return nil
        }
    }

    func autoCodingDidDecode() throws { decodedHookRan = true }
}

/// A second bridged class, referred to by ``BridgedNote`` and referring back.
final class BridgedAuthor: NSObject, NSSecureCoding, AutoCodable {
    static var supportsSecureCoding: Bool { true }

    var name = ""
    var home = BridgedPlace()
    var favorite: BridgedNote?
    var visited: Set<String> = []
    var byYear: [Int: String] = [:]
    var past: [BridgedPlace?] = []
    var second: BridgedPlace? = BridgedPlace(name: "default", latitude: 1)

    override init() { super.init() }

    func encode(with coder: NSCoder) {
        do { try autoEncode(with: coder) } catch { BridgeFailures.record(error) }
    }

    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch {
            BridgeFailures.record(error)
            return nil
        }
    }
}

/// ``BridgedNote``'s numbers written by hand, the modern way, for reading what the bridge wrote.
final class HandWrittenNote: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }

    var title = ""
    var count = 0
    var pinned = false
    var rating: Int?
    var tags: [String] = []

    override init() { super.init() }

    func encode(with coder: NSCoder) {
        coder.encode(title, forKey: "title")
        coder.encode(count, forKey: "count")
        coder.encode(pinned, forKey: "pinned")
        coder.encode(rating, forKey: "rating")
        coder.encode(tags, forKey: "tags")
    }

    init?(coder: NSCoder) {
        title = coder.decodeObject(of: NSString.self, forKey: "title") as String? ?? ""
        count = coder.decodeInteger(forKey: "count")
        pinned = coder.decodeBool(forKey: "pinned")
        rating = coder.decodeObject(of: NSNumber.self, forKey: "rating")?.intValue
        tags = coder.decodeObject(of: [NSArray.self, NSString.self], forKey: "tags") as? [String] ?? []
        super.init()
    }
}

/// A bridged class at version 2, whose migration hook refuses to run (nothing here needs it).
final class VersionedBridgedNote: NSObject, NSSecureCoding, AutoCodable {
    static var supportsSecureCoding: Bool { true }
    static var autoCodingVersion: Int { 2 }

    var text = ""

    override init() { super.init() }

    static func autoCodingMigrate(from version: Int, tree: inout PropertyListDictionary) throws {
        throw RejectedValue()
    }

    func encode(with coder: NSCoder) {
        do { try autoEncode(with: coder) } catch { BridgeFailures.record(error) }
    }

    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch {
            BridgeFailures.record(error)
            return nil
        }
    }
}
