import Persistence
import ArchivistCache
import Foundation
import Testing
import TestSupport

/// Fetching on a miss: one fetch per key, typed failures, cancellation.
@Suite struct CacheFetcherTests {
    private let fixture: CacheFixture

    init() throws {
        fixture = try CacheFixture()
    }

    /// A fetcher that counts its calls and can be held until released.
    final class CountingFetcher: Fetcher, @unchecked Sendable {
        // @unchecked: the mutable state is only touched while `lock` is held.
        let key: String
        private let lock = NSLock()
        private var calls = 0
        private var cancels = 0
        private let result: @Sendable () throws -> Data?
        private let gate: DispatchSemaphore?

        init(key: String, held: Bool = false, result: @escaping @Sendable () throws -> Data?) {
            self.key = key
            self.result = result
            gate = held ? DispatchSemaphore(value: 0) : nil
        }

        var callCount: Int { lock.withLock { calls } }
        var cancelCount: Int { lock.withLock { cancels } }

        func fetch() async throws -> Data? {
            lock.withLock { calls += 1 }
            if let gate {
                // Wait off the cooperative pool so other tasks keep running.
                await withCheckedContinuation { continuation in
                    DispatchQueue.global().async {
                        gate.wait()
                        continuation.resume()
                    }
                }
            }
            try Task.checkCancellation()
            return try result()
        }

        func cancel() {
            lock.withLock { cancels += 1 }
            gate?.signal()
        }

        func release() { gate?.signal() }
    }

    private func cache() -> Cache<Data> {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 10_000))
        return cache
    }

    @Test func aMissIsFetchedTransformedStoredAndThenServedFromTheCache() async throws {
        let cache = fixture.dataCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 10_000, beforeStore: { $0 + Data("+".utf8) }))
        let fetcher = CountingFetcher(key: "k") { Data("fetched".utf8) }
        #expect(try await cache.value(from: fetcher, format: "f") == Data("fetched+".utf8))
        #expect(try await cache.value(from: fetcher, format: "f") == Data("fetched+".utf8))
        #expect(fetcher.callCount == 1)
        cache.waitForQueuedWrites(format: "f")
        #expect(try Data(contentsOf: fixture.entryURL(format: "f", key: "k")) == Data("fetched+".utf8))
    }

    @Test func concurrentRequestsForOneKeyShareOneFetch() async throws {
        let cache = cache()
        let fetcher = CountingFetcher(key: "k", held: true) { Data("v".utf8) }
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<16 { group.addTask { try await cache.value(from: fetcher, format: "f") } }
            // Let every request join before the fetch completes.
            while fetcher.callCount == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
            try await Task.sleep(nanoseconds: 20_000_000)
            fetcher.release()
            for try await value in group { #expect(value == Data("v".utf8)) }
        }
        #expect(fetcher.callCount == 1)
    }

    @Test func aThrowingFetcherIsFetcherFailedWithItsError() async throws {
        let cache = cache()
        let fetcher = CountingFetcher(key: "k") { throw URLError(.notConnectedToInternet) }
        let error = await #expect(throws: CacheError.self) { try await cache.value(from: fetcher, format: "f") }
        #expect(error?.kind == .fetcherFailed && error?.key == "k")
        #expect((error?.underlying as? URLError)?.code == .notConnectedToInternet)
    }

    @Test func aFetcherWithoutAValueIsFetcherReturnedNothing() async throws {
        let cache = cache()
        let fetcher = CountingFetcher(key: "k") { nil }
        let error = await #expect(throws: CacheError.self) { try await cache.value(from: fetcher, format: "f") }
        #expect(error?.kind == .fetcherReturnedNothing && error?.key == "k")
    }

    @Test func cancellingEveryRequestCancelsTheFetch() async throws {
        let cache = cache()
        let fetcher = CountingFetcher(key: "k", held: true) { Data("v".utf8) }
        let first = Task { try await cache.value(from: fetcher, format: "f") }
        let second = Task { try await cache.value(from: fetcher, format: "f") }
        while fetcher.callCount == 0 { try await Task.sleep(nanoseconds: 1_000_000) }
        try await Task.sleep(nanoseconds: 20_000_000)
        first.cancel()
        #expect(fetcher.cancelCount == 0)
        second.cancel()
        for task in [first, second] {
            let error = await #expect(throws: CacheError.self) { try await task.value }
            #expect(error?.kind == .cancelled)
        }
        #expect(fetcher.cancelCount == 1)
    }

    @Test func theCompletionFormCallsBackOnAMissAndSynchronouslyOnAHit() async throws {
        let cache = cache()
        let fetcher = CountingFetcher(key: "k") { Data("v".utf8) }
        let value: Data = try await withCheckedThrowingContinuation { continuation in
            let hit = cache.fetchValue(from: fetcher, format: "f", failure: { continuation.resume(throwing: $0) },
                                       success: { continuation.resume(returning: $0) })
            #expect(!hit)
        }
        #expect(value == Data("v".utf8))
        let served = StateLock<Data?>(nil)
        let hit = cache.fetchValue(from: fetcher, format: "f", success: { value in served.withLock { $0 = value } })
        #expect(hit)
        #expect(served.withLock { $0 } == Data("v".utf8))
    }

    @Test func aCorruptEntryIsFetchedAgain() async throws {
        let cache = fixture.profileCache()
        cache.register(CacheFormat(name: "f", diskCapacity: 10_000, memoryLimit: CacheMemoryLimit(count: 0)))
        let profile = CacheTestProfile(id: "1", name: "Ann")
        try await cache.set(profile, forKey: "k", format: "f")
        let url = fixture.entryURL(cache: "profiles", format: "f", key: "k")
        let size = try Data(contentsOf: url).count
        try Data(repeating: 0x41, count: size).write(to: url)
        let fetcher = ClosureFetcher<CacheTestProfile>(key: "k") { CacheTestProfile(id: "1", name: "Fresh") }
        #expect(try await cache.value(from: fetcher, format: "f").name == "Fresh")
    }
}
