extension PropertyListValue {
    /// This value as an indented, type-tagged tree, one node per line (see
    /// ``PropertyListTreeFormatter``).
    ///
    /// - Parameter formatter: Indentation and data-preview settings.
    /// - Returns: The tree, each line ending in a newline.
    public func treeDescription(_ formatter: PropertyListTreeFormatter = PropertyListTreeFormatter()) -> String {
        formatter.string(for: self)
    }
}
