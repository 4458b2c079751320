import Foundation
import Geo

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
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: keyword.lowercased().unicodeScalars.map { $0 == "-" ? " " : $0 })
        let normalized = String(scalars)
            .split(whereSeparator: { $0.isWhitespace })
            .joined(separator: " ")
        switch normalized {
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
