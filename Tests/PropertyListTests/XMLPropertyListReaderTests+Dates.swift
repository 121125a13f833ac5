import Foundation
import PropertyList
import Testing
import TestSupport

/// `<date>` spellings beyond `YYYY-MM-DDTHH:MM:SSZ`: signed and long years, fractions (in the
/// `fraction` attribute, and in the text as the previous version wrote them), and refusals.
extension XMLPropertyListReaderTests {
    /// The in-text fractions here are the form the previous version wrote; it is read, not written.
    @Test(arguments: [
        ("0000-12-30T00:00:00Z", Date.distantPast.timeIntervalSinceReferenceDate),
        ("4001-01-01T00:00:00Z", Date.distantFuture.timeIntervalSinceReferenceDate),
        ("-0000-12-30T00:00:00Z", Date.distantPast.timeIntervalSinceReferenceDate),
        ("-0001-12-31T23:59:59Z", -63_145_526_401), ("-001-12-31T23:59:59Z", -63_145_526_401),
        ("-998-08-30T00:00:00Z", -94_618_540_800), ("-1168-02-16T14:13:20Z", -100_000_000_000),
        ("10000-01-01T00:00:00Z", 252_423_993_600), ("+10000-01-01T00:00:00Z", 252_423_993_600),
        ("+2001-01-01T00:00:00Z", 0), ("02001-01-01T00:00:00Z", 0), ("20010-01-01T00:00:00Z", 568_309_132_800),
        ("31690739-07-06T01:46:40Z", 1e15), ("999999999-12-31T23:59:57Z", 31_556_888_854_473_596), ("-999999999-01-01T00:00:00Z", -31_557_015_113_904_000),
        ("2001-01-01T00:00:00.5Z", 0.5), ("2001-01-01T00:00:00.500Z", 0.5), ("2001-01-01T00:00:00.000Z", 0),
        ("2000-12-31T23:59:59.75Z", -0.25), ("2001-01-01T00:00:00.000001Z", 1e-6),
        (" 2001-01-01T00:00:12.9Z\n", 12.9), ("0000-12-30T00:00:00.25Z", -63_114_076_799.75),
    ])
    func readsSignedAndLongYearsAndFractions(text: String, seconds: Double) throws {
        #expect(try readPlist("<date>\(text)</date>") == .date(Date(timeIntervalSinceReferenceDate: seconds)), "\(text)")
    }

    @Test func readsFractionsOfAnyLengthExactly() throws {
        let tiny = "2001-01-01T00:00:00." + String(repeating: "0", count: 323) + "5Z"
        #expect(try readPlist("<date>\(tiny)</date>") == .date(Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude)))
        let nines = "2000-12-31T23:59:59." + String(repeating: "9", count: 5_000) + "Z"
        let value = try readPlist("<date>\(nines)</date>")
        #expect(value.dateValue?.timeIntervalSinceReferenceDate.bitPattern == (-0.0).bitPattern)
        let tinyAttribute = "<date fraction=\"0." + String(repeating: "0", count: 323) + "5\">2001-01-01T00:00:00Z</date>"
        #expect(try readPlist(tinyAttribute) == .date(Date(timeIntervalSinceReferenceDate: .leastNonzeroMagnitude)))
        let ninesAttribute = "<date fraction='0." + String(repeating: "9", count: 5_000) + "'>2000-12-31T23:59:59Z</date>"
        #expect(try readPlist(ninesAttribute).dateValue?.timeIntervalSinceReferenceDate.bitPattern == (-0.0).bitPattern)
    }

