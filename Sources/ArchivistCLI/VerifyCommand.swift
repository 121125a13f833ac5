import Foundation
import PropertyList

/// `archivist verify FILE`: exit 0 with a one-line summary when the document reads, else 1 with
/// the error.
enum VerifyCommand {
    static let subcommand = Subcommand(
        name: "verify",
        synopsis: "FILE",
        summary: "Check that a file is a valid property list or store file.",
        details: """
            Prints "valid FORMAT property list (N values)" and exits 0, or prints the error with its
            location (byte offset for binary and JSON, line and column for XML) and exits 1.
            An ArchiveStore entry file (.arv) is checked whole (header, checksum, payload); a
            basic-value store log is valid when every record is intact (damage and a torn tail exit 1);
            a binary property list sealed with a checksum (a SavableObject's file) must match it.
            """,
        syntax: CommandSyntax(positionals: ["FILE"]),
        execute: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        let path = arguments.positionals[0]
        let document = try context.readInputDocument(path)
        let count = countValues(document.value)
        let values = "\(count) \(count == 1 ? "value" : "values")"
        let line: String
        switch document.container {
        case .none:
            switch document.sealIntact {
            case false?:
                throw CommandFailure("\(CommandContext.displayName(of: path)): damaged \(document.kindDescription): "
                                     + "its checksum no longer matches its contents (\(values) still read)")
            case true?:
                line = "valid \(document.kindDescription) (\(values), checksum intact)\n"
            case nil:
                line = "valid \(document.kindDescription) (\(values))\n"
            }
        case .storeEntry(let key):
            line = "valid store entry \(PropertyListValueSummary.quoted(key)) "
                + "(\(document.format?.displayName ?? "unknown") property list, \(values))\n"
        case .basicLog(let summary):
            guard summary.problems.isEmpty else {
                throw CommandFailure("\(CommandContext.displayName(of: path)): damaged basic-value log: "
                                     + summary.problems.joined(separator: "; ")
                                     + " (\(summary.records) intact records read)")
            }
            line = "valid \(document.kindDescription)\n"
        }
        try context.writeOutput(Data(line.utf8), to: nil)
    }

    /// Every node in the tree, containers included. Iterative, so depth costs no stack.
    static func countValues(_ root: PropertyListValue) -> Int {
        var count = 0
        var pending = [root]
        while let value = pending.popLast() {
            count += 1
            switch value {
            case .dictionary(let dictionary): pending.append(contentsOf: dictionary.values)
            case .array(let elements): pending.append(contentsOf: elements)
            default: break
            }
        }
        return count
    }
}
