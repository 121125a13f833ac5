import ArchivistCLI
import Testing

@Suite struct ArgumentParserTests {
    let syntax = CommandSyntax(
        flags: ["--json"],
        options: [.init(name: "to", spellings: ["--to"], isRequired: true), .init(name: "output", spellings: ["-o", "--output"])],
        positionals: ["IN"]
    )

    private func usageMessage(_ arguments: [String]) -> String? {
        do {
            _ = try ArgumentParser.parse(arguments, syntax: syntax, subcommand: "test")
            return nil
        } catch {
            #expect(error.exitStatus == 2)
            #expect(error.subcommand == "test")
            return error.message
        }
    }

    @Test func parsesFlagsOptionsAndPositionalsInAnyOrder() throws {
        let parsed = try ArgumentParser.parse(["in.plist", "-o", "out", "--json", "--to", "xml"], syntax: syntax, subcommand: "test")
        #expect(parsed.flags == ["--json"])
        #expect(parsed.options == ["to": "xml", "output": "out"])
        #expect(parsed.positionals == ["in.plist"])
        #expect(!parsed.wantsHelp)
    }

    @Test func acceptsEqualsFormAndDashAsAPositional() throws {
        let parsed = try ArgumentParser.parse(["--to=json", "--output=-", "-"], syntax: syntax, subcommand: "test")
        #expect(parsed.options == ["to": "json", "output": "-"])
        #expect(parsed.positionals == ["-"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ArgumentParser.parse(["--to", "xml", "--", "--json"], syntax: syntax, subcommand: "test")
        #expect(parsed.positionals == ["--json"])
        #expect(parsed.flags.isEmpty)
    }

    @Test func helpSkipsRequirementChecks() throws {
        #expect(try ArgumentParser.parse(["--help"], syntax: syntax, subcommand: "test").wantsHelp)
        #expect(try ArgumentParser.parse(["-h", "--bogus-later-is-still-checked"], syntax: CommandSyntax(flags: ["--bogus-later-is-still-checked"]), subcommand: "test").wantsHelp)
    }

    @Test func reportsEachKindOfUsageError() {
        #expect(usageMessage(["--to", "xml"]) == "missing argument IN")
        #expect(usageMessage(["in"]) == "missing required option --to")
        #expect(usageMessage(["--to", "xml", "a", "b"]) == "unexpected argument 'b'")
        #expect(usageMessage(["--to", "xml", "in", "--frob"]) == "unknown option '--frob'")
        #expect(usageMessage(["--to", "xml", "in", "-o"]) == "-o needs a value")
        #expect(usageMessage(["--to", "xml", "--to", "json", "in"]) == "--to given more than once")
        #expect(usageMessage(["--to", "xml", "--json=yes", "in"]) == "--json takes no value")
    }
}
