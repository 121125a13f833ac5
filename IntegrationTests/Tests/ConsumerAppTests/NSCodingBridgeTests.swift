import Archivist
import ConsumerApp
import Foundation
import Testing

/// What the README's NSCoding snippet promises, from an app target (default `MainActor` isolation,
/// public API only).
@Suite struct NSCodingBridgeTests {
    @Test func theReadmeSnippetPrintsWhatTheReadmeShows() throws {
        let outcome = try readmeNSCodingSample()
        #expect(outcome.backTitle == "Call Ada")
        #expect(outcome.backPinned == false)
        #expect(outcome.sameTitle == "Call Ada")
        #expect(outcome.backReminderIsNil)
    }

    @Test func anArchiveWrittenEitherWayReadsEitherWay() throws {
        let reminder = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let outcome = try readmeNSCodingBothWays(title: "Dentist", reminder: reminder)
        #expect(outcome.fromFoundation == "Dentist")
        #expect(outcome.fromOurs == reminder)
    }

    @Test func aChainPastTheDepthLimitFailsToArchiveInsteadOfComingBackShorter() throws {
        let short = NoteChainLink.chain(20)
        let data = try NSKeyedArchiver.archivedData(withRootObject: short, requiringSecureCoding: false)
        let back = try #require(try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? NoteChainLink)
        #expect(back.length == 20)
        #if !canImport(Darwin)
        let long = NoteChainLink.chain(600)
        do {
            let data = try NSKeyedArchiver.archivedData(withRootObject: long, requiringSecureCoding: false)
            let back = try NSKeyedUnarchiver.unarchiveTopLevelObjectWithData(data) as? NoteChainLink
            Issue.record("archived 600 links; \(back?.length ?? 0) came back")
        } catch let error as AutoCodingError {
            #expect(error.kind == .depthLimitExceeded)
        }
        #endif
    }
}
