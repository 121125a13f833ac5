import AutoCoding
import Foundation
import Persistence
import PropertyList

/// The steps of `archivist demo`, collecting what they print.
struct DemoScript {
    /// The demo's directory (shown as `$DEMO`).
    let directory: URL
    private var lines: [String] = []

    init(directory: URL) {
        self.directory = directory
    }

    /// Runs every step and returns the text to print.
    mutating func run() throws -> String {
        let notebookURL = directory.appendingPathComponent("notebook.plist")
        let trip = DemoTrip(destination: "Lisbon", days: 6, budget: 1_250.5,
                            stops: [DemoStop(city: "Lisbon", nights: 4), DemoStop(city: "Sintra", nights: 1)],
                            confirmed: true)

        section("1. Save a SavableObject subclass")
        let notebook = DemoNotebook(archiveURL: notebookURL)
        notebook.title = "Field notes"
        notebook.entries = ["Tram 28 at dawn", "Pastéis de nata: 3"]
        notebook.pinned = true
        notebook.lastOpened = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let savedNotebook = try notebook.save()
        line("notebook.save() -> \(show(savedNotebook))")

        section("2. Persist a struct in an ArchiveStore")
        let store = try ArchiveStore(name: "trips", location: .directory(directory))
        let savedTrip = try store.persist(trip, forKey: "summer/2026")
        line("store.persist(trip, forKey: \"summer/2026\") -> \(show(savedTrip))")
        store.persistInBackground(trip, forKey: "spare copy")
        store.flush()
        line("store.persistInBackground(trip, forKey: \"spare copy\"); store.flush()")

        section("3. Reload in a fresh store")
        let reopened = try ArchiveStore(name: "trips", location: .directory(directory))
        line("keys: \(try reopened.keys())")
        let reloadedTrip = try reopened.retrieve(DemoTrip.self, forKey: "summer/2026")
        line("trip: \(reloadedTrip.destination), \(reloadedTrip.days) days, budget \(reloadedTrip.budget), "
             + "stops \(reloadedTrip.stops.map { "\($0.city) ×\($0.nights)" }.joined(separator: ", "))"
             + " — equal to the original: \(reloadedTrip == trip)")
        let reloaded = try DemoNotebook.load(from: notebookURL)
        line("notebook: \"\(reloaded.title)\", \(reloaded.entryCount) entries (counted by didLoad), "
             + "pinned \(reloaded.pinned), last opened \(reloaded.lastOpened)")
        try reopened.delete(forKey: "spare copy")
        line("after delete(forKey: \"spare copy\"): keys \(try reopened.keys())")

        section("4. The notebook's file, as XML")
        let onDisk = try Data(contentsOf: notebookURL)
        let xml = try PropertyListValue(from: onDisk).encoded(as: .xml)
        lines.append(String(decoding: xml, as: UTF8.self).trimmingCharacters(in: .newlines))
        return lines.joined(separator: "\n") + "\n"
    }

    private mutating func section(_ title: String) {
        if !lines.isEmpty { lines.append("") }
        lines.append("== \(title)")
    }

    private mutating func line(_ text: String) {
        lines.append(text)
    }

    /// A written file with the demo directory shown as `$DEMO`.
    private func show(_ file: StoredFile) -> String {
        let base = directory.standardizedFileURL.path
        var path = file.url.standardizedFileURL.path
        if path.hasPrefix(base) { path = "$DEMO" + path.dropFirst(base.count) }
        return "\(path) (\(file.size) bytes)"
    }
}
