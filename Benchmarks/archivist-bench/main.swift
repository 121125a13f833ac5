import Foundation

// The suites, in table order. A new area adds a `BenchmarkSuite` file and one line here.
let suites: [any BenchmarkSuite.Type] = [
    PropertyListBenchmarks.self,
    AutoCodingBenchmarks.self,
    KeyedBenchmarks.self,
    StoreBenchmarks.self,
    BasicStoreBenchmarks.self,
    BasicStoreOpenBenchmarks.self,
    BasicStoreWriteBenchmarks.self,
    CacheBenchmarks.self,
]

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == MemoryProbe.flag {
    do {
        try MemoryProbe.runChild(arguments: Array(arguments.dropFirst()))
        exit(0)
    } catch {
        fail("\(error)")
    }
}

if arguments.first == AutoCodingMemoryProbe.flag {
    do {
        try AutoCodingMemoryProbe.runChild(arguments: Array(arguments.dropFirst()))
        exit(0)
    } catch {
        fail("\(error)")
    }
}

let options: BenchmarkOptions
do {
    options = try BenchmarkOptions(arguments: arguments)
} catch {
    fail("\(error)")
}

if options.list {
    for suite in suites { for id in suite.ids { print(id) } }
    exit(0)
}

let runner = options.quick ? BenchmarkRunner.quick : BenchmarkRunner.standard
var report = BenchmarkReport()
for suite in suites where suite.ids.contains(where: options.wants) {
    let comparisons: [Comparison]
    do {
        comparisons = try suite.comparisons(matching: options.wants)
    } catch {
        report.failures.append((id: "\(suite)", message: "could not prepare inputs: \(error)"))
        continue
    }
    for comparison in comparisons {
        FileHandle.standardError.write(Data("running \(comparison.id)…\n".utf8))
        do {
            report.results.append(try runner.run(comparison))
        } catch {
            report.failures.append((id: comparison.id, message: "\(error)"))
        }
    }
    do {
        report.extras += try suite.extras(matching: options.wants)
    } catch {
        report.failures.append((id: "\(suite) extras", message: "\(error)"))
    }
}

print(report.table())
if let path = options.jsonPath {
    do {
        try report.writeJSON(to: path)
    } catch {
        fail("could not write \(path): \(error)")
    }
}
if !report.failures.isEmpty { exit(1) }
