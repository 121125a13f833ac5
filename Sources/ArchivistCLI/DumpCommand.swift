import Foundation
import KeyedArchive
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
            A keyed archive (NSKeyedArchiver) is shown as its object graph: objects with their class
            names, shared objects marked, cycles as back-references; --json still prints the raw
            property list.
            An ArchiveStore entry file (.arv) shows its key on a first line, then its payload; a
            basic-value store log shows its record count and any damage, then its current contents
            as a dictionary. --json prints only the payload or the contents.
            """,
        syntax: CommandSyntax(flags: ["--json"], positionals: ["FILE"]),
        execute: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        let document = try context.readInputDocument(arguments.positionals[0])
        let value = document.value
        let limit = DocumentFormat.outputLimit(forInputOfSize: document.byteCount)
        var output = Data()
        if !arguments.flags.contains("--json") {
            switch document.container {
            case .none: break
            case .storeEntry: output = Data("\(document.kindDescription)\n".utf8)
            case .basicLog(let summary):
                output = Data("\(document.kindDescription)\n".utf8)
                for problem in summary.problems { output.append(Data("! \(problem)\n".utf8)) }
            }
        }
        let name = CommandContext.displayName(of: arguments.positionals[0])
        if arguments.flags.contains("--json") {
            do {
                var json = try value.canonicalJSONData(maximumLength: limit)
                json.append(UInt8(ascii: "\n"))
                output = json
            } catch {
                throw DocumentFormat.outputFailure(error, name: name, inputSize: document.byteCount)
            }
        } else if KeyedUnarchiver.isKeyedArchive(value) {
            let graph: KeyedArchiveGraph
            do {
                graph = try KeyedUnarchiver.graph(fromPropertyList: value)
            } catch {
                throw CommandFailure("\(name): invalid keyed archive: \(error)"
                                     + " (--json prints the raw property list)")
            }
            let text: String
            do {
                text = try graph.treeDescription(maximumLength: limit)
            } catch {
                KeyedArchiveGraph.release(consume graph)
                throw DocumentFormat.outputFailure(error, name: name, inputSize: document.byteCount)
            }
            // Values may nest as deep as the reader allows: freed without recursion.
            KeyedArchiveGraph.release(consume graph)
            output += Data(text.utf8)
        } else {
            do {
                output += try PropertyListTreeFormatter().data(for: value, maximumLength: limit)
            } catch {
                throw DocumentFormat.outputFailure(error, name: name, inputSize: document.byteCount)
            }
        }
        try context.writeOutput(output, to: nil)
    }
}
