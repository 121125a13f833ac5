import AutoCoding
import Foundation
import KeyedArchive
import PropertyList
import Testing

/// `autoEncode(with:)` / `autoDecode(from:)` against Foundation's own archiver and unarchiver, and
/// against ``KeyedArchiver`` / ``KeyedUnarchiver`` in both directions.
@Suite(.serialized) struct NSCodingBridgeTests {
    static func sample() -> BridgedNote {
        let note = BridgedNote()
        note.title = "Groceries ✓"
        note.count = -42
        note.ratio = 0.25
        note.small = 1.5
        note.pinned = true
        note.rating = nil
        note.flagged = false
        note.created = Date(timeIntervalSinceReferenceDate: 123_456.5)
        note.tags = ["food", "weekly"]
        note.scores = ["milk": 2, "eggs": 12]
        note.link = URL(string: "https://example.com/list?x=1")
        note.identifier = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        note.attachment = Data([0, 1, 2, 255])
        let author = BridgedAuthor()
        author.name = "Ada"
        author.home = BridgedPlace(name: "London", latitude: 51.5)
        note.author = author
        return note
    }

    static func expectSameContent(_ read: BridgedNote, _ note: BridgedNote) {
        #expect(read.title == note.title)
        #expect(read.count == note.count)
        #expect(read.ratio == note.ratio)
        #expect(read.small == note.small)
        #expect(read.pinned == note.pinned)
        #expect(read.rating == note.rating)
        #expect(read.flagged == note.flagged)
        #expect(read.created == note.created)
        #expect(read.tags == note.tags)
        #expect(read.scores == note.scores)
        #expect(read.link == note.link)
        #expect(read.identifier == note.identifier)
        #expect(read.attachment == note.attachment)
        #expect(read.author?.name == note.author?.name)
        #expect(read.author?.home == note.author?.home)
    }

    static func foundationArchive(_ root: Any) throws -> Data {
        try NSKeyedArchiver.archivedData(withRootObject: root, requiringSecureCoding: true)
    }

    @Test func foundationRoundTripsABridgedClassWithSecureCoding() throws {
        let note = Self.sample()
        var read: BridgedNote?
        let failures = try BridgeFailures.collect {
            read = try NSKeyedUnarchiver.unarchivedObject(ofClass: BridgedNote.self, from: Self.foundationArchive(note))
        }
        #expect(failures.isEmpty, "\(failures)")
        let copy = try #require(read)
        Self.expectSameContent(copy, note)
        #expect(copy.decodedHookRan)
    }

