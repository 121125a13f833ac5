import AutoCoding
import Foundation
import Persistence
import PropertyList

/// `archivist demo`: the toolkit end to end on built-in values — save a `SavableObject` subclass
/// and a struct, reload them in a fresh store, print the archive as XML and the basic-value
/// store's contents, archive an object graph as a keyed archive, and use the cache.
///
/// Everything happens in a new temporary directory (removed afterwards unless `--keep` is given);
/// the output names it `$DEMO` and uses fixed dates, so it is the same on every run.
enum DemoCommand {
    static let subcommand = Subcommand(
        name: "demo",
        synopsis: "[--keep]",
        summary: "Save and reload sample values with the persistence layer, showing each step.",
        details: """
            Saves a SavableObject subclass (a notebook) and a struct (a trip) in a new temporary
            directory, reloads them through a fresh store, prints the notebook's archive as XML, then
            sets a few basic values (saveBasicObject) and lists them from a reopened basic-value store,
            archives a graph with a shared object and a cycle as a keyed archive and prints it, and
            stores a value in a two-level cache and reads it back from disk in a fresh cache.
            --keep leaves the directory in place and prints its path on standard error.
            """,
        syntax: CommandSyntax(flags: ["--keep"]),
        execute: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-demo-\(UUID().uuidString)", isDirectory: true)
        let keep = arguments.flags.contains("--keep")
        defer { if !keep { try? FileManager.default.removeItem(at: directory) } }
        let text: String
        do {
            var script = DemoScript(directory: directory)
            text = try script.run()
        } catch {
            throw CommandFailure("demo failed: \(error)")
        }
        try context.writeOutput(Data(text.utf8), to: nil)
        if keep { context.io.writeStandardError(Data("demo files kept in \(directory.path)\n".utf8)) }
    }
}
