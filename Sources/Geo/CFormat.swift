#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers formatted by C's `vsnprintf`, which Foundation's `String(format:)` ends in, without its NSString and
/// locale set-up (the first `String(format:)` of a process costs about a millisecond of a command's start).
/// The format is printf's; the text is at most 63 bytes.
///
/// ```swift
/// cFormat("%.1f km", 1.25)   // "1.2 km" (C rounds half to even on the binary value, as String(format:) does)
/// ```
package func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
    withVaList(arguments) { list in
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let count = vsnprintf(buffer.baseAddress!, 64, format, list)
            let text = UnsafeRawBufferPointer(start: buffer.baseAddress!, count: max(0, min(Int(count), 63)))
            return String(decoding: text, as: UTF8.self)
        }
    }
}
