import Tabular

/// The longest tag an extract may hold: past these a file is refused with the tag's key, not read into memory.
///
/// OpenStreetMap's own API refuses keys and values over 255 characters
/// (https://wiki.openstreetmap.org/wiki/API_v0.6#Limits), so a real extract never comes near these; a file that
/// does was made by something else, and planner says so instead of carrying megabytes of name through every
/// theater it lists.
public enum OSMLimits {
    /// A `name` tag's value: 1 KB of UTF-8, as every name planner reads (`InputLimits.nameBytes`).
    public static let nameBytes = InputLimits.nameBytes
    /// Any other tag's value: 64 KB of UTF-8, as every other text field (`InputLimits.fieldBytes`).
    public static let tagValueBytes = InputLimits.fieldBytes

    /// The tag that breaks a limit, or nil when both hold.
    static func violation(key: String, value: String) -> TagTooLong? {
        let bytes = value.utf8.count
        if bytes > tagValueBytes { return TagTooLong(key: key, bytes: bytes, limitBytes: tagValueBytes) }
        if bytes > nameBytes, key == "name" { return TagTooLong(key: key, bytes: bytes, limitBytes: nameBytes) }
        return nil
    }
}

/// A tag value past ``OSMLimits``.
struct TagTooLong: Error, Equatable {
    let key: String
    let bytes: Int
    let limitBytes: Int
}
