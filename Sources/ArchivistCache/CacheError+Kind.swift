extension CacheError {
    /// A kind of cache failure. New kinds may be added; `switch` with a `default`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as ``description`` prints it.
        public let name: String
        /// The sentence ``CacheError/description`` starts with.
        let explanation: String

        private init(_ name: String, _ explanation: String) {
            self.name = name
            self.explanation = explanation
        }

        /// The value is in neither level and no fetcher was given.
        public static let notFound = Kind("not found", "no cached value")
        /// The fetcher threw; ``CacheError/underlying`` holds its error.
        public static let fetcherFailed = Kind("fetcher failed", "the fetcher failed")
        /// The fetcher finished without a value.
        public static let fetcherReturnedNothing = Kind("fetcher returned nothing", "the fetcher returned no value")
        /// The disk entry could not be read or decoded; it has been removed, so the next request
        /// is an ordinary miss. ``CacheError/url`` names the file.
        public static let diskEntryUnreadable = Kind("disk entry unreadable",
                                                     "the disk entry is unreadable and was removed")
        /// No format with this name is registered.
        public static let formatNotRegistered = Kind("format not registered", "no format with this name is registered")
        /// The value could not be encoded for the disk, or a format's transform threw.
        public static let encodingFailed = Kind("encoding failed", "the value could not be prepared for storing")
        /// The disk entry could not be written; the previous entry, if any, is unchanged.
        public static let diskWriteFailed = Kind("disk write failed", "the disk entry could not be written")
        /// The request's task was cancelled before a value arrived.
        public static let cancelled = Kind("cancelled", "the request was cancelled")

        /// Equal when the names are (the explanation follows from the name).
        public static func == (lhs: Kind, rhs: Kind) -> Bool { lhs.name == rhs.name }

        /// Hashes the name.
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }

        /// The kind's name, e.g. `not found`.
        public var description: String { name }
    }
}
