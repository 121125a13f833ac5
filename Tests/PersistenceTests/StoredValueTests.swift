import Foundation
import Observation
import Testing
import TestSupport
import Persistence

/// An app's settings model: stored properties read and write the store, and Observation tracks them.
@Observable final class ReaderSettings {
    @ObservationIgnored @Stored var launches: Int
    @ObservationIgnored @Stored var readingMode: ReadingMode
    var unrelated = 0

    init(store: BasicValueStore) {
        _launches = Stored(.launches, in: store)
        _readingMode = Stored(.readingMode, in: store)
    }
}

/// The same, isolated to the main actor as app code usually is.
@MainActor final class MainActorCounter {
    @Stored var launches: Int

    init(store: BasicValueStore) {
        _launches = Stored(.launches, in: store)
    }
}

/// `@Stored` and `StoredValue`: reads and writes go through the store; Observation is told of
/// every change of the key, wherever it was made.
@Suite("StoredValue")
struct StoredValueTests {
    private func open(_ url: URL) throws -> BasicValueStore {
        try BasicValueStore(fileURL: url, durability: .atomic)
    }

    /// Runs `read` under observation tracking; the returned counter counts change notifications.
    private func track(_ read: @escaping () -> Void) -> BasicFailureCounter {
        let notifications = BasicFailureCounter()
        withObservationTracking(read) { notifications.add() }
        return notifications
    }

    @Test func thePropertyReadsTheDefaultAndWritesThroughToTheStore() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        let settings = ReaderSettings(store: store)
        #expect(settings.launches == 0)
        #expect(settings.readingMode == .scroll)
        settings.launches += 1
        settings.readingMode = .paged
        #expect(store[.launches] == 1)
        #expect(store.string(forKey: "readingMode") == "paged")
        try store.set(41, forKey: .launches)
        #expect(settings.launches == 41)
        try settings.$launches.set(42)
        #expect(store.integer(forKey: "launches") == 42)
        try settings.$launches.reset()
        #expect(settings.launches == 0 && !store.contains("launches"))
        #expect(settings.$launches.description == "StoredValue(\"launches\": 0)")
    }

    @Test func observationIsToldOfWritesThroughThePropertyAndTheStore() throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        let settings = ReaderSettings(store: store)
        let viaProperty = track { _ = settings.launches }
        settings.launches = 3
        store.waitForChangeObservers()
        #expect(viaProperty.count == 1)
        let viaStore = track { _ = settings.launches }
        try store.update(forKey: .launches) { $0 += 1 }
        store.waitForChangeObservers()
        #expect(viaStore.count == 1)
        // Another key, or a tracked property not read, tells nothing.
        let untouched = track { _ = settings.launches }
        settings.readingMode = .paged
        try store.set(1, forKey: "other")
        store.waitForChangeObservers()
        #expect(untouched.count == 0)
    }

    @Test func observationIsToldOfAnotherStoresWritesOnceTheStoreCatchesUp() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let store = try open(url)
        let other = try open(url)
        let settings = ReaderSettings(store: store)
        let notifications = track { _ = settings.readingMode }
        try other.set(ReadingMode.paged.rawValue, forKey: "readingMode")
        try store.synchronize()
        store.waitForChangeObservers()
        #expect(notifications.count == 1)
        #expect(settings.readingMode == .paged)
    }

    @Test func observationIsToldOfAnotherStoresWritesAtOnce() async throws {
        let directory = try TemporaryDirectory()
        let url = directory.file("values.log")
        let store = try open(url)
        let other = try open(url)
        let settings = ReaderSettings(store: store)
        let notifications = track { _ = settings.launches }
        try other.set(4, forKey: "launches")
        // No read of `store`: the write reaches its observers by itself.
        for _ in 0 ..< 500 where notifications.count == 0 {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(notifications.count == 1)
        #expect(settings.launches == 4)
    }

    @Test @MainActor func aMainActorTypeReadsAndWritesThroughTheWrapper() async throws {
        let directory = try TemporaryDirectory()
        let store = try open(directory.file("values.log"))
        let counter = MainActorCounter(store: store)
        counter.launches += 2
        #expect(store[.launches] == 2)
        var values = counter.$launches.changes.makeAsyncIterator()
        #expect(await values.next() == 2)
        counter.launches = 5
        #expect(await values.next() == 5)
    }

    @Test func aStoredValueStopsObservingWhenDeallocatedAndKeepsNoCycle() throws {
        let directory = try TemporaryDirectory()
        weak var weakStore: BasicValueStore?
        do {
            let store = try open(directory.file("values.log"))
            weakStore = store
            do {
                let value = StoredValue(.launches, in: store)
                value.value = 1
                #expect(store.changeListenerCount == 1)
            }
            store.waitForChangeObservers()    // a notification running holds the value briefly
            #expect(store.changeListenerCount == 0)
            _ = ReaderSettings(store: store)
            #expect(store.changeListenerCount == 0)
        }
        #expect(weakStore == nil)
    }
}
