import Foundation

/// The sizes past which outside input is refused with a line that names the limit, before it is read or kept.
///
/// The README's "Limits" section lists them. Each module throws its own error when one is broken; this holds the
/// figures and the checks they share.
public enum InputLimits {
    /// A name (a theater's, a film's title, a place's): 1 KB of UTF-8.
    public static let nameBytes = 1024
    /// Any other text field (an address, a note, a review, a tag value): 64 KB of UTF-8.
    public static let fieldBytes = 64 * 1024

    /// A file read whole into memory (a catalog, a watchlist or showtimes import): 512 MB, or a quarter of the
    /// machine's memory where that is less, since parsing it takes a few times its size.
    public static var wholeFileBytes: Int {
        min(512 * 1024 * 1024, Int(clamping: ProcessInfo.processInfo.physicalMemory / 4))
    }

    /// The size of the regular file at `path`, or nil when it is not one (a FIFO or a device has no size to check).
    public static func regularFileBytes(atPath path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The size of the file at `path` when it is larger than ``wholeFileBytes``; nil when it may be read.
    public static func oversizedWholeFile(atPath path: String) -> Int? {
        guard let bytes = regularFileBytes(atPath: path), bytes > wholeFileBytes else { return nil }
        return bytes
    }

    /// "1.2 GB", "512 MB", "64 KB": a size in words for a message.
    public static func describe(bytes: Int) -> String {
        let units = [(1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")]
        for (size, unit) in units where bytes >= size {
            let value = Double(bytes) / Double(size)
            return value >= 10 || value == value.rounded() ? "\(Int(value.rounded())) \(unit)" : String(format: "%.1f %@", value, unit)
        }
        return "\(bytes) bytes"
    }

    /// The reason a field breaks a limit ("its name is 2 KB; names are at most 1 KB"), or nil when it does not.
    /// `isName` picks the name limit; every other field has ``fieldBytes``.
    public static func violation(_ field: String, _ value: String, isName: Bool = false) -> String? {
        let bytes = value.utf8.count
        let limit = isName ? nameBytes : fieldBytes
        guard bytes > limit else { return nil }
        return "its \(field) is \(describe(bytes: bytes)) (\(bytes) bytes); "
            + "\(isName ? "names are" : "fields are") at most \(describe(bytes: limit))"
    }
}
