/// One entry of the command table: its name, what it accepts, its help, and what it does.
public struct Subcommand: Sendable {
    /// The word that selects it, e.g. `"dump"`.
    public var name: String
    /// Arguments in usage form, e.g. `"[--json] FILE"`.
    public var synopsis: String
    /// One line for the command list.
    public var summary: String
    /// Further help lines shown by `archivist help NAME`.
    public var details: String
    /// What its command line accepts.
    public var syntax: CommandSyntax
    /// Runs it with parsed arguments.
    public var execute: @Sendable (ParsedArguments, CommandContext) throws(CommandFailure) -> Void

    /// Creates a table entry.
    ///
    /// - Parameters:
    ///   - name: The selecting word.
    ///   - synopsis: Arguments in usage form.
    ///   - summary: One line for the command list.
    ///   - details: Further help lines.
    ///   - syntax: What the command line accepts.
    ///   - execute: The work; throws ``CommandFailure`` to report an error and exit status.
    public init(name: String, synopsis: String, summary: String, details: String = "", syntax: CommandSyntax,
                execute: @escaping @Sendable (ParsedArguments, CommandContext) throws(CommandFailure) -> Void) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.details = details
        self.syntax = syntax
        self.execute = execute
    }

    /// `usage: archivist NAME SYNOPSIS` followed by the details.
    public var usage: String {
        var text = "usage: archivist \(name) \(synopsis)\n\n\(summary)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        return text
    }
}
