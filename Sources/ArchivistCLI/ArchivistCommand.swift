import Foundation

/// The `archivist` command line: a table of subcommands, dispatch, help and exit statuses.
///
/// Exit status 0 is success, 1 invalid input or an I/O failure, 2 a usage error (the usage is
/// printed on standard error); `diff` exits 1 when its inputs differ and 2 when one is unreadable. Everything goes through a ``CommandIO`` so tests run commands
/// in-process with ``BufferedCommandIO``.
public enum ArchivistCommand {
    /// The subcommands, in the order help lists them. Add an entry to add a subcommand.
    public static let subcommands: [Subcommand] = [
        DumpCommand.subcommand,
        ConvertCommand.subcommand,
        VerifyCommand.subcommand,
        DiffCommand.subcommand,
        DemoCommand.subcommand,
    ]

    /// Runs a command line with the process's streams and file system.
    ///
    /// - Parameter arguments: The arguments after the program name.
    /// - Returns: The exit status.
    public static func run(arguments: [String]) -> Int32 {
        run(arguments: arguments, io: ProcessCommandIO())
    }

    /// Runs a command line.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name, e.g. `["dump", "--json", "a.plist"]`.
    ///   - io: Where to read and write.
    /// - Returns: The exit status: 0, 1 (invalid input, I/O failure) or 2 (usage error).
    public static func run(arguments: [String], io: any CommandIO) -> Int32 {
        guard let first = arguments.first else {
            io.writeStandardError(Data(usage.utf8))
            return CommandFailure.usageStatus
        }
        if first == "help" || first == "--help" || first == "-h" {
            return help(topic: arguments.dropFirst().first, io: io)
        }
        guard let subcommand = subcommands.first(where: { $0.name == first }) else {
            let problem = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'"
            io.writeStandardError(Data("archivist: \(problem)\n\n\(usage)".utf8))
            return CommandFailure.usageStatus
        }
        do {
            let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), syntax: subcommand.syntax,
                                                  subcommand: subcommand.name)
            if parsed.wantsHelp {
                try? io.writeStandardOutput(Data(subcommand.usage.utf8))
                return 0
            }
            try subcommand.execute(parsed, CommandContext(io: io))
            return 0
        } catch {
            if error.message.isEmpty && !error.showsUsage { return error.exitStatus }
            var text = "archivist: \(error.message)\n"
            if error.showsUsage {
                text += "\n" + (subcommands.first { $0.name == error.subcommand }?.usage ?? usage)
            }
            io.writeStandardError(Data(text.utf8))
            return error.exitStatus
        }
    }

    /// The general usage text.
    public static var usage: String {
        let width = subcommands.map { $0.name.count + 1 + $0.synopsis.count }.max() ?? 0
        var text = "usage: archivist <command> [arguments]\n\ncommands:\n"
        for subcommand in subcommands {
            let left = "\(subcommand.name) \(subcommand.synopsis)"
            text += "  " + left + String(repeating: " ", count: width - left.count + 2) + subcommand.summary + "\n"
        }
        text += "  help [COMMAND]" + String(repeating: " ", count: max(0, width - 14 + 2))
            + "Show this help, or a command's.\n"
        text += """

            The input format (binary, XML or canonical JSON; ArchiveStore entry files and basic-value
            store logs for dump, verify and diff) is detected from the bytes, never the file name;
            - means standard input or output.
            Exit status: 0 success, 1 invalid input or I/O failure, 2 usage error.
            diff exits 0 when equal, 1 when different, 2 on a usage error or unreadable input.

            """
        return text
    }

    private static func help(topic: String?, io: any CommandIO) -> Int32 {
        guard let topic, topic != "help" else {
            try? io.writeStandardOutput(Data(usage.utf8))
            return 0
        }
        guard let subcommand = subcommands.first(where: { $0.name == topic }) else {
            io.writeStandardError(Data("archivist: unknown command '\(topic)'\n\n\(usage)".utf8))
            return CommandFailure.usageStatus
        }
        try? io.writeStandardOutput(Data(subcommand.usage.utf8))
        return 0
    }
}
