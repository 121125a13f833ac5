/// How an archive names the type it was written from, and how a recorded name is checked against
/// the type being read — the one place these rules live.
///
/// The record is the type's registered name (``AutoCodingRegistry``) when it has one, else its
/// *stable spelling*: the type's name as `String(reflecting:)` prints it with every module
/// qualifier removed (`Order`, `Outer.Inner`, `Box<Int>`, `Dictionary<String, Order>`), so
/// renaming a module or moving a type into another one keeps old archives readable. Local types
/// lose their context (`Local`), private ones their discriminator.
package enum TypeRecord {
    /// The stable spelling of `type`.
    package static func stableName(of type: Any.Type) -> String {
        stableName(reflecting: String(reflecting: type))
    }

    /// The stable spelling of a name as `String(reflecting:)` prints it.
    static func stableName(reflecting qualified: String) -> String {
        var output = ""
        output.reserveCapacity(qualified.utf8.count)
        // The dotted path being read (`Module.Outer.Inner`); its first component is a module.
        var path: [Substring] = []
        func flushPath() {
            output += (path.count > 1 ? path.dropFirst() : path[...]).joined(separator: ".")
            path.removeAll(keepingCapacity: true)
        }
        var rest = Substring(qualified)
        while let first = rest.first {
            if first == "(", let close = rest.firstIndex(of: ")") {
                let group = rest[rest.index(after: rest.startIndex)..<close]
                if group.hasPrefix("unknown context at ") {
                    // A local type's context, `(unknown context at $10a8c4).`: dropped.
                    rest = rest[rest.index(after: close)...]
                    if rest.first == "." { rest = rest.dropFirst() }
                    continue
                }
                if let separator = group.range(of: " in ") {
                    // A private type, `(Secret in _A1B2C3D4)`: its name.
                    path.append(group[..<separator.lowerBound])
                    rest = rest[rest.index(after: close)...]
                    if rest.first == "." { rest = rest.dropFirst() }
                    continue
                }
            }
            if first.isLetter || first.isNumber || first == "_" {
                let end = rest.firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
                path.append(rest[..<end])
                rest = rest[end...]
                if rest.first == "." { rest = rest.dropFirst() }
                continue
            }
            flushPath()
            output.append(first)
            rest = rest.dropFirst()
        }
        flushPath()
        return output
    }

    /// The type `record` stands for when a value of `declared` (stable spelling `stableName`) is read.
    ///
    /// - Parameters:
    ///   - atRoot: Whether the value is an archive's root, whose record says what the archive holds;
    ///     below the root a record names the dynamic type of a polymorphic value.
    /// - Returns: `declared` itself, or a registered subclass of it (for classes).
    /// - Throws: naming both types when the record names another type:
    ///   ``AutoCodingError/Kind/typeMismatch`` at the root ("the archive holds a B, not an A"),
    ///   ``AutoCodingError/Kind/unknownTypeName`` below it.
    package static func resolve(_ record: String, declared: Any.Type, stableName: String, atRoot: Bool,
                        types: any TypeResolver) throws -> Any.Type {
        let kind: AutoCodingError.Kind = atRoot ? .typeMismatch : .unknownTypeName
        if let named = types.type(named: record) {
            if ObjectIdentifier(named) == ObjectIdentifier(declared) { return declared }
            if let namedClass = named as? AnyClass, let declaredClass = declared as? AnyClass,
               isSubclass(namedClass, of: declaredClass) {
                return named
            }
            throw AutoCodingError(kind,
                                  atRoot ? "the archive holds a \(named) (recorded as \"\(record)\"), not a \(declared)"
                                    : "\"\(record)\" names \(named), which is not a \(declared)",
                                  expected: "\(declared)", found: "\(named)")
        }
        if record == stableName || types.names(of: declared).contains(record) { return declared }
        guard atRoot else {
            throw AutoCodingError(kind, "no type is registered as \"\(record)\"", expected: "\(declared)", found: record)
        }
        throw AutoCodingError(kind,
                              "the archive holds a \(record), not a \(declared); if \(declared) was renamed, register "
                                + "the old name: AutoCodingRegistry.register(\(declared).self, as: ..., aliases: [\"\(record)\"])",
                              expected: "\(declared)", found: record)
    }

    /// Whether `type` is `ancestor` or inherits from it.
    package static func isSubclass(_ type: AnyClass, of ancestor: AnyClass) -> Bool {
        var current: AnyClass? = type
        while let level = current {
            if ObjectIdentifier(level) == ObjectIdentifier(ancestor) { return true }
            current = _getSuperclass(level)
        }
        return false
    }
}
