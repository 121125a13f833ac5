/// Splits a subcommand's arguments into flags, options and positionals.
///
/// Accepted forms: `--flag`, `--option VALUE`, `--option=VALUE`, `-o VALUE`; `-` alone is a
/// positional (standard input or output); `--` ends options. `-h` and `--help` ask for help
/// anywhere. Anything else starting with `-` is an unknown option.
public enum ArgumentParser {
    /// Parses `arguments` (without the subcommand name).
    ///
    /// - Parameters:
    ///   - arguments: The words after the subcommand.
    ///   - syntax: What the subcommand accepts.
    ///   - subcommand: The subcommand's name, for error messages.
    /// - Returns: The parsed arguments; when ``ParsedArguments/wantsHelp`` is set, requirements
    ///   were not checked.
    /// - Throws: ``CommandFailure`` with exit status 2 for an unknown or repeated option, a
    ///   missing option value, or a wrong number of positionals.
    public static func parse(_ arguments: [String], syntax: CommandSyntax,
                             subcommand: String) throws(CommandFailure) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            if word == "--help" || word == "-h" {
                result.wantsHelp = true
                continue
            }
            let spelling: String
            var attachedValue: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                spelling = String(word[..<equals])
                attachedValue = String(word[word.index(after: equals)...])
            } else {
                spelling = word
            }
            if syntax.flags.contains(spelling) {
                guard attachedValue == nil else {
                    throw .usage("\(spelling) takes no value", subcommand: subcommand)
                }
                result.flags.insert(spelling)
                continue
            }
            guard let option = syntax.options.first(where: { $0.spellings.contains(spelling) }) else {
                throw .usage("unknown option '\(spelling)'", subcommand: subcommand)
            }
            guard result.options[option.name] == nil else {
                throw .usage("\(spelling) given more than once", subcommand: subcommand)
            }
            if let attachedValue {
                result.options[option.name] = attachedValue
            } else {
                guard index < arguments.count else {
                    throw .usage("\(spelling) needs a value", subcommand: subcommand)
                }
                result.options[option.name] = arguments[index]
                index += 1
            }
        }
        if result.wantsHelp { return result }
        for option in syntax.options where option.isRequired && result.options[option.name] == nil {
            throw .usage("missing required option \(option.spellings.last ?? option.name)", subcommand: subcommand)
        }
        if result.positionals.count < syntax.positionals.count {
            let missing = syntax.positionals[result.positionals.count...].joined(separator: " ")
            throw .usage("missing argument \(missing)", subcommand: subcommand)
        }
        if result.positionals.count > syntax.positionals.count {
            throw .usage("unexpected argument '\(result.positionals[syntax.positionals.count])'", subcommand: subcommand)
        }
        return result
    }
}