    @Test(arguments: [
        (#"<date fraction="0.75">2000-12-31T23:59:59Z</date>"#, -0.25),
        (#"<date fraction="0.5">2001-01-01T00:00:00Z</date>"#, 0.5),
        (#"<date fraction='0.000001'>2001-01-01T00:00:00Z</date>"#, 1e-6),
        (#"<date fraction="0.500">2001-01-01T00:00:00Z</date>"#, 0.5), (#"<date fraction="0.0">2001-01-01T00:00:00Z</date>"#, 0),
        (#"<date fraction="0.9">2001-01-01T00:00:12Z</date>"#, 12.9),
        (#"<date fraction="0.25">0000-12-30T00:00:00Z</date>"#, -63_114_076_799.75),
        (#"<date fraction="0.75">-1168-02-16T14:13:19Z</date>"#, -1e11 - 0.25),
        (#"<date fraction="0.75">10000-01-01T00:00:00Z</date>"#, 252_423_993_600.75),
        (#"<date  fraction = "0.5"  >2001-01-01T00:00:00Z</date >"#, 0.5),
        (#"<date kind="instant" fraction="0.5" x:fraction="junk">2001-01-01T00:00:00Z</date>"#, 0.5),
        (#"<date other='a"b' fraction="0.5">2001-01-01T00:00:00Z</date>"#, 0.5),
        (#"<date kind="instant">2001-01-01T00:00:01Z</date>"#, 1),
        ("<date\tfraction=\"0.5\"\n>\n\t2001-01-01T00:00:00Z\n</date>", 0.5),
    ])
    func readsTheFractionAttributeAddedExactlyToTheWholeSecond(xml: String, seconds: Double) throws {
        #expect(try readPlist(xml) == .date(Date(timeIntervalSinceReferenceDate: seconds)), "\(xml)")
    }

    @Test func readsFractionAttributesInsideContainers() throws {
        let xml = """
            <dict><key>at</key><date fraction="0.75">2000-12-31T23:59:59Z</date>\
            <key>all</key><array><date fraction="0.5">2001-01-01T00:00:00Z</date><date>2001-01-01T00:00:00Z</date></array></dict>
            """
        #expect(try readPlist(xml) == ["at": .date(Date(timeIntervalSinceReferenceDate: -0.25)),
                                       "all": [.date(Date(timeIntervalSinceReferenceDate: 0.5)),
                                               .date(Date(timeIntervalSinceReferenceDate: 0))]])
    }

    @Test func skipsAFractionAttributeOnOtherElements() throws {
        #expect(try readPlist(#"<array fraction="0.5"><real fraction="x">1.5</real><integer fraction=''>2</integer></array>"#)
                == [1.5, 2])
        #expect(try readPlist(#"<string fraction="0.5">2001-01-01T00:00:00Z</string>"#) == "2001-01-01T00:00:00Z")
    }

    /// The value's column: `<plist><date fraction="` is 23 bytes.
    @Test(arguments: [
        "", "0", "0.", ".5", "1.5", "1", "00.5", "0.5e1", " 0.5", "0.5 ", "+0.5", "-0.5", "0,5", "0.-5", "0.5.5",
        "0.5Z", "0x.5", "&#48;.5", "0.&#53;", "0.٥", "0.1_0",
    ])
    func rejectsAMalformedFractionAttributeAtItsValue(value: String) {
        expectFailure(.invalidObject, line: 1, column: 24, "<plist><date fraction=\"\(value)\">2001-01-01T00:00:00Z</date></plist>")
    }

    @Test func rejectsAFractionInBothTheAttributeAndTheText() {
        // At the text's decimal point: `<plist><date fraction="0.5">2001-01-01T00:00:00` is 47 bytes.
        expectFailure(.invalidObject, line: 1, column: 48,
                      #"<plist><date fraction="0.5">2001-01-01T00:00:00.5Z</date></plist>"#)
    }

    @Test func rejectsMalformedOrRepeatedAttributesOnADate() {
        expectFailure(.xmlSyntax, line: 1, column: 29, #"<plist><date fraction="0.5" fraction="0.5">2001-01-01T00:00:00Z</date></plist>"#)
        expectFailure(.xmlSyntax, line: 1, column: 14, "<plist><date fraction>2001-01-01T00:00:00Z</date></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 23, "<plist><date fraction=0.5>2001-01-01T00:00:00Z</date></plist>")
        expectFailure(.xmlSyntax, line: 1, column: 14, #"<plist><date "0.5">2001-01-01T00:00:00Z</date></plist>"#)
        expectFailure(.xmlSyntax, line: 1, column: 14, #"<plist><date ="0.5">2001-01-01T00:00:00Z</date></plist>"#)
        expectFailure(.xmlSyntax, line: 1, column: 48, #"<plist><date fraction="0.5>2001-01-01T00:00:00Z</date></plist>"#)
    }

    @Test func rejectsAnEmptyDateEvenWithAFraction() {
        expectFailure(.invalidObject, line: 1, column: 8, #"<plist><date fraction="0.5"/></plist>"#)
    }

    @Test func rejectsAFractionThatCarriesTheLastSecondOutOfRange() {
        // The last whole second that reads is 999999999-12-31T23:59:57Z; its Doubles are 4 s apart.
        expectFailure(.invalidObject, line: 1, column: 29,
                      #"<plist><date fraction="0.5">999999999-12-31T23:59:59Z</date></plist>"#)
    }

    @Test(arguments: [
        "2001-01-01T00:00:00.Z", "2001-01-01T00:00:00.5", "2001-01-01T00:00:00,5Z", "2001-01-01T00:00:00.5.5Z",
        "2001-01-01T00:00:00.-5Z", "2001-01-01T00:00:00.5ZZ", "2001-01-01T00:00:00Z.5", "2001-01-01T00:00:00.5 Z",
        "2001-01-01T00:00:00 .5Z", "2001-01-01T00:00:00.e5Z", "201-01-01T00:00:00Z", "+201-01-01T00:00:00Z",
        "-01-01-01T00:00:00Z", "--2001-01-01T00:00:00Z", "+-2001-01-01T00:00:00Z", "- 2001-01-01T00:00:00Z",
        "2001-01-01T0:00:00Z", "2001-01-01T00:00:0Z", "2001-01-01T00:00:00z", "2001-01-01t00:00:00Z",
        "-", "+", "Z", ".5Z", "-Z", "2001", "2001-", "2001-01-01T00:00:00.5+00:00",
        "1000000000-01-01T00:00:00Z", "-1000000000-12-31T23:59:59Z", "999999999-12-31T23:59:59Z",
        "999999999-12-31T23:59:59.5Z",
        String(repeating: "9", count: 40) + "-01-01T00:00:00Z", "-" + String(repeating: "9", count: 40) + "-01-01T00:00:00Z",
        "0000-02-30T00:00:00Z", "-0001-02-29T00:00:00Z", "-0004-02-30T00:00:00Z", "10000-13-01T00:00:00Z",
        "2001-01-01T24:00:00.5Z", "2001-01-01T23:59:60.5Z",
    ])
    func rejectsMalformedSignedLongOrFractionalDatesAtTheirStart(text: String) {
        expectFailure(.invalidObject, line: 1, column: 14, "<plist><date>\(text)</date></plist>")
    }

    @Test func reportsTheLineAndColumnOfAMalformedDate() {
        expectFailure(.invalidObject, line: 3, column: 8, "<plist>\n<array>\n\t<date>2001-01-01T00:00:00.Z</date>\n</array></plist>")
        expectFailure(.invalidObject, line: 3, column: 3, "<plist>\n<date>\n  1000000000-01-01T00:00:00Z</date></plist>")
    }

    /// Random text over the characters a date is made of: every read either succeeds or throws a
    /// typed error, and what succeeds writes back to a date that reads as the same instant.
    @Test func readsOrRefusesArbitraryDateTextWithoutTrapping() throws {
        var random = SeededRandom(seed: 0xDA7E_0006)
        let alphabet = Array("0123456789-+:.TZ tz".utf8)
        let template = Array("-0001-12-31T23:59:59.25Z".utf8)
        var accepted = 0
        for _ in 0..<5_000 {
            var text: [UInt8]
            if random.chance(1, in: 2) {
                // A valid date with a few bytes changed, inserted or removed.
                text = template
                for _ in 0...random.below(3) {
                    let position = random.below(text.count + 1)
                    switch random.below(3) {
                    case 0 where position < text.count: text[position] = random.pick(alphabet)
                    case 1: text.insert(random.pick(alphabet), at: position)
                    default: if position < text.count { text.remove(at: position) }
                    }
                }
            } else {
                text = (0..<random.below(40)).map { _ in random.pick(alphabet) }
            }
            let body = "<date>" + String(decoding: text, as: UTF8.self) + "</date>"
            let value: PropertyListValue
            do {
                value = try readPlist(body)
            } catch {
                #expect(error is PropertyListError, "\(body): \(error)")
                continue
            }
            accepted += 1
            #expect(try XMLPropertyListReader().read(XMLPropertyListWriter().write(value)) == value, "\(body)")
        }
        #expect(accepted > 100)
    }

    /// Random changes to a `<date>` start tag with a `fraction`: every read either succeeds or
    /// throws a typed error, and what succeeds writes back to a date that reads as the same instant.
    @Test func readsOrRefusesArbitraryFractionAttributesWithoutTrapping() throws {
        var random = SeededRandom(seed: 0xDA7E_0007)
        let alphabet = Array("0123456789.-+ =\"'fraction<>/&#;x\t".utf8)
        let template = Array(#"<date fraction="0.25">"#.utf8)
        var accepted = 0
        for _ in 0..<5_000 {
            var tag = template
            for _ in 0...random.below(3) {
                // Keep `<date` so that most cases reach the attribute reader.
                let position = 5 + random.below(tag.count - 4)
                switch random.below(3) {
                case 0 where position < tag.count: tag[position] = random.pick(alphabet)
                case 1: tag.insert(random.pick(alphabet), at: position)
                default: if position < tag.count { tag.remove(at: position) }
                }
            }
            let body = String(decoding: tag, as: UTF8.self) + "-0001-12-31T23:59:59Z</date>"
            let value: PropertyListValue
            do {
                value = try readPlist(body)
            } catch {
                #expect(error is PropertyListError, "\(body): \(error)")
                continue
            }
            accepted += 1
            #expect(try XMLPropertyListReader().read(XMLPropertyListWriter().write(value)) == value, "\(body)")
        }
        #expect(accepted > 500)
    }
}
