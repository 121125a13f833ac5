import AutoCoding
import Foundation

/// Builds and keeps the ``KeyedShape`` of every declared type and the ``KeyedTypeInfo`` of every
/// `AutoCodable` type, once per process.
///
/// Building happens under a recursive lock because a type's fields may refer to the type itself
/// (`var next: Node?`): its info is published before its field shapes are worked out.
final class KeyedTypeCache: @unchecked Sendable {
    // @unchecked: `infos` and `shapes` are only touched while `lock` is held.
    static let shared = KeyedTypeCache()

    private let lock = NSRecursiveLock()
    private var infos: [ObjectIdentifier: KeyedTypeInfo] = [:]
    private var shapes: [ObjectIdentifier: KeyedShape] = [:]
    /// Infos and shapes made since the outermost build started, dropped together if it fails:
    /// they may refer to the type that failed.
    private var builtInfos: [ObjectIdentifier] = []
    private var builtShapes: [ObjectIdentifier] = []
    private var depth = 0

    /// The info of an `AutoCodable` type.
    func info(for type: any AutoCodable.Type) throws -> KeyedTypeInfo {
        lock.lock()
        defer { lock.unlock() }
        return try building { try infoLocked(for: type) }
    }

    /// The shape of a declared type.
    func shape(for type: Any.Type) throws -> KeyedShape {
        lock.lock()
        defer { lock.unlock() }
        return try building { try shapeLocked(for: type) }
    }

    /// Runs a build step; when the outermost step fails, forgets everything it made.
    private func building<R>(_ body: () throws -> R) throws -> R {
        depth += 1
        defer { depth -= 1 }
        do {
            let result = try body()
            if depth == 1 {
                builtInfos.removeAll()
                builtShapes.removeAll()
            }
            return result
        } catch {
            if depth == 1 {
                for identity in builtInfos { infos[identity] = nil }
                for identity in builtShapes { shapes[identity] = nil }
                builtInfos.removeAll()
                builtShapes.removeAll()
            }
            throw error
        }
    }

    private func infoLocked(for type: any AutoCodable.Type) throws -> KeyedTypeInfo {
        let identity = ObjectIdentifier(type)
        if let known = infos[identity] { return known }
        let reflection: AutoCodingReflection
        do {
            reflection = try AutoCodingReflection(type)
        } catch {
            throw KeyedArchiveError(.unsupportedType, "\(type) cannot be archived: \(error)")
        }
        let info = KeyedTypeInfo(reflection: reflection)
        // Published before its fields' shapes are made, so recursive types find it.
        infos[identity] = info
        builtInfos.append(identity)
        var fieldShapes: [KeyedShape] = []
        for field in reflection.fields {
            do {
                fieldShapes.append(try shapeLocked(for: field.type))
            } catch let error as KeyedArchiveError {
                throw KeyedArchiveError(.unsupportedType, "\(reflection.typeName).\(field.name): \(error.message)")
            }
        }
        info.shapes = fieldShapes
        return info
    }

    private func shapeLocked(for type: Any.Type) throws -> KeyedShape {
        let identity = ObjectIdentifier(type)
        if let known = shapes[identity] { return known }
        let shape = try makeShape(for: type)
        shapes[identity] = shape
        builtShapes.append(identity)
        return shape
    }

    private func makeShape(for type: Any.Type) throws -> KeyedShape {
        if let scalar = Self.scalars[ObjectIdentifier(type)] { return scalar }
        if let integer = type as? any FixedWidthInteger.Type { return .integer(integer) }
        if let auto = type as? any AutoCodable.Type {
            let info = try infoLocked(for: auto)
            return info.isClass ? .object(info) : .value(info)
        }
        if let optional = type as? any KeyedOptionalMarker.Type {
            return .optional(try shapeLocked(for: optional.wrappedType), optional)
        }
        if let array = type as? any KeyedArrayMarker.Type {
            return .array(try shapeLocked(for: array.elementType), array)
        }
        if let set = type as? any KeyedSetMarker.Type {
            return .set(try shapeLocked(for: set.elementType), set)
        }
        if let dictionary = type as? any KeyedDictionaryMarker.Type {
            guard dictionary.keyType == String.self else {
                throw KeyedArchiveError(.unsupportedType, "\(type) has \(dictionary.keyType) keys; keyed archives need String keys")
            }
            return .dictionary(try shapeLocked(for: dictionary.valueType), dictionary)
        }
        if let represented = type as? any RawRepresentable.Type {
            let marker = rawMarker(for: represented)
            return .rawValue(try shapeLocked(for: marker.rawType), marker)
        }
        if AutoCodingReflection.isExistential(type) { return .existential(type) }
        throw KeyedArchiveError(.unsupportedType, "\(type) cannot be written to a keyed archive")
    }

    private func rawMarker<R: RawRepresentable>(for type: R.Type) -> any KeyedRawValueMarker.Type {
        RawValueBox<R>.self
    }

    private static let scalars: [ObjectIdentifier: KeyedShape] = [
        ObjectIdentifier(String.self): .string, ObjectIdentifier(Bool.self): .bool, ObjectIdentifier(Int.self): .int,
        ObjectIdentifier(Double.self): .double, ObjectIdentifier(Float.self): .float, ObjectIdentifier(Date.self): .date,
        ObjectIdentifier(Data.self): .data, ObjectIdentifier(URL.self): .url, ObjectIdentifier(UUID.self): .uuid,
    ]
}
