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

/// A film's name keys, worked out once for matching it against many shows.
public struct FilmKeys: Sendable {
    /// The film.
    public let film: FilmCandidate
    let imdbID: String?
    /// The key of its original title, else of its title.
    let original: String
    /// The keys of its title and original title.
    let titles: Set<String>

    /// Works out the keys of `film`.
    public init(_ film: FilmCandidate) {
        self.film = film
        imdbID = film.imdbID?.lowercased()
        original = NameKey.of(film.originalTitle ?? film.title)
        titles = Set([film.title, film.originalTitle].compactMap { $0 }.map(NameKey.of))
    }
}

/// A show's name keys, worked out once for matching it against many films.
public struct ShowKeys: Sendable {
    let imdbID: String?
    /// The key of the original title, when the show lists one.
    let original: String?
    /// The key of the listed title.
    let title: String

    /// Works out the keys of `show`.
    public init(_ show: Show) {
        imdbID = show.imdbID?.lowercased()
        original = show.originalTitle.map(NameKey.of)
        title = NameKey.of(show.title)
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
///
/// Matching many shows against many films, work out their keys once (``FilmKeys``, ``ShowKeys``) and use the
/// functions that take them: the titles' normalization is most of the work.
public enum FilmMatcher {
    /// The best match of `show` among `films`, or nil.
    public static func match(_ show: Show, films: [FilmCandidate]) -> FilmMatch? {
        match(show, films: films.map(FilmKeys.init))
    }

    /// The best match of `show` among `films`, or nil.
    public static func match(_ show: Show, films: [FilmKeys], showKeys: ShowKeys? = nil) -> FilmMatch? {
        let keys = showKeys ?? ShowKeys(show)
        var best: FilmMatch?
        for film in films {
            guard let match = match(show, keys, film) else { continue }
            if best == nil || match.confidence < best!.confidence { best = match }
        }
        return best
    }

    /// How `show` matches `film`, or nil.
    public static func match(_ show: Show, _ film: FilmCandidate) -> FilmMatch? {
        match(show, ShowKeys(show), FilmKeys(film))
    }

    /// How `show`, whose keys are `keys`, matches `film`, or nil.
    public static func match(_ show: Show, _ keys: ShowKeys, _ film: FilmKeys) -> FilmMatch? {
        // Both ids known: they decide, whatever the titles say.
        if let shown = keys.imdbID, let own = film.imdbID {
            return shown == own ? FilmMatch(film: film.film, confidence: .exact, reason: "same IMDb id") : nil
        }
        let yearGap: Int? = {
            guard let a = show.year, let b = film.film.year else { return nil }
            return abs(a - b)
        }()
        if let gap = yearGap, gap > 1 { return nil }
        let sameYear = yearGap == 0
        if let original = keys.original, !original.isEmpty {
            if original == film.original {
                return FilmMatch(
                    film: film.film, confidence: sameYear ? .exact : .likely,
                    reason: sameYear ? "same original title and year" : "same original title; year \(yearNote(yearGap))"
                )
            }
            if film.titles.contains(original) {
                return FilmMatch(
                    film: film.film, confidence: sameYear ? .likely : .weak,
                    reason: "original title equals the film's title"
                )
            }
        }
        if film.titles.contains(keys.title) {
            return FilmMatch(
                film: film.film, confidence: sameYear ? .likely : .weak,
                reason: show.originalTitle == nil ? "no original title listed; same title" : "same listed title")
        }
        return nil
    }

    static func yearNote(_ gap: Int?) -> String { gap == nil ? "missing" : "one off" }
}
