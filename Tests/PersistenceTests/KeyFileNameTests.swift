import Foundation
import Persistence
import Testing
import TestSupport

/// Keys to file-name stems and back.
@Suite struct KeyFileNameTests {
    @Test(arguments: [
        ("plain", "plain"), ("Key", "^key"), ("a/b", "a%2fb"), ("..", "%2e."), ("", "="), ("a\u{0}b", "a%00b"),
        ("é", "%c3%a9"), ("x.y-z_1", "x.y-z_1"), ("~", "%7e"), ("%", "%25"), ("^", "%5e"), ("=", "%3d"),
    ])
    func escapesToASafeCaseInsensitiveName(_ key: String, _ stem: String) {
        #expect(KeyFileName.stem(for: key) == .exact(stem))
        #expect(KeyFileName.key(fromStem: stem) == key)
    }

    @Test func randomKeysRoundTripThroughTheirStems() {
        var random = SeededRandom(seed: 3)
        let alphabet: [Character] = ["a", "Z", "/", ".", "%", "^", "~", "\u{0}", "é", "🎉", " ", "=", "e\u{301}"]
        for _ in 0..<2_000 {
            let key = String((0..<random.below(40)).map { _ in random.pick(alphabet) })
            let normalized = KeyFileName.normalized(key)
            switch KeyFileName.stem(for: key) {
            case .exact(let stem):
                #expect(KeyFileName.key(fromStem: stem) == normalized)
                #expect(!stem.contains("/") && !stem.hasPrefix(".") && stem == stem.lowercased())
            case .hashed(let stem):
                #expect(KeyFileName.isWellFormedHashedStem(stem))
                #expect(KeyFileName.key(fromStem: stem) == nil)
            }
        }
    }

    @Test func longKeysAreHashedToBoundedDistinctStems() {
        let long = String(repeating: "x", count: 10_000)
        let other = long + "y"
        let stem = KeyFileName.stem(for: long).text
        #expect(KeyFileName.isHashed(stem))
        #expect(stem.utf8.count <= KeyFileName.hashedPrefixLength + 17)
        #expect(stem != KeyFileName.stem(for: other).text)
        #expect(stem == KeyFileName.stem(for: long).text)
        // The prefix never ends inside an escape.
        let escapes = String(repeating: "é", count: 100)
        let prefix = KeyFileName.stem(for: escapes).text.split(separator: "~")[0]
        #expect(prefix.utf8.count % 6 == 0)
    }

    @Test func foreignOrNonCanonicalNamesAreNotKeys() {
        for stem in ["Upper", "%41", "%2", "^", "^1", "a~b", ".hidden", "%zz", "", "%c3"] {
            #expect(KeyFileName.key(fromStem: stem) == nil, "\(stem)")
        }
    }

    @Test func canonicallyEquivalentKeysShareAStem() {
        #expect(KeyFileName.stem(for: "e\u{301}") == KeyFileName.stem(for: "\u{e9}"))
        #expect(KeyFileName.stem(for: "Å") == KeyFileName.stem(for: "A\u{30A}"))
    }
}
