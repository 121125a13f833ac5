/// A command line parsed against a ``CommandSyntax``.
public struct ParsedArguments: Sendable, Equatable {
    /// The flags given, by spelling.
    public var flags: Set<String> = []
    /// Option values, by ``CommandSyntax/Option/name``.
    public var options: [String: String] = [:]
    /// Positional arguments in order (`-` included as given).
    public var positionals: [String] = []
    /// Whether `--help` or `-h` was given (parsing stops checking requirements then).
    public var wantsHelp = false

    /// Creates an empty result.
    public init() {}
}
