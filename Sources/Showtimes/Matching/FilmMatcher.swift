import Foundation

/// A film a show may be of: one of the user's watchlisted TMDb films.
public struct FilmCandidate: Sendable, Hashable, Codable {
    /// The TMDb id.
    public var id: Int
    /// The display title.
    public var title: String
    /// The original-language title, when known.
    public var originalTitle: String?
    /// The release year, when known.
    public var year: Int?
    /// The IMDb id ("tt0137523"), when known: a show that names one (MovieGlu's) matches by it first.
    public var imdbID: String?

    /// Creates a candidate.
    public init(id: Int, title: String, originalTitle: String? = nil, year: Int? = nil, imdbID: String? = nil) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.imdbID = imdbID
    }
}

/// A show found to be of a film.
public struct FilmMatch: Sendable, Equatable {
    /// The film.
    public var film: FilmCandidate
    /// How sure the match is.
    public var confidence: MatchConfidence
    /// Why it matched, in a few words.
    public var reason: String

    /// Creates a match.
    public init(film: FilmCandidate, confidence: MatchConfidence, reason: String) {
        self.film = film
        self.confidence = confidence
        self.reason = reason
    }
}

/// Matches shows to films by original title and year.
///
/// - exact: the show's original title equals the film's, and so does the year;
/// - likely: the original titles agree and a year is missing or one off (release years straddle New Year), or the
///   show has no original title and its listed title equals one of the film's titles, same year;
/// - weak: a listed title agrees, with a year missing or one off.
///
/// Titles that agree with years two or more apart never match: that is a remake.
public enum FilmMatcher {
    /// The best match of `show` among `films`, or nil.
    public static func match(_ show: Show, films: [FilmCandidate]) -> FilmMatch? {
        var best: FilmMatch?
        for film in films {
            guard let match = match(show, film) else { continue }
            if best == nil || match.confidence < best!.confidence { best = match }
        }
        return best
    }

    /// How `show` matches `film`, or nil.
    public static func match(_ show: Show, _ film: FilmCandidate) -> FilmMatch? {
        // Both ids known: they decide, whatever the titles say.
        if let shown = show.imdbID?.lowercased(), let own = film.imdbID?.lowercased() {
            return shown == own ? FilmMatch(film: film, confidence: .exact, reason: "same IMDb id") : nil
        }
        let yearGap: Int? = {
            guard let a = show.year, let b = film.year else { return nil }
            return abs(a - b)
        }()
        if let gap = yearGap, gap > 1 { return nil }
        let sameYear = yearGap == 0
        let filmOriginal = NameKey.of(film.originalTitle ?? film.title)
        let filmTitles = Set([film.title, film.originalTitle].compactMap { $0 }.map(NameKey.of))
        if let original = show.originalTitle.map(NameKey.of), !original.isEmpty {
            if original == filmOriginal {
                return FilmMatch(
                    film: film, confidence: sameYear ? .exact : .likely,
                    reason: sameYear ? "same original title and year" : "same original title; year \(yearNote(yearGap))"
                )
            }
            if filmTitles.contains(original) {
                return FilmMatch(
                    film: film, confidence: sameYear ? .likely : .weak, reason: "original title equals the film's title"
                )
            }
        }
        if filmTitles.contains(NameKey.of(show.title)) {
            return FilmMatch(
                film: film, confidence: sameYear ? .likely : .weak,
                reason: show.originalTitle == nil ? "no original title listed; same title" : "same listed title")
        }
        return nil
    }

    static func yearNote(_ gap: Int?) -> String { gap == nil ? "missing" : "one off" }
}
