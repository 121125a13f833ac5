import Archivist
import ConsumerApp
import Foundation
import Observation
import Testing

/// Counts Observation's change notifications, which arrive on a background queue.
nonisolated final class NotificationCount: @unchecked Sendable {
    // @unchecked: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}

/// The app's `@Observable` settings model over a basic-value store, from the app's side.
@Suite struct AppSettingsTests {
    private func open(_ directory: TemporaryDirectory) throws -> BasicValueStore {
        try BasicValueStore(fileURL: directory.file("settings.log"))
    }

    /// Runs `read` under observation tracking; the count says how many change notifications came.
    private func observe(_ read: () -> Void) -> NotificationCount {
        let notifications = NotificationCount()
        withObservationTracking(read) { notifications.add() }
        return notifications
    }

    /// Waits a few seconds at most for `condition`.
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0 ..< 300 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func settingsStartAtTheirDefaultsAndSurviveReopening() throws {
        let directory = try TemporaryDirectory()
        do {
            let settings = AppSettings(store: try open(directory))
            #expect(settings.theme == .system && settings.launchCount == 0 && settings.lastUser == nil)
            settings.theme = .dark
            settings.lastUser = "ada"
            try settings.recordLaunch()
            try settings.recordLaunch()
        }
        let settings = AppSettings(store: try open(directory))
        #expect(settings.theme == .dark)
        #expect(settings.launchCount == 2)
        #expect(settings.lastUser == "ada")
        try settings.signOut()
        #expect(settings.lastUser == nil)
        #expect(settings.store.keys == ["launchCount", "theme"])
        #expect(settings.store.lastWriteError == nil)
    }

    @Test func observationSeesAChangeMadeThroughAnotherStoreOnTheFile() async throws {
        let directory = try TemporaryDirectory()
        let settings = AppSettings(store: try open(directory))
        let notifications = observe { _ = settings.theme }
        // Another window's model, or another process, writes the theme.
        let elsewhere = AppSettings(store: try open(directory))
        elsewhere.theme = .light
        try settings.store.synchronize()
        try await eventually { notifications.value > 0 }
        #expect(notifications.value == 1)
        #expect(settings.theme == .light)
    }

    @Test func anotherWindowsWriteReachesObserversAndStreamsWithoutASynchronize() async throws {
        let directory = try TemporaryDirectory()
        let settings = AppSettings(store: try open(directory))
        let notifications = observe { _ = settings.launchCount }
        var themes = settings.$theme.changes.makeAsyncIterator()
        #expect(await themes.next() == .system)
        // Another window of the app opens its own store on the same file and writes; this one
        // neither reads nor synchronizes.
        let window = AppSettings(store: try open(directory))
        window.theme = .dark
        try window.recordLaunch()
        #expect(await themes.next() == .dark)
        try await eventually { notifications.value > 0 }
        #expect(notifications.value == 1)
        #expect(settings.launchCount == 1)
    }

    @Test func theProjectedValueStreamsTheSettingsValues() async throws {
        let directory = try TemporaryDirectory()
        let settings = AppSettings(store: try open(directory))
        var themes = settings.$theme.changes.makeAsyncIterator()
        #expect(await themes.next() == .system)
        settings.theme = .dark
        #expect(await themes.next() == .dark)
        try settings.$theme.reset()
        #expect(await themes.next() == .system)
    }
}
