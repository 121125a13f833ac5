import Foundation
import PropertyList

/// Untimed property-list measurements: output size against other writers, and reader peak memory.
enum PropertyListExtras {
    /// Our binary size for the large document next to Foundation's and Python `plistlib`'s.
    ///
    /// Python gets the document as Foundation writes it in XML (`plistlib.loads`), then writes it
    /// with `dumps(fmt=FMT_BINARY, sort_keys=False)`.
    static func binarySize(_ document: PreparedDocument) -> BenchmarkExtra {
        let foundation = document.foundationEncoded[.binary]?.count ?? 0
        var values: [String: Double] = ["foundation_bytes": Double(foundation)]
        var parts: [String] = []
        var notes: [String] = []
        if let error = document.writerErrors[.binary] {
            parts.append("ours unavailable")
            notes.append("our writer failed: \(error)")
        } else {
            let ours = document.encoded[.binary]?.count ?? 0
            values["ours_bytes"] = Double(ours)
            parts.append("ours \(ours) B")
        }
        parts.append("Foundation \(foundation) B")
        do {
            let python = try pythonBinarySize(xml: document.foundationEncoded[.xml] ?? Data())
            values["python_plistlib_bytes"] = Double(python)
            parts.append("Python plistlib \(python) B")
            if let ours = values["ours_bytes"] {
                parts.append(String(format: "ours/plistlib %.3f", ours / Double(python)))
            }
        } catch {
            parts.append("Python plistlib unavailable")
            notes.append("python3: \(error)")
        }
        return BenchmarkExtra(id: "plist.binary.size",
                              summary: "plist.binary.size (10 MB document): " + parts.joined(separator: ", "),
                              values: values, note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    /// Peak resident memory while reading the large binary document, ours and Foundation's, each
    /// in a fresh child process, as a multiple of the file size.
    static func binaryReadMemory(_ document: PreparedDocument) -> BenchmarkExtra {
        let id = "plist.binary.read.memory"
        guard MemoryProbe.isSupported else {
            return BenchmarkExtra(id: id, summary: "\(id): unavailable (needs Linux /proc)",
                                  note: "unavailable on this platform")
        }
        let bytes = document.encoded[.binary] ?? Data()
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-bench-\(ProcessInfo.processInfo.processIdentifier).bplist")
        defer { try? FileManager.default.removeItem(at: file) }
        var values: [String: Double] = ["file_bytes": Double(bytes.count)]
        var parts: [String] = []
        var notes: [String] = []
        if document.writerErrors[.binary] != nil { notes.append("file written by Foundation, our writer failed") }
        do {
            try bytes.write(to: file)
            for reader in ["ours", "foundation"] {
                do {
                    let peak = try MemoryProbe.measureInChild(file: file.path, reader: reader)
                    let multiple = Double(peak) / Double(bytes.count)
                    values["\(reader)_peak_bytes"] = Double(peak)
                    values["\(reader)_multiple"] = multiple
                    parts.append(String(format: "%@ %.2f× (%.1f MB)", reader == "ours" ? "ours" : "Foundation",
                                        multiple, Double(peak) / 1e6))
                } catch {
                    parts.append("\(reader) unavailable")
                    notes.append("\(reader): \(error)")
                }
            }
        } catch {
            notes.append("could not write \(file.path): \(error)")
        }
        let summary = "\(id) (peak RSS growth while reading the \(bytes.count)-byte file, × file size): "
            + (parts.isEmpty ? "unavailable" : parts.joined(separator: ", "))
        return BenchmarkExtra(id: id, summary: summary, values: values,
                              note: notes.isEmpty ? nil : notes.joined(separator: "; "))
    }

    private static func pythonBinarySize(xml: Data) throws -> Int {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("archivist-bench-\(ProcessInfo.processInfo.processIdentifier).plist")
        defer { try? FileManager.default.removeItem(at: file) }
        try xml.write(to: file)
        let script = """
            import plistlib, sys
            with open(sys.argv[1], 'rb') as f:
                value = plistlib.loads(f.read())
            sys.stdout.write(str(len(plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))))
            """
        let output = try ChildProcess.run("/usr/bin/env", ["python3", "-c", script, file.path])
        guard let size = Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw ChildProcess.Failure(message: "unexpected output \(output.prefix(200))")
        }
        return size
    }
}
