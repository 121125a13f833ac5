/// Command-line options of `archivist-bench`.
struct BenchmarkOptions {
    /// Run only comparisons and extras whose id contains this (or, written `=ID`, is exactly `ID`).
    var filter: String?
    /// Fewer rounds, for a quick look.
    var quick = false
    /// Where to write the JSON report, if anywhere.
    var jsonPath: String?
    /// Whether to list ids and exit.
    var list = false

    static let usage = """
        usage: archivist-bench [--filter SUBSTRING] [--quick] [--json PATH] [--list]
          --filter SUBSTRING  run only comparisons/extras whose id contains SUBSTRING
                              (--filter =ID: only the one whose id is exactly ID)
          --quick             fewer rounds (noisier, faster)
          --json PATH         also write {"comparisons": [...], "extras": [...]} to PATH
          --list              print the ids and exit
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses `arguments` (without the program name).
    ///
    /// - Throws: ``UsageError`` for an unknown flag or a missing value.
    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--filter":
                guard let value = rest.popFirst() else { throw UsageError(description: "--filter needs a value") }
                filter = value
            case "--json":
                guard let value = rest.popFirst() else { throw UsageError(description: "--json needs a path") }
                jsonPath = value
            case "--quick":
                quick = true
            case "--list":
                list = true
            case "-h", "--help":
                throw UsageError(description: Self.usage)
            default:
                throw UsageError(description: "unknown argument \(argument)\n\(Self.usage)")
            }
        }
    }

    /// Whether `id` passes `--filter`.
    func wants(_ id: String) -> Bool {
        guard let filter else { return true }
        if filter.hasPrefix("=") { return id == filter.dropFirst() }
        return id.contains(filter)
    }
}
