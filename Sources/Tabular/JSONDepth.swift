/// How deeply a JSON document nests its arrays and objects, read without parsing it: every reader of untrusted
/// JSON (catalogs, imports, web answers, request bodies) refuses a document nested past ``limit`` before a parser
/// recurses into it.
public enum JSONDepth {
    /// The deepest nesting any JSON planner reads needs is under 10; 64 leaves room and refuses abuse.
    public static let limit = 64

    /// True when no array or object in `bytes` is nested more than `limit` deep (strings are skipped, escapes too).
    public static func isWithinLimit<Bytes: Sequence>(_ bytes: Bytes, limit: Int = JSONDepth.limit) -> Bool
    where Bytes.Element == UInt8 {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth > limit { return false }
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return true
    }
}
