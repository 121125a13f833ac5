import ArchivistCache
import Foundation
import Testing

/// `CacheError`: kinds to match on, and a description naming the key, format and file.
@Suite struct CacheErrorTests {
    @Test func aDescriptionNamesTheKindsSentenceTheKeyTheFormatTheFileAndTheCause() {
        struct Cause: Error, CustomStringConvertible { var description: String { "bad bytes" } }
        let error = CacheError(.diskEntryUnreadable, key: "42", format: "full",
                               url: URL(fileURLWithPath: "/tmp/entries/42"), underlying: Cause())
        #expect(error.description
                == "the disk entry is unreadable and was removed for key \"42\" in format \"full\" (/tmp/entries/42): bad bytes")
        #expect(error.kind.description == "disk entry unreadable")
    }

    @Test func kindsMatchInASwitchAndCompareByName() {
        let kinds: [CacheError.Kind] = [.notFound, .fetcherFailed, .fetcherReturnedNothing, .diskEntryUnreadable,
                                        .formatNotRegistered, .encodingFailed, .diskWriteFailed, .cancelled]
        #expect(Set(kinds).count == kinds.count)
        let matched = kinds.map { kind -> String in
            switch kind {
            case .notFound: "miss"
            case .cancelled: "cancelled"
            default: "other"
            }
        }
        #expect(matched == ["miss", "other", "other", "other", "other", "other", "other", "cancelled"])
        #expect(CacheError(.notFound, key: "k", format: "f").kind == .notFound)
    }
}

/// The cache's options are structs of static members: they compare, hash and print.
@Suite struct CacheOptionTests {
    @Test func expiriesCompareByRuleAndPrintTheirKind() {
        #expect(CacheExpiry.fixed(60) == .fixed(60))
        #expect(CacheExpiry.fixed(60) != .sliding(60))
        #expect(CacheExpiry.fixed(60) != .fixed(61))
        #expect(CacheExpiry.never != .fixed(0))
        #expect(Set([CacheExpiry.never, .never, .sliding(1)]).count == 2)
        #expect(CacheExpiry.sliding(7).description == "sliding(7.0)")
        #expect(CacheExpiry.never.description == "never")
    }

    @Test func preloadPoliciesCompareAndPrintTheirNames() {
        #expect(CachePreloadPolicy.lastSession == .lastSession)
        #expect(CachePreloadPolicy.all != .none)
        #expect([CachePreloadPolicy.none, .lastSession, .all].map(\.description) == ["none", "lastSession", "all"])
    }
}
