/// A keyed-archive rule broken while writing (a class name used twice, a type that cannot be
/// described); `kind` is the raw value of the keyed-archive error kind it stands for.
package struct KeyedArchiveWriterFailure: Error {
    package let kind: String
    package let message: String
}
