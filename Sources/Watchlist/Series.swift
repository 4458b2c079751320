import Foundation
import GRDB

/// A TV series as the store keeps it, keyed by its TMDb id (TMDb numbers series and films separately, so
/// series live in tables of their own: 1396 is Breaking Bad as a series and another title as a film).
public struct Series: Codable, Equatable, Hashable, Sendable {
    /// The episode TMDb names as the next to air.
    public struct Episode: Codable, Equatable, Hashable, Sendable {
        /// The season number.
        public var season: Int
        /// The episode number within the season.
        public var number: Int
        /// The episode's name ("" when TMDb has none yet).
        public var name: String
        /// The day it airs, written `YYYY-MM-DD`.
        public var airDate: String

        /// Creates an episode.
        public init(season: Int, number: Int, name: String, airDate: String) {
            self.season = season
            self.number = number
            self.name = name
            self.airDate = airDate
        }

        /// "S06E01".
        public var code: String { String(format: "S%02dE%02d", season, number) }
    }

    /// The TMDb series id.
    public var id: Int
    /// The series' name.
    public var name: String
    /// The first air date, written `YYYY-MM-DD`.
    public var firstAirDate: String?
    /// A short synopsis.
    public var overview: String?
    /// TMDb's status: "Returning Series", "Ended", "Canceled"…
    public var status: String?
    /// The networks, joined by ", ".
    public var networks: String?
    /// The next episode to air, as TMDb last said.
    public var nextEpisode: Episode?
    /// The TMDb poster path, such as `/abc.jpg`.
    public var posterPath: String?

    /// Creates a series.
    public init(
        id: Int, name: String, firstAirDate: String? = nil, overview: String? = nil, status: String? = nil,
        networks: String? = nil, nextEpisode: Episode? = nil, posterPath: String? = nil
    ) {
        self.id = id
        self.name = name
        self.firstAirDate = firstAirDate
        self.overview = overview
        self.status = status
        self.networks = networks
        self.nextEpisode = nextEpisode
        self.posterPath = posterPath
    }

    /// The first air year, when known.
    public var year: Int? { firstAirDate.flatMap { Int($0.prefix(4)) } }
}

/// One series' place on a list.
public struct SeriesItem: Equatable, Sendable {
    /// The series.
    public var series: Series
    /// When it was added.
    public var addedAt: Date
    /// The note given when adding.
    public var note: String?
    /// The priority given when adding.
    public var priority: Int

    /// A series on a list.
    public init(series: Series, addedAt: Date, note: String?, priority: Int) {
        self.series = series
        self.addedAt = addedAt
        self.note = note
        self.priority = priority
    }
}

/// The `series` table's row: the series, its next episode flattened into columns.
struct SeriesRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "series"
    var id: Int
    var name: String
    var firstAirDate: String?
    var overview: String?
    var status: String?
    var networks: String?
    var nextSeason: Int?
    var nextEpisode: Int?
    var nextEpisodeName: String?
    var nextAirDate: String?
    /// Added by `watchlist-v4-series-diary`.
    var posterPath: String?

    init(_ series: Series) {
        id = series.id
        name = series.name
        firstAirDate = series.firstAirDate
        overview = series.overview
        status = series.status
        networks = series.networks
        nextSeason = series.nextEpisode?.season
        nextEpisode = series.nextEpisode?.number
        nextEpisodeName = series.nextEpisode?.name
        nextAirDate = series.nextEpisode?.airDate
        posterPath = series.posterPath
    }

    var series: Series {
        var next: Series.Episode?
        if let nextSeason, let nextEpisode, let nextAirDate {
            next = Series.Episode(season: nextSeason, number: nextEpisode, name: nextEpisodeName ?? "", airDate: nextAirDate)
        }
        return Series(
            id: id, name: name, firstAirDate: firstAirDate, overview: overview, status: status, networks: networks,
            nextEpisode: next, posterPath: posterPath)
    }
}

/// The `seriesEntry` table's row: one series on one user's list.
struct SeriesEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "seriesEntry"
    var userId: Int64
    var list: String
    var seriesId: Int
    var addedAt: Date
    var note: String?
    var priority: Int
}

/// The `seriesDiary` table's row: one user's rating (whole half-stars, 1…10) and review of one series.
struct SeriesDiaryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "seriesDiary"
    var userId: Int64
    var seriesId: Int
    var ratingHalfStars: Int?
    var review: String?

    /// The row as a diary; a series has no watched day.
    var diary: Diary { Diary(rating: ratingHalfStars.map { Double($0) / 2 }, review: review) }
}
