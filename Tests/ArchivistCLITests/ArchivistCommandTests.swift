import ArchivistCLI
import Foundation
import Testing

/// Dispatch, help and usage errors of the command table.
@Suite struct ArchivistCommandTests {
    @Test func noArgumentsPrintsUsageOnStandardErrorAndExits2() {
        let run = archivist()
        #expect(run.status == 2)
        #expect(run.output.isEmpty)
        #expect(run.error.hasPrefix("usage: archivist <command>"))
    }

    @Test(arguments: [["help"], ["--help"], ["-h"]])
    func helpPrintsUsageOnStandardOutputAndExits0(arguments: [String]) {
        let io = BufferedCommandIO()
        #expect(ArchivistCommand.run(arguments: arguments, io: io) == 0)
        #expect(io.errorText.isEmpty)
        for name in ["dump", "convert", "verify", "help"] { #expect(io.outputText.contains("\n  \(name) ")) }
        #expect(io.outputText.contains("Exit status: 0 success, 1 invalid input or I/O failure, 2 usage error."))
    }

    @Test func helpForACommandPrintsItsUsage() {
        let viaHelp = archivist("help", "convert")
        let viaFlag = archivist("convert", "--help")
        #expect(viaHelp.status == 0 && viaFlag.status == 0)
        #expect(viaHelp.outputText.hasPrefix("usage: archivist convert --to binary|xml|json IN [-o OUT]"))
        #expect(viaHelp.output == viaFlag.output)
    }

    @Test func unknownCommandExits2WithUsage() {
        let run = archivist("frobnicate", "x")
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("archivist: unknown command 'frobnicate'\n"))
        #expect(run.error.contains("usage: archivist <command>"))
        #expect(archivist("help", "frobnicate").status == 2)
        #expect(archivist("--frobnicate").error.hasPrefix("archivist: unknown option '--frobnicate'"))
    }

    @Test(arguments: [
        (["dump"], "missing argument FILE"), (["verify"], "missing argument FILE"),
        (["dump", "--bogus", "f"], "unknown option '--bogus'"), (["verify", "a", "b"], "unexpected argument 'b'"),
        (["convert", "in"], "missing required option --to"), (["convert", "--to", "json"], "missing argument IN"),
        (["convert", "--to", "json", "in", "-o"], "-o needs a value"),
        (["convert", "--to", "yaml", "in"], "unknown format 'yaml' for --to (expected binary, xml or json)"),
    ] as [([String], String)])
    func usageErrorsExit2WithTheCommandsUsage(arguments: [String], message: String) {
        let io = BufferedCommandIO()
        #expect(ArchivistCommand.run(arguments: arguments, io: io) == 2)
        #expect(io.standardOutput.isEmpty)
        #expect(io.errorText.hasPrefix("archivist: \(message)\n\nusage: archivist \(arguments[0]) "))
    }

    @Test func commandTableNamesAreUniqueAndDescribed() {
        let names = ArchivistCommand.subcommands.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names == ["dump", "convert", "verify", "diff", "demo"])
        for subcommand in ArchivistCommand.subcommands {
            #expect(!subcommand.summary.isEmpty)
            #expect(subcommand.usage.hasPrefix("usage: archivist \(subcommand.name) \(subcommand.synopsis)\n"))
        }
    }
}
