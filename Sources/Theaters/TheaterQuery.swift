import Basics
import Foundation

/// What a `--keyword` asks for: a category of venue, or a name.
public enum TheaterQuery: Hashable, Sendable, CustomStringConvertible {
    /// Venues of a category; `driveIn` narrows cinemas to `drive_in=yes`.
    case category(TheaterCategory, driveIn: Bool)
    /// Venues whose name contains the text, ignoring case and accents.
    case name(String)

    /// Resolves a keyword as the user typed it.
    ///
    /// "movie theatre", "movie theater", "movie theatres", "cinema", "cinemas" and "movies" mean
    /// `amenity=cinema`; "theatre" and "theater" mean `amenity=theatre`; "drive-in" means `amenity=cinema`
    /// with `drive_in=yes`; anything else is a name match.
    public init(keyword: String) {
        switch Self.normalized(keyword) {
        case "movie theatre", "movie theater", "movie theatres", "movie theaters", "cinema", "cinemas", "movies",
            "movie", "kino", "cine", "cinéma":
            self = .category(.cinema, driveIn: false)
        case "theatre", "theater", "theatres", "theaters":
            self = .category(.theatre, driveIn: false)
        case "drive in", "drive ins", "drive in cinema", "drive in theater", "drive in theatre":
            self = .category(.cinema, driveIn: true)
        default:
            self = .name(keyword.trimmingSpaces())
        }
    }

    /// The keyword lowercased, hyphens as spaces, runs of white space as one space, none at either end.
    static func normalized(_ keyword: String) -> String {
        if let ascii = keyword.utf8.withContiguousStorageIfAvailable({ normalizedASCII($0) }), let ascii {
            return ascii
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: keyword.lowercased().unicodeScalars.map { $0 == "-" ? " " : $0 })
        return String(scalars).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// `normalized` for ASCII text, byte by byte (a server parses a keyword on every request); nil for other text.
    private static func normalizedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var pendingSpace = false
        for byte in bytes {
            guard byte < 0x80 else { return nil }
            // Character.isWhitespace's ASCII members: tab, line feed, vertical tab, form feed, return, space.
            if byte == UInt8(ascii: " ") || (0x09...0x0D).contains(byte) || byte == UInt8(ascii: "-") {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(UInt8(ascii: " ")) }
            pendingSpace = false
            out.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when `theater` answers the query.
    public func matches(_ theater: Theater) -> Bool {
        switch self {
        case .category(let category, let driveIn):
            return theater.category == category && (!driveIn || theater.isDriveIn)
        case .name(let text):
            let needle = TheaterQuery.fold(text)
            return needle.isEmpty || TheaterQuery.fold(theater.name).contains(needle)
        }
    }

    /// True for a name match, which the output must point out.
    public var isNameMatch: Bool {
        if case .name = self { return true }
        return false
    }

    /// The plural noun for output: "cinemas", "theatres", "drive-in cinemas", "places named 'Engel'".
    public var pluralNoun: String {
        switch self {
        case .category(.cinema, true): "drive-in cinemas"
        case .category(.cinema, false): "cinemas"
        case .category(.theatre, _): "theatres"
        case .category(.other(let value), _): "\(value) venues"
        case .name(let text): "places named '\(text)'"
        }
    }

    /// The OSM tag filter, e.g. `amenity=cinema` or `name~Engel`.
    public var description: String {
        switch self {
        case .category(let category, let driveIn):
            "amenity=\(category.tagValue)" + (driveIn ? " + drive_in=yes" : "")
        case .name(let text): "name ~ \"\(text)\" (ignoring case and accents)"
        }
    }

    /// Lowercased, without accents, spaces collapsed.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
