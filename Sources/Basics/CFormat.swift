import CPrintf

/// Numbers formatted by C's `snprintf`, which Foundation's `String(format:)` ends in, without its NSString and
/// locale set-up (the first `String(format:)` of a process costs about a millisecond of a command's start), and
/// without a `CVarArg` list (whose first use looks up how each type is passed by scanning every protocol
/// conformance in the binary). The format is printf's, with one or two conversions of the arguments' type; the
/// text is at most 63 bytes.
///
/// ```swift
/// cFormat("%.1f km", 1.25)         // "1.2 km" (C rounds half to even on the binary value, as String(format:) does)
/// cFormat("%d h %02d min", 1, 5)   // "1 h 05 min"
/// ```
package func cFormat(_ format: String, _ first: Double, _ second: Double = 0) -> String {
    formatted { planner_format_doubles($0, 64, format, first, second) }
}

/// The same for ints (`%d`, `%02d`); values beyond `Int32` are clamped.
package func cFormat(_ format: String, _ first: Int, _ second: Int = 0) -> String {
    formatted { planner_format_ints($0, 64, format, Int32(clamping: first), Int32(clamping: second)) }
}

/// What `write` (snprintf into a 64-byte buffer, returning the length it wanted) wrote.
private func formatted(_ write: (UnsafeMutablePointer<CChar>) -> Int32) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        let count = write(buffer.baseAddress!)
        let text = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: max(0, min(Int(count), 63)))
        return String(decoding: text, as: UTF8.self)
    }
}
