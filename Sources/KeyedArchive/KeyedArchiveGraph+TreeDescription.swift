import Foundation
import PropertyList

extension KeyedArchiveGraph {
    /// The graph as an indented tree, one value per line, for people (`archivist dump`).
    ///
    /// Custom objects are shown as `#index ClassName` with their fields below them the first time
    /// they are reached; an object reached more than once is marked `(shared: N references)`,
    /// and later references print `→ #index ClassName (shared, shown above)`. A reference to an
    /// object that is still being printed — a cycle — prints `↻ #index ClassName (back-reference)`.
    /// Scalars are spelled as `PropertyListTreeFormatter` spells them.
    ///
    /// - Returns: The text, ending with a newline.
    public func treeDescription() -> String {
        var printer = KeyedTreePrinter(graph: self, counts: referenceCounts(), maximumLength: .max)
        printer.output = "keyed archive (NSKeyedArchiver), \(objects.count) custom object\(objects.count == 1 ? "" : "s")\nroot: "
        printer.write(root, level: 0)
        return printer.output
    }

    /// ``treeDescription()``, or an error once the text would pass `maximumLength` bytes.
    ///
    /// A graph read from a small archive can hold one long string at many places; printers of
    /// untrusted input (`archivist dump`) set a limit.
    ///
    /// - Parameter maximumLength: The most bytes of UTF-8 the text may have.
    /// - Returns: The text, ending with a newline.
    /// - Throws: `PropertyListError` of kind `outputLimitExceeded` when the text would be longer.
    public func treeDescription(maximumLength: Int) throws(PropertyListError) -> String {
        var printer = KeyedTreePrinter(graph: self, counts: referenceCounts(), maximumLength: maximumLength)
        printer.output = "keyed archive (NSKeyedArchiver), \(objects.count) custom object\(objects.count == 1 ? "" : "s")\nroot: "
        printer.write(root, level: 0)
        guard !printer.isOverLimit else {
            throw PropertyListError(.outputLimitExceeded, "the description would exceed its limit of \(maximumLength) bytes")
        }
        return printer.output
    }
}
