import Foundation
import PropertyList

/// `archivist convert --to binary|xml|json IN [-o OUT]`.
enum ConvertCommand {
    static let subcommand = Subcommand(
        name: "convert",
        synopsis: "--to binary|xml|json IN [-o OUT]",
        summary: "Convert a property list to binary, XML or canonical JSON.",
        details: """
            IN may be binary, XML or canonical JSON (detected from its bytes); - reads standard input.
            -o, --output OUT  where to write (default and - : standard output). The file is replaced
                              only once conversion has succeeded.
            Canonical JSON output ends with a newline. XML dates are exact: a fraction of a second
            goes in a fraction attribute, which Foundation and plistlib ignore (reading the whole
            second below); plistlib cannot read a year outside 1-9999.
            """,
        syntax: CommandSyntax(
            options: [
                .init(name: "to", spellings: ["--to"], isRequired: true),
                .init(name: "output", spellings: ["-o", "--output"]),
            ],
            positionals: ["IN"]
        ),
        execute: run
    )

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        let formatName = arguments.options["to"] ?? ""
        guard let target = DocumentFormat(rawValue: formatName) else {
            throw .usage("unknown format '\(formatName)' for --to (expected binary, xml or json)", subcommand: "convert")
        }
        let input = arguments.positionals[0]
        let data = try context.readInput(input)
        let (value, _) = try context.decodeDocument(data, name: CommandContext.displayName(of: input))
        let output: Data
        do {
            output = try target.encode(value, maximumLength: DocumentFormat.outputLimit(forInputOfSize: data.count))
        } catch let error as PropertyListError where error.kind == .outputLimitExceeded {
            throw DocumentFormat.outputFailure(error, name: CommandContext.displayName(of: input), inputSize: data.count)
        } catch {
            throw CommandFailure("cannot convert \(CommandContext.displayName(of: input)) to \(target.displayName): \(error)")
        }
        try context.writeOutput(output, to: arguments.options["output"])
    }
}
