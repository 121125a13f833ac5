import Archivist
import ConsumerApp
import Foundation
import Testing

/// Dates at the ends of `Date`'s range and with fractions of a second come back bit for bit.
@Suite struct DateTests {
    @Test(arguments: [PropertyListFormat.binary, .xml])
    func extremeAndFractionalDatesRoundTrip(_ format: PropertyListFormat) throws {
        var timeline = Timeline()
        timeline.moment = Date(timeIntervalSinceReferenceDate: 800_000_000.123_456)
        let copy = try AutoArchiver.unarchive(Timeline.self, from: AutoArchiver.archive(timeline, format: format))
        #expect(copy.start == .distantPast)
        #expect(copy.end == .distantFuture)
        #expect(copy.moment.timeIntervalSinceReferenceDate.bitPattern
                == timeline.moment.timeIntervalSinceReferenceDate.bitPattern)
    }

    @Test func xmlSpellsTheFractionAndTheFarYears() throws {
        var timeline = Timeline()
        timeline.moment = Date(timeIntervalSinceReferenceDate: 0.25)
        let xml = String(decoding: try AutoArchiver.archive(timeline, format: .xml), as: UTF8.self)
        #expect(xml.contains("<date>0000-12-30T00:00:00Z</date>"))  // Date.distantPast, as Foundation writes it
        #expect(xml.contains("<date>4001-01-01T00:00:00Z</date>"))  // Date.distantFuture
        // The fraction in an attribute (README): other readers get the whole second below.
        #expect(xml.contains("<date fraction=\"0.25\">2001-01-01T00:00:00Z</date>"))
    }
}
