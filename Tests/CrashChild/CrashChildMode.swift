import Foundation

/// One kind of work the crash child does until it is killed: `archivist-crash-child <name> <arguments>`.
///
/// A mode prepares, prints `ready` on its own line to standard output (the test starts its kill
/// timer then), and writes in a loop forever; the test kills it with `SIGKILL` and checks the files.
protocol CrashChildMode {
    /// The word that selects the mode on the command line.
    static var name: String { get }

    /// Runs the mode; returns only on bad arguments or a failure (the test treats that as an error).
    ///
    /// - Parameter arguments: The arguments after the mode's name.
    /// - Throws: Any failure, printed on standard error with exit status 1.
    static func run(_ arguments: [String]) throws
}

/// A failure the child reports on standard error.
struct CrashChildFailure: Error, CustomStringConvertible {
    var description: String
}

extension CrashChildMode {
    /// Prints `ready` and flushes, so the parent knows the loop is about to start.
    static func announceReady() {
        FileHandle.standardOutput.write(Data("ready\n".utf8))
    }

    /// The argument at `index`, or a failure naming what is missing.
    static func argument(_ arguments: [String], _ index: Int, _ what: String) throws -> String {
        guard index < arguments.count else { throw CrashChildFailure(description: "\(name): missing \(what)") }
        return arguments[index]
    }
}
