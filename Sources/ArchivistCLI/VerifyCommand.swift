import Foundation
import PropertyList

/// `archivist verify FILE`: exit 0 with a one-line summary when the document reads, else 1 with
/// the error.
enum VerifyCommand {
    static let subcommand = Subcommand(
        name: "verify",
        synopsis: "FILE",
        summary: "Check that a file is a valid property list.",
        details: """
            Prints "valid FORMAT property list (N values)" and exits 0, or prints the error with its
            location (byte offset for binary and JSON, line and column for XML) and exits 1.
            """,
        syntax: CommandSyntax(positionals: ["FILE"]),
        execute: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        let (value, format) = try context.readDocument(arguments.positionals[0])
        let count = countValues(value)
        let line = "valid \(format.displayName) property list (\(count) \(count == 1 ? "value" : "values"))\n"
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
