/// A watchlisted film, as the planner sees it: its id, title, and what is known of its release in the region.
public struct PlannedFilm: Sendable, Hashable {
    public let tmdbID: Int
    public let title: String
    public let year: Int?
    /// Every theatrical release (TMDb types 2 and 3) in the region, earliest first: the first release, and any
    /// re-release after it.
    public let theatricalReleases: [CalendarDay]

    /// The earliest theatrical release in the region, when known.
    public var theatricalRelease: CalendarDay? { theatricalReleases.first }

    public init(tmdbID: Int, title: String, year: Int?, theatricalRelease: CalendarDay?) {
        self.init(tmdbID: tmdbID, title: title, year: year, theatricalReleases: theatricalRelease.map { [$0] } ?? [])
    }

    public init(tmdbID: Int, title: String, year: Int?, theatricalReleases: [CalendarDay]) {
        self.tmdbID = tmdbID
        self.title = title
        self.year = year
        self.theatricalReleases = Array(Set(theatricalReleases)).sorted()
    }
}

/// Why a film counts as in theaters now.
public enum InTheatersReason: Sendable, Hashable, CustomStringConvertible {
    /// It is on the region's now-playing list.
    case nowPlaying
    /// Its theatrical release in the region was this many days ago (within the window).
    case releasedDaysAgo(Int)

    public var description: String {
        switch self {
        case .nowPlaying: "now playing"
        case .releasedDaysAgo(0): "released today"
        case .releasedDaysAgo(let days): "released \(days) day\(days == 1 ? "" : "s") ago"
        }
    }
}

/// The planner's answer: watchlisted films in theaters now, those still to come, and those that have left.
public struct Suggestions: Sendable, Equatable {
    public struct InTheaters: Sendable, Equatable {
        public let film: PlannedFilm
        public let reason: InTheatersReason
    }

    public struct Upcoming: Sendable, Equatable {
        public let film: PlannedFilm
        public let release: CalendarDay
        public let daysUntil: Int
    }

    /// In theaters now, soonest-released first... by title for now-playing ties.
    public let inTheaters: [InTheaters]
    /// Not out yet in the region, soonest first.
    public let upcoming: [Upcoming]
    /// Released in the region longer ago than the window and not on the now-playing list.
    public let leftTheaters: [PlannedFilm]
    /// No regional theatrical date known and not now playing.
    public let unknown: [PlannedFilm]

    /// How long a film is assumed to stay in theaters after its theatrical release: 8 weeks.
    public static let theatricalWindowDays = 56

    /// Sorts the watchlist against the region's now-playing list and release dates, as of `today`.
    ///
    /// A film is in theaters when it is on the now-playing list, or its latest theatrical release (type 2 or 3)
    /// in the region so far lies within the last 8 weeks (a re-release counts as a release). A film whose first
    /// regional release is still to come is upcoming, even if the now-playing list names it (premieres and
    /// previews put films there early); so is a film that has left theaters but has a re-release coming.
    /// Everything else has left theaters, or has no known date in the region.
    public static func plan(
        watchlist: [PlannedFilm], nowPlayingIDs: Set<Int>, today: CalendarDay,
        windowDays: Int = Suggestions.theatricalWindowDays
    ) -> Suggestions {
        var inTheaters: [InTheaters] = []
        var upcoming: [Upcoming] = []
        var left: [PlannedFilm] = []
        var unknown: [PlannedFilm] = []
        for film in watchlist {
            let latestPast = film.theatricalReleases.last { $0 <= today }
            let next = film.theatricalReleases.first { $0 > today }
            if latestPast == nil, let next {
                // A first regional release still to come outranks the list: not in this region's cinemas yet.
                upcoming.append(Upcoming(film: film, release: next, daysUntil: today.days(until: next)))
            } else if nowPlayingIDs.contains(film.tmdbID) {
                inTheaters.append(InTheaters(film: film, reason: .nowPlaying))
            } else if let latestPast, latestPast.days(until: today) <= windowDays {
                inTheaters.append(InTheaters(film: film, reason: .releasedDaysAgo(latestPast.days(until: today))))
            } else if let next {
                upcoming.append(Upcoming(film: film, release: next, daysUntil: today.days(until: next)))
            } else if latestPast != nil {
                left.append(film)
            } else {
                unknown.append(film)
            }
        }
        return Suggestions(
            inTheaters: inTheaters.sorted { ($0.film.title, $0.film.tmdbID) < ($1.film.title, $1.film.tmdbID) },
            upcoming: upcoming.sorted { ($0.release, $0.film.title) < ($1.release, $1.film.title) },
            leftTheaters: left, unknown: unknown)
    }
}
