/// What a subcommand accepts on its command line: Boolean flags, options that take a value, and
/// a fixed list of positional arguments.
public struct CommandSyntax: Sendable {
    /// An option that takes a value, e.g. `--to FORMAT` or `-o OUT`.
    public struct Option: Sendable {
        /// The name results are stored under, e.g. `"output"`.
        public var name: String
        /// Every spelling, e.g. `["-o", "--output"]`.
        public var spellings: [String]
        /// Whether the command line must give it.
        public var isRequired: Bool

        /// Creates an option.
        ///
        /// - Parameters:
        ///   - name: The key in ``ParsedArguments/options``.
        ///   - spellings: Every accepted spelling, each starting with `-`.
        ///   - isRequired: Whether omitting it is a usage error.
        public init(name: String, spellings: [String], isRequired: Bool = false) {
            self.name = name
            self.spellings = spellings
            self.isRequired = isRequired
        }
    }

    /// Flags, by spelling (e.g. `"--json"`).
    public var flags: [String]
    /// Options that take a value.
    public var options: [Option]
    /// Names of the positional arguments, all required, e.g. `["FILE"]`.
    public var positionals: [String]

    /// Creates a syntax.
    ///
    /// - Parameters:
    ///   - flags: Flag spellings.
    ///   - options: Options that take a value.
    ///   - positionals: Names of the required positional arguments, in order.
    public init(flags: [String] = [], options: [Option] = [], positionals: [String] = []) {
        self.flags = flags
        self.options = options
        self.positionals = positionals
    }
}