    @Test func nilReadsBackAsNilWhereTheDefaultIsNot() throws {
        let note = BridgedNote()
        note.rating = nil
        note.flagged = nil
        let read = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: BridgedNote.self,
                                                                       from: Self.foundationArchive(note)))
        #expect(read.rating == nil)
        #expect(read.flagged == nil)
        note.rating = 0
        note.flagged = false
        let zero = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: BridgedNote.self,
                                                                       from: Self.foundationArchive(note)))
        #expect(zero.rating == 0)
        #expect(zero.flagged == false)
    }

    @Test func keyedUnarchiverReadsWhatFoundationWroteThroughTheBridge() throws {
        let note = Self.sample()
        let data = try Self.foundationArchive(note)
        let read = try KeyedUnarchiver(allowing: [BridgedAuthor.self]).unarchive(BridgedNote.self, from: data)
        Self.expectSameContent(read, note)
        #expect(read.decodedHookRan)
    }

    @Test func foundationReadsWhatKeyedArchiverWrote() throws {
        let note = Self.sample()
        let data = try KeyedArchiver().archive(note)
        var read: BridgedNote?
        let failures = try BridgeFailures.collect {
            read = try NSKeyedUnarchiver.unarchivedObject(ofClasses: [BridgedNote.self, BridgedAuthor.self], from: data)
                as? BridgedNote
        }
        #expect(failures.isEmpty, "\(failures)")
        let copy = try #require(read)
        #expect(copy.title == note.title)
        #expect(copy.count == note.count)
        #expect(copy.rating == nil)
        #expect(copy.flagged == false)
        #expect(copy.scores == note.scores)
        #expect(copy.link == note.link)
        #expect(copy.identifier == note.identifier)
        #expect(copy.author?.name == "Ada")
        #expect(copy.author?.home == note.author?.home)
        #expect(copy.decodedHookRan)
    }

    @Test func sharedObjectsKeepTheirIdentityThroughFoundation() throws {
        let first = BridgedNote(), second = BridgedNote()
        first.title = "first"
        second.title = "second"
        first.related = [second, second]
        let read = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: BridgedNote.self,
                                                                       from: Self.foundationArchive(first)))
        #expect(read.related.count == 2)
        #expect(read.related[0] === read.related[1])
        #expect(read.related[0].title == "second")
    }

    /// Foundation writes cycles of bridged objects (an object's UID is known before its
    /// `encode(with:)` runs); ``KeyedUnarchiver`` reads them back as cycles. (corelibs-foundation's
    /// unarchiver cannot: a Swift `init(coder:)` makes the object, so a reference back to it from
    /// inside finds nothing to share — the same for hand-written `NSCoding`.)
    @Test func cyclesFoundationWroteReadBackAsCyclesWithKeyedUnarchiver() throws {
        let first = BridgedNote(), second = BridgedNote()
        first.title = "first"
        second.title = "second"
        first.related = [second, second]
        second.related = [first]
        defer { second.related = [] }
        let read = try KeyedUnarchiver().unarchive(BridgedNote.self, from: Self.foundationArchive(first))
        #expect(read.related[0] === read.related[1])
        #expect(read.related[0].related.first === read)
        #expect(read.related[0].title == "second")
        read.related[0].related = []
    }

    @Test func structsInsideBridgedClassesAreDictionariesInBothArchivers() throws {
        let author = BridgedAuthor()
        author.home = BridgedPlace(name: "Paris", latitude: 48.85)
        for data in [try Self.foundationArchive(author), try KeyedArchiver().archive(author)] {
            let graph = try KeyedUnarchiver.graph(from: data)
            guard case .object(let index) = graph.root, let object = graph.objects[index] else {
                Issue.record("root is \(graph.root)")
                continue
            }
            guard case .dictionary(let home)? = object["home"] else {
                Issue.record("home is \(String(describing: object["home"]))")
                continue
            }
            #expect(home.contains { $0.key == .string("name") && $0.value == .string("Paris") })
            let read = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: BridgedAuthor.self, from: data))
            #expect(read.home == author.home)
            #expect(try KeyedUnarchiver().unarchive(BridgedAuthor.self, from: data).home == author.home)
        }
    }

    @Test func aVersionedClassReadsItsOwnVersionEitherWayWithoutMigrating() throws {
        let note = VersionedBridgedNote()
        note.text = "v2"
        let foundation = try Self.foundationArchive(note)
        let ours = try KeyedArchiver().archive(note)
        for data in [foundation, ours] {
            let failures = try BridgeFailures.collect {
                let read = try NSKeyedUnarchiver.unarchivedObject(ofClass: VersionedBridgedNote.self, from: data)
                #expect(read?.text == "v2")
            }
            #expect(failures.isEmpty, "\(failures)")
            #expect(try KeyedUnarchiver().unarchive(VersionedBridgedNote.self, from: data).text == "v2")
        }
    }

    @Test func anArchiveOfAnotherVersionIsRefusedThroughNSCoder() throws {
        // A hand-written class archived under the versioned class's name, with no `$version`.
        let hand = HandWrittenNote()
        let data = try Self.foundationArchive(hand)
        let failures = BridgeFailures.collect {
            _ = try? Self.foundationRead(data, as: VersionedBridgedNote.self, whereArchived: HandWrittenNote.self)
        }
        let error = try #require(failures.first as? AutoCodingError)
        #expect(error.kind == .unsupportedType, "\(error)")
    }

    @Test func setsIntegerKeysOptionalStructsAndNilElementsRoundTripEveryWay() throws {
        let author = BridgedAuthor()
        author.visited = ["Rome", "Oslo"]
        author.byYear = [1843: "Notes", -1: "none"]
        author.past = [BridgedPlace(name: "Turin", latitude: 45), nil]
        author.second = nil
        let foundation = try Self.foundationArchive(author)
        let ours = try KeyedArchiver().archive(author)
        for data in [foundation, ours] {
            for read in [try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: BridgedAuthor.self, from: data)),
                         try KeyedUnarchiver().unarchive(BridgedAuthor.self, from: data)] {
                #expect(read.visited == author.visited)
                #expect(read.byYear == author.byYear)
                #expect(read.past == author.past)
                #expect(read.second == nil)
            }
        }
    }

    /// Reads `data` with Foundation, making a `target` where the archive names `source` (the
    /// unarchiver's own mapping; corelibs-foundation's archiver-side `setClassName` is not applied).
    static func foundationRead<T: NSObject & NSCoding>(_ data: Data, as target: T.Type, whereArchived source: AnyClass,
                                                       allowing others: [AnyClass] = []) throws -> T? {
        let unarchiver = try NSKeyedUnarchiver(forReadingFrom: data)
        unarchiver.decodingFailurePolicy = .setErrorAndReturn
        unarchiver.setClass(target, forClassName: NSStringFromClass(source))
        let read = unarchiver.decodeObject(of: [target] + others, forKey: NSKeyedArchiveRootObjectKey) as? T
        if let error = unarchiver.error { throw error }
        return read
    }

    @Test func numbersAreStoredWithTheTypedCallsAndOptionalsAsObjects() throws {
        let note = Self.sample()
        note.rating = 7
        let read = try #require(try Self.foundationRead(Self.foundationArchive(note), as: HandWrittenNote.self,
                                                        whereArchived: BridgedNote.self, allowing: [BridgedAuthor.self]))
        #expect(read.title == note.title)
        #expect(read.count == -42)
        #expect(read.pinned)
        #expect(read.rating == 7)
        #expect(read.tags == note.tags)
    }

    @Test func aBridgedClassReadsWhatHandWrittenCodeWrote() throws {
        let hand = HandWrittenNote()
        hand.title = "by hand"
        hand.count = 9
        hand.pinned = true
        hand.rating = 4
        hand.tags = ["a"]
        let read = try #require(try Self.foundationRead(Self.foundationArchive(hand), as: BridgedNote.self,
                                                        whereArchived: HandWrittenNote.self))
        #expect(read.title == "by hand")
        #expect(read.count == 9)
        #expect(read.pinned)
        #expect(read.rating == 4)
        #expect(read.tags == ["a"])
        #expect(read.ratio == 0, "a missing key keeps init()'s default")
        #expect(read.flagged == true, "a missing key keeps init()'s default")
    }

    @Test func aWrongValueFailsWithThePropertyPath() throws {
        let data = try NSKeyedArchiver.archivedData(withRootObject: MislabeledNote(), requiringSecureCoding: false)
        let failures = BridgeFailures.collect {
            _ = try? Self.foundationRead(data, as: BridgedNote.self, whereArchived: MislabeledNote.self)
        }
        let error = try #require(failures.first as? AutoCodingError)
        #expect(error.kind == .typeMismatch)
        #expect(error.description.contains("BridgedNote.tags"), "\(error)")
    }
}

/// Writes a string under `tags`.
final class MislabeledNote: NSObject, NSSecureCoding {
    static var supportsSecureCoding: Bool { true }
    override init() { super.init() }
    func encode(with coder: NSCoder) { coder.encode("not an array", forKey: "tags") }
    init?(coder: NSCoder) { nil }
}
