import Archivist
import Foundation

// README, "Using AutoCoding with Codable and NSCoding": the NSCoding class verbatim, the snippet as
// the body of an app-level function (with `print` replaced by returning what it would print).

final class Note: NSObject, NSSecureCoding, AutoCodable {
    static var supportsSecureCoding: Bool { true }
    var title = ""
    var pinned = false
    var reminder: Date? = nil

    override init() { super.init() }
    func encode(with coder: NSCoder) { try? autoEncode(with: coder) }
    init?(coder: NSCoder) {
        super.init()
        do { try autoDecode(from: coder) } catch { return nil }
    }
}

/// What the NSCoding snippet printed.
public struct ReadmeNSCodingOutcome: Sendable {
    public var backTitle: String
    public var backPinned: Bool
    public var sameTitle: String
    public var backReminderIsNil: Bool
}

/// README, "Using AutoCoding with Codable and NSCoding", the `NSCoding` part.
public func readmeNSCodingSample() throws -> ReadmeNSCodingOutcome {
    let note = Note()
    note.title = "Call Ada"
    let data = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
    let back = try NSKeyedUnarchiver.unarchivedObject(ofClass: Note.self, from: data)
    let same = try KeyedUnarchiver().unarchive(Note.self, from: data)
    return ReadmeNSCodingOutcome(backTitle: back?.title ?? "", backPinned: back?.pinned ?? true, sameTitle: same.title,
                                 backReminderIsNil: back?.reminder == nil)
}

/// A note with a reminder, archived by Foundation and read by `KeyedUnarchiver`, then archived by
/// `KeyedArchiver` and read by Foundation: what the README says reads either way.
public func readmeNSCodingBothWays(title: String, reminder: Date) throws -> (fromFoundation: String, fromOurs: Date?) {
    let note = Note()
    note.title = title
    note.reminder = reminder
    let foundation = try NSKeyedArchiver.archivedData(withRootObject: note, requiringSecureCoding: true)
    let ours = try KeyedUnarchiver().unarchive(Note.self, from: foundation)
    let again = try KeyedArchiver().archive(ours)
    let back = try NSKeyedUnarchiver.unarchivedObject(ofClass: Note.self, from: again)
    return (ours.title, back?.reminder)
}
