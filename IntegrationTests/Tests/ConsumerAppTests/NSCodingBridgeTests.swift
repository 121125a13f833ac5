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
}
