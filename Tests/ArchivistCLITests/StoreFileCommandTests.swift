import ArchivistCLI
import Foundation
import Testing

/// `dump`, `verify` and `diff` on the package's own store files: entry files and basic-value logs
/// from Fixtures/Persistence (written by scripts independent of Archivist).
@Suite struct StoreFileCommandTests {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/Persistence")

    private func fixture(_ name: String) -> String { Self.fixtures.appendingPathComponent(name).path }

    @Test func entryFilesShowTheirKeyAndPayload() {
        let dump = archivist("dump", fixture("store-v1/ada.arv"))
        #expect(dump.status == 0)
        #expect(dump.outputText.hasPrefix("store entry \"ada\" (binary property list)\ndict (6)\n  \"id\": int 1\n"))
        let verify = archivist("verify", fixture("store-v1/ada.arv"))
        #expect(verify.outputText == "valid store entry \"ada\" (binary property list, 9 values)\n")
        let json = archivist("dump", "--json", fixture("store-v1/ada.arv"))
        #expect(json.outputText.hasPrefix("{\"type\":\"dict\""))
    }

    @Test func entryFilesDiffByPayload() {
        let run = archivist("diff", fixture("store-v1/ada.arv"), fixture("store-v1/caf%c3%a9%20%e2%98%95.arv"))
        #expect(run.status == 1)
        #expect(run.outputText.hasPrefix("id: 1 → 3\nname: \"Ada Lovelace\" → \"Alan Turing\"\n"), "\(run.outputText)")
        #expect(archivist("diff", fixture("store-v1/ada.arv"), fixture("store-v1/ada.arv")).status == 0)
    }

    @Test func aDamagedEntryFileIsNamedWithTheProblem() throws {
        let directory = try TemporaryDirectory()
        var bytes = try Data(contentsOf: URL(fileURLWithPath: fixture("store-v1/ada.arv")))
        bytes[bytes.count - 1] ^= 0xFF
        let path = try directory.file("bad.arv", bytes)
        let verify = archivist("verify", path)
        #expect(verify.status == 1)
        #expect(verify.error.hasPrefix("archivist: \(path): invalid store entry: checksum mismatch"))
        #expect(archivist("diff", path, fixture("store-v1/ada.arv")).status == 2)
    }

    @Test func basicLogsShowTheirContentsAndDamage() {
        let intact = archivist("verify", fixture("basic-v1/intact.log"))
        #expect(intact.status == 0)
        #expect(intact.outputText == "valid basic-value log (15 records, 12 keys)\n")
        let damaged = archivist("verify", fixture("basic-v1/damaged.log"))
        #expect(damaged.status == 1)
        #expect(damaged.error.contains("damaged basic-value log: damaged bytes 0x"))
        #expect(damaged.error.contains("torn tail from offset 0x"))
        let dump = archivist("dump", fixture("basic-v1/damaged.log"))
        #expect(dump.status == 0)
        #expect(dump.outputText.hasPrefix("basic-value log (15 records, 12 keys)\n! damaged bytes 0x"))
        // The damage costs no contents: both logs hold the same values (Fixtures/Persistence/README.md).
        #expect(archivist("diff", fixture("basic-v1/intact.log"), fixture("basic-v1/damaged.log")).status == 0)
    }
}
