import Foundation
import PropertyList

/// `archivist dump [--json] FILE`: the readable tree, or canonical JSON on one line.
enum DumpCommand {
    static let subcommand = Subcommand(
        name: "dump",
        synopsis: "[--json] FILE",
        summary: "Print a property list as a tree, or as canonical JSON (--json).",
        details: """
            FILE may be binary, XML or canonical JSON (detected from its bytes); - reads standard input.
            --json prints one line of canonical JSON: {"type": T, "value": V} nodes, keys sorted,
            byte-identical to Python's json.dumps(node, ensure_ascii=False, separators=(',', ':'),
            sort_keys=True).
            """,
        syntax: CommandSyntax(flags: ["--json"], positionals: ["FILE"]),
        execute: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        let (value, _) = try context.readDocument(arguments.positionals[0])
        let output: Data
        if arguments.flags.contains("--json") {
            var json = value.canonicalJSONData()
            json.append(UInt8(ascii: "\n"))
            output = json
        } else {
            output = PropertyListTreeFormatter().data(for: value)
        }
        try context.writeOutput(output, to: nil)
    }
}
