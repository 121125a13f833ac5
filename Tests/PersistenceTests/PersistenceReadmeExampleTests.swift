import AutoCoding
import Foundation
import Persistence
import Testing
import TestSupport

/// The README's persistence example, kept compiling and true. It runs in a temporary directory
/// (`.directory`, `init(archiveURL:)`, `init(fileURL:)`) instead of the user's standard locations.
@Suite struct PersistenceReadmeExampleTests {
    struct Person: AutoCodable, Equatable {
        var name = ""
        var born = 0
    }

    final class Notebook: SavableObject {
        var title = ""
        var entries: [String] = []
        required init() { super.init() }
    }

    @Test func theReadmeExampleRuns() throws {
        let directory = try TemporaryDirectory()
        let person = Person(name: "Ada", born: 1815)

        let store = try ArchiveStore(name: "people", location: .directory(directory.url))
        try store.persist(person, forKey: "me")
        let me = try store.retrieve(Person.self, forKey: "me")
        #expect(me == person)
        let done = DispatchSemaphore(value: 0)
        store.persistInBackground(Person(name: "Ada", born: 1816), forKey: "me") { result in
            if case .success(let file) = result, file.size > 0 { done.signal() }
        }
        store.flush()
        #expect(done.wait(timeout: .now() + 60) == .success, "the completion reports the written file")
        #expect(try store.retrieve(Person.self, forKey: "me").born == 1816)

        let url = directory.url.appendingPathComponent("notebook.plist")
        let notebook = Notebook(archiveURL: url)
        notebook.title = "Field notes"
        try notebook.save()
        let again = try Notebook.load(from: url)
        #expect(again.title == "Field notes")

        let settings = try BasicValueStore(fileURL: directory.url.appendingPathComponent("settings/basic-values.log"))
        try settings.set("dark", forKey: "theme")
        #expect(settings.string(forKey: "theme") == "dark")
    }
}
