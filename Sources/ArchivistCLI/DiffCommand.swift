import Foundation
import KeyedArchive
import PropertyList

/// `archivist diff [--json] A B`: compares two documents by content, key path by key path; exits
/// 0 when equal, 1 when different, 2 on a usage error or unreadable input, like `diff(1)`.
enum DiffCommand {
    static let subcommand = Subcommand(
        name: "diff",
        synopsis: "[--json] A B",
        summary: "Compare two property lists, keyed archives or store files by content.",
        details: """
            A and B may be binary, XML or canonical JSON property lists, keyed archives, ArchiveStore
            entry files (.arv, their payloads) or basic-value store logs (their contents); - reads
            standard input. Prints one line per difference, nothing when they are equal:
              Order.lines[3].qty: 2 → 3             a value changed
              Order.note: added string "ring"       a key or element only B has
              Order.gift: removed bool true         a key or element only A has
              Order.qty: int 2 → string "2"         the type changed
            Paths start at the root's $type (or $class) when both roots name the same type.
            Keyed archives compare as object graphs: fields by key, objects met again as @N Class.
            --json prints {"changes":[{"kind","new","old","path"}],"equal":BOOL} on one line, values
            as canonical JSON nodes.
            Exit status: 0 equal, 1 different, 2 usage error or unreadable input.
            """,
        syntax: CommandSyntax(flags: ["--json"], positionals: ["A", "B"]),
        execute: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        let (left, leftSize) = try read(arguments.positionals[0], context)
        let (right, rightSize) = try read(arguments.positionals[1], context)
        var changes = PropertyListComparison.changes(from: left, to: right)
        let root = rootName(left, right)
        let different = !changes.isEmpty
        let inputSize = leftSize.addingReportingOverflow(rightSize).overflow ? .max : leftSize + rightSize
        let limit = DocumentFormat.outputLimit(forInputOfSize: inputSize)
        var output: String
        do {
            if arguments.flags.contains("--json") {
                output = try DiffJSON.document(changes, root: root, limit: limit) + "\n"
            } else {
                output = changes.map { $0.line(root: root) + "\n" }.joined()
                if output.utf8.count > limit {
                    output = ""
                    throw PropertyListError(.outputLimitExceeded, "the output would exceed its limit of \(limit) bytes")
                }
            }
        } catch {
            changes.removeAll()
            PropertyListValue.release(consume left)
            PropertyListValue.release(consume right)
            throw DocumentFormat.outputFailure(error, name: "diff", inputSize: inputSize)
        }
        // Deep documents are freed without recursion once the changes no longer share their subtrees.
        changes.removeAll()
        PropertyListValue.release(consume left)
        PropertyListValue.release(consume right)
        try context.writeOutput(Data(output.utf8), to: nil)
        if different { throw CommandFailure.silent(status: CommandFailure.failureStatus) }
    }

    /// The document's content tree: keyed archives as object graphs. Unreadable input exits 2.
    private static func read(_ path: String, _ context: CommandContext) throws(CommandFailure) -> (PropertyListValue, Int) {
        do throws(CommandFailure) {
            let document = try context.readInputDocument(path)
            guard KeyedUnarchiver.isKeyedArchive(document.value) else { return (document.value, document.byteCount) }
            return (try graphTree(document.value, name: CommandContext.displayName(of: path)), document.byteCount)
        } catch {
            throw CommandFailure(error.message, exitStatus: CommandFailure.usageStatus, showsUsage: false)
        }
    }

    private static func graphTree(_ value: PropertyListValue, name: String) throws(CommandFailure) -> PropertyListValue {
        let graph: KeyedArchiveGraph
        do {
            graph = try KeyedUnarchiver.graph(fromPropertyList: value)
        } catch {
            throw CommandFailure("\(name): invalid keyed archive: \(error)")
        }
        let tree: PropertyListValue
        do {
            tree = try KeyedContentTree.tree(of: graph)
        } catch {
            KeyedArchiveGraph.release(consume graph)
            throw CommandFailure("\(name): \(error.message)")
        }
        KeyedArchiveGraph.release(consume graph)
        return tree
    }

    /// The name paths start with: the `$type` (or keyed `$class`) both roots record, else empty.
    static func rootName(_ left: PropertyListValue, _ right: PropertyListValue) -> String {
        for key in ["$type", "$class"] {
            if let name = left.dictionaryValue?[key]?.stringValue, name == right.dictionaryValue?[key]?.stringValue {
                return name
            }
        }
        return ""
    }
}
