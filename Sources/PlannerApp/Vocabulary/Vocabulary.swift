import NowPlaying
import OnlineLookup
import Routing
import Showtimes
import Transport
import Watchlist

// The value types the faces show, named by the core, so that a face imports the core and nothing under it
// (README: faces → core → domain). These are plain values: a face reads them and formats them; it never reaches
// the store or the client behind them.

/// Watchlist or favorites.
package typealias FilmList = Watchlist.FilmList
/// Which of a list's films to show, and in what order.
package typealias ListQuery = Watchlist.ListQuery
/// A film on a list, with its diary.
package typealias ListItem = Watchlist.ListItem
/// A series on a list.
package typealias SeriesItem = Watchlist.SeriesItem
/// A series as the lists keep it.
package typealias Series = Watchlist.Series
/// How many films and series a `clear` removed.
package typealias ClearedEntries = Watchlist.ClearedEntries
/// The ratings histogram and the list counts.
package typealias WatchlistStats = Watchlist.WatchlistStats
/// An OMDb answer, as `lookup` shows it.
package typealias OMDbMovie = NowPlaying.OMDbMovie
/// Where a `sync` is.
package typealias SyncProgress = NowPlaying.SyncProgress
/// Where an area import is.
package typealias ImportProgress = Routing.ImportProgress
/// Whether showtimes may come from the cache, the network or both.
package typealias ShowtimesCachePolicy = Showtimes.ShowtimesCachePolicy

/// The planner's name and version, as every request's User-Agent and `--version` give them.
package enum PlannerVersion {
    package static let current = ClientIdentity.version
}

/// Now playing, upcoming, popular.
package typealias MovieList = NowPlaying.MovieList
/// Popular series, series on the air this week, series airing today.
package typealias TVList = NowPlaying.TVList
/// A user of a service: name, id, tokens' digests.
package typealias UserAccount = Watchlist.UserAccount
