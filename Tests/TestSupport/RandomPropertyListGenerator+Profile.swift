import PropertyList

extension RandomPropertyListGenerator {
    /// What a generated tree may contain, so each oracle is only asked what it can answer.
    ///
    /// Start from ``binaryFull`` or ``xmlSafe`` and narrow with ``pythonSafe`` or
    /// ``foundationSafe`` for trees that go through that oracle.
    public struct Profile: Sendable, Hashable {
        /// Which characters strings and keys are drawn from.
        public enum Characters: Sendable, Hashable {
            /// Everything a binary list holds: NUL and other controls, `\r`, emoji, non-BMP.
            case any
            /// No character XML 1.0 forbids (controls other than tab and newline, U+FFFE/U+FFFF)
            /// and no `\r`, which XML parsers normalize to `\n`.
            case xmlSafe
        }

        /// Which instants dates take.
        public enum Dates: Sendable, Hashable {
            /// Any `Double` seconds since 2001, fractions and NaN included.
            case arbitrary
            /// Whole seconds in years 1 ... 9999: what every XML reader (Foundation's and
            /// plistlib's read the whole second below a fraction) and Python's `datetime` hold exactly.
            case wholeSecondsInYears1To9999
        }

        /// Whether keyed-archive UIDs appear (binary only; neither XML writer has them).
        public var includesUID: Bool
        /// Whether 32-bit reals appear (binary only; XML reals have no width).
        public var includesReal32: Bool
        /// Whether `-0.0` appears (as a real or real32).
        public var includesNegativeZero: Bool
        /// Whether 32-bit reals may be NaN or infinite.
        public var includesNonFiniteReal32: Bool = true
        /// Whether `.xmlSafe` strings may hold `\r` anyway: a writer that escapes it as `&#13;`
        /// keeps it, but a raw one is read back as `\n`, so only trees we write may have it.
        public var xmlIncludesCarriageReturn: Bool = false
        /// Whether a string or key may start with U+FEFF (swift-corelibs-foundation's XML reader
        /// drops it there, even written as `&#xFEFF;`, and even from its own output).
        public var stringsMayStartWithByteOrderMark: Bool = true
        /// Whether 64-bit NaNs other than the standard quiet NaN appear (sign and payload bits).
        public var includesNaNPayloads: Bool = true
        /// The string alphabet.
        public var characters: Characters
        /// The date range.
        public var dates: Dates
        /// The deepest container nesting below the root.
        public var maximumDepth: Int
        /// The most elements a container gets (a few get up to four times as many).
        public var maximumContainerCount: Int

        /// Creates a profile.
        ///
        /// - Parameters:
        ///   - includesUID: Whether UIDs appear.
        ///   - includesReal32: Whether 32-bit reals appear.
        ///   - includesNegativeZero: Whether `-0.0` appears.
        ///   - characters: The string alphabet.
        ///   - dates: The date range.
        ///   - maximumDepth: The deepest nesting.
        ///   - maximumContainerCount: The usual largest container.
        public init(includesUID: Bool, includesReal32: Bool, includesNegativeZero: Bool,
                    characters: Characters, dates: Dates, maximumDepth: Int = 5, maximumContainerCount: Int = 8) {
            self.includesUID = includesUID
            self.includesReal32 = includesReal32
            self.includesNegativeZero = includesNegativeZero
            self.characters = characters
            self.dates = dates
            self.maximumDepth = maximumDepth
            self.maximumContainerCount = maximumContainerCount
        }

        /// Every type and value a binary list holds.
        public static let binaryFull = Profile(includesUID: true, includesReal32: true, includesNegativeZero: true,
                                               characters: .any, dates: .arbitrary)

        /// What an XML list holds exactly: no UID, no real32, XML-safe strings, whole-second dates.
        public static let xmlSafe = Profile(includesUID: false, includesReal32: false, includesNegativeZero: true,
                                            characters: .xmlSafe, dates: .wholeSecondsInYears1To9999)

        /// This profile narrowed for Python's `plistlib`.
        ///
        /// `plistlib` turns dates into `datetime` (microseconds, years 1 ... 9999), so dates are
        /// whole seconds in that range; its writer keeps one object per equal value and
        /// `0.0 == -0.0`, so `-0.0` is left out (it would come back as `0.0`, or the reverse).
        public var pythonSafe: Profile {
            var narrowed = self
            narrowed.dates = .wholeSecondsInYears1To9999
            narrowed.includesNegativeZero = false
            return narrowed
        }

        /// This profile narrowed for Foundation's `PropertyListSerialization`.
        ///
        /// Foundation's object model has no UID (the bridge spells one as a `CF$UID`
        /// dictionary, which reads back as a dictionary), and CoreFoundation replaces a 32-bit
        /// NaN or infinity, and any 64-bit NaN, by its shared constants when reading and writing.
        public var foundationSafe: Profile {
            var narrowed = self
            narrowed.includesUID = false
            narrowed.includesNonFiniteReal32 = false
            narrowed.includesNaNPayloads = false
            return narrowed
        }
    }
}
