import Archivist
import Foundation

/// A linked note written the README's way (`try? autoEncode(with:)` in `encode(with:)`), so a chain
/// of them can pass the bridges' depth limit.
public final class NoteChainLink: NSObject, NSSecureCoding, AutoCodable {
    public static var supportsSecureCoding: Bool { true }
    public var number = 0
    public var next: NoteChainLink? = nil

    override public init() { super.init() }
    public func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    public init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }

    /// A chain of `count` links, numbered from 0.
    public static func chain(_ count: Int) -> NoteChainLink {
        let first = NoteChainLink()
        var last = first
        for number in 1 ..< max(count, 1) {
            let link = NoteChainLink()
            link.number = number
            last.next = link
            last = link
        }
        return first
    }

    /// How many links follow from this one, itself included.
    public var length: Int {
        var count = 0
        var current: NoteChainLink? = self
        while let link = current {
            count += 1
            current = link.next
        }
        return count
    }
}
