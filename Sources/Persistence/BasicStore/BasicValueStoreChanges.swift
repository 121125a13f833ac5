extension BasicValueStore {
    /// The stream of a store's changes: an `AsyncSequence` of ``Change`` values naming the keys
    /// that changed, made by ``BasicValueStore/changes()``.
    ///
    /// It yields nothing for the store's contents at the time it was made, only for later changes.
    /// Keys changed while the consumer is busy are merged into one ``Change``, so a slow consumer
    /// never falls behind by more than one element and never misses a key. The stream ends when
    /// the iterating task is cancelled or the store is deallocated. Iterate it from one task at a
    /// time, as any `AsyncStream`.
    public struct Changes: AsyncSequence, Sendable {
        public typealias Element = Change
        public typealias Failure = Never

        let doorbell: AsyncStream<Void>
        let mailbox: BasicChangeMailbox

        /// Starts iterating.
        ///
        /// - Returns: An iterator.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(doorbell: doorbell.makeAsyncIterator(), mailbox: mailbox)
        }

        /// Iterates a ``Changes`` stream.
        public struct AsyncIterator: AsyncIteratorProtocol {
            var doorbell: AsyncStream<Void>.Iterator
            let mailbox: BasicChangeMailbox

            /// The next change, waiting for one.
            ///
            /// - Returns: The change, or `nil` when the stream ended.
            public mutating func next() async -> Change? {
                while await doorbell.next() != nil {
                    let keys = mailbox.take()
                    if !keys.isEmpty { return Change(keys: keys) }
                }
                return nil
            }

            /// The next change, waiting for one, on `actor`.
            ///
            /// - Parameter actor: The caller's actor.
            /// - Returns: The change, or `nil` when the stream ended.
            public mutating func next(isolation actor: isolated (any Actor)?) async -> Change? {
                while await doorbell.next(isolation: actor) != nil {
                    let keys = mailbox.take()
                    if !keys.isEmpty { return Change(keys: keys) }
                }
                return nil
            }
        }
    }
}
