/// Where results go so the optimizer must compute them: an opaque, never-inlined consumer.
nonisolated(unsafe) private var blackHoleSink: Int = 0

/// Consumes `value` in a way the optimizer cannot see through.
@inline(never)
@_optimize(none)
func blackHole<T>(_ value: T) {
    withUnsafePointer(to: value) { pointer in
        blackHoleSink &+= Int(bitPattern: UInt(bitPattern: pointer)) & 1
    }
}
