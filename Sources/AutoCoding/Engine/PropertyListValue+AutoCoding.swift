import PropertyList

extension PropertyListValue {
    /// A short rendering of a scalar for error messages (`"shipped"`, `42`), or its kind.
    var autoCodingSummary: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .integer(let integer): return integer.description
        case .real(let value): return "\(value)"
        case .real32(let value): return "\(value)"
        case .bool(let value): return "\(value)"
        default: return autoCodingKindName
        }
    }
}

extension PropertyListValue {
    /// The name of this value's kind in error messages ("integer", "string", …).
    var autoCodingKindName: String {
        switch self {
        case .dictionary: return "dictionary"
        case .array: return "array"
        case .string: return "string"
        case .integer: return "integer"
        case .real, .real32: return "real"
        case .bool: return "bool"
        case .date: return "date"
        case .data: return "data"
        case .uid: return "uid"
        }
    }
}
