import AutoCoding
import Foundation
import Persistence
import PropertyList

/// The steps of `archivist demo`, collecting what they print.
struct DemoScript {
    /// The demo's directory (shown as `$DEMO`).
    let directory: URL
    /// The lines printed so far.
    var lines: [String] = []

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

        try basicValues()
        try keyedArchive()
        try cache(of: trip)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Step 5: the basic-value store (saveBasicObject / loadBasicObject), written then reopened.
    private mutating func basicValues() throws {
        section("5. The basic-value store")
        let logURL = directory.appendingPathComponent("settings/\(BasicValueStore.logFileName)")
        let settings = try BasicValueStore(fileURL: logURL)
        try settings.set("dark", forKey: "theme")
        try settings.set(0.75, forKey: "volume")
        try settings.set(["summer/2026", "notebook.plist"], forKey: "recent")
        try settings.set(Date(timeIntervalSinceReferenceDate: 800_000_000), forKey: "lastLaunch")
        for _ in 0..<3 {
            try settings.update(forKey: "launchCount") { $0 = .integer(($0?.integerValue ?? 0) + 1) }
        }
        line("saveBasicObject(\"yes\", forKey: \"beta\") -> \(settings.saveBasicObject("yes", forKey: "beta"))")
        line("saveBasicObject(NSObject(), forKey: \"bad\") -> \(settings.saveBasicObject(NSObject(), forKey: "bad"))")
        do {
            try settings.set(any: NSObject(), forKey: "bad")
        } catch {
            let base = directory.standardizedFileURL.path
            line("set(any: NSObject(), forKey: \"bad\") threw: "
                 + error.description.replacingOccurrences(of: base, with: "$DEMO"))
        }
        let reopened = try BasicValueStore(fileURL: logURL)
        line("reopened \(show(logURL)):")
        let contents = reopened.dictionaryRepresentation()
        for key in contents.keys.sorted() {
            if let value = contents[key] { line("  \(key) = \(DemoValueText.text(value))") }
        }
        line("loadBasicObject(forKey: \"theme\") as? String -> \(reopened.loadBasicObject(forKey: "theme") as? String ?? "nil")")
    }

    mutating func section(_ title: String) {
        if !lines.isEmpty { lines.append("") }
        lines.append("== \(title)")
    }

    mutating func line(_ text: String) {
        lines.append(text)
    }

    /// A written file with the demo directory shown as `$DEMO`.
    private func show(_ file: StoredFile) -> String {
        "\(show(file.url)) (\(file.size) bytes)"
    }

    /// A path with the demo directory shown as `$DEMO`.
    private func show(_ url: URL) -> String {
        let base = directory.standardizedFileURL.path
        let path = url.standardizedFileURL.path
        return path.hasPrefix(base) ? "$DEMO" + path.dropFirst(base.count) : path
    }
}
