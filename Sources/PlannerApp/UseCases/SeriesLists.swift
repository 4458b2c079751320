import Foundation
import Planner
import NowPlaying
import Tabular
import Watchlist

/// What adding a series to a list did, for both faces to report.
package struct SeriesAddition {
    package let series: Series
    package let result: AddResult

    /// "Breaking Bad (2008)".
    package var name: String { "\(series.name)\(series.year.map { " (\($0))" } ?? "")" }
}

/// The series use cases of `watchlist add --tv`, `favorites add --tv`, their `remove --tv` and `list --tv`, and the
/// next episodes `upcoming` lists.
extension FilmServices {
    /// Adds a series named by TMDb id, or by a name that exactly one series has.
    /// - Throws: ``PlannerAppError/notFound(_:)`` for no such series; ``PlannerAppError/invalidOption(_:)`` listing
    ///   several that answer to the name.
    package func addSeries(
        _ reference: FilmReference, to list: FilmList, note: String? = nil, priority: Int = 0
    ) async throws -> SeriesAddition {
        let id: Int
        if let given = reference.id {
            id = given
        } else if let imdbID = reference.imdbID {
            id = try await seriesID(imdbID: imdbID)
        } else {
            id = try await tvID(title: reference.title)
        }
        let series = try await seriesDetails(id: id)
        return SeriesAddition(series: series, result: try store.add(series, to: list, note: note, priority: priority))
    }

    /// The series with TMDb id `id`, from TMDb or the cache.
    /// - Throws: ``PlannerAppError/notFound(_:)`` when TMDb has no series with that id.
    package func seriesDetails(id: Int) async throws -> Series {
        guard id > 0 else { throw PlannerAppError.invalidArgument("the TMDb id must be a positive number, not \(id)") }
        do {
            return FilmBridge.series(try await client.tvShow(id: id, language: language, policy: policy).value)
        } catch NowPlayingError.notFound {
            throw PlannerAppError.notFound("no series with id \(id) on TMDb (is it a film? leave out --tv)")
        }
    }

    /// The next episodes of the watchlisted series that air from `today` on, soonest first. Each series is asked
    /// again (TMDb's next episode moves on), and what is asked is stored; a series that cannot be asked now is
    /// given as last stored, with a note.
    package func upcomingEpisodes(today: CalendarDay) async -> (episodes: [UpcomingEpisode], notes: [String]) {
        guard let items = try? store.series(on: .watchlist), !items.isEmpty else { return ([], []) }
        var episodes: [UpcomingEpisode] = []
        var failures: [String] = []
        for item in items {
            var series = item.series
            do {
                series = try await seriesDetails(id: series.id)
                try store.upsertSeries(series)
            } catch {
                failures.append(series.name)
            }
            guard let next = series.nextEpisode, let day = CalendarDay(next.airDate), day >= today else { continue }
            episodes.append(UpcomingEpisode(series: series, episode: next, day: day, daysUntil: today.days(until: day)))
        }
        let notes = failures.isEmpty
            ? [] : ["the next episode of \(failures.joined(separator: ", ")) could not be had now; shown as last stored"]
        return (episodes.sorted { ($0.day, $0.series.name) < ($1.day, $1.series.name) }, notes)
    }
}

/// A watchlisted series' next episode.
package struct UpcomingEpisode: Sendable, Equatable {
    package let series: Series
    package let episode: Series.Episode
    package let day: CalendarDay
    package let daysUntil: Int

    /// "Breaking Bad S06E01 “Felina II”".
    package var title: String {
        "\(series.name) \(episode.code)" + (episode.name.isEmpty ? "" : " “\(episode.name)”")
    }
}

extension FilmBridge {
    /// The store's series for TMDb's `/tv/{id}` answer.
    package static func series(_ details: TVShowDetails) -> Series {
        let show = details.show
        let next = details.nextEpisode.flatMap { episode in
            episode.airDate.map {
                Series.Episode(
                    season: episode.seasonNumber, number: episode.episodeNumber, name: episode.name,
                    airDate: FilmFormat.day($0))
            }
        }
        return Series(
            id: show.id, name: show.name, firstAirDate: show.firstAirDate.map { FilmFormat.day($0) },
            overview: show.overview.isEmpty ? nil : show.overview, status: details.status.isEmpty ? nil : details.status,
            networks: details.networks.isEmpty ? nil : details.networks.joined(separator: ", "), nextEpisode: next,
            posterPath: show.posterPath)
    }
}

/// One series on a list, as `watchlist list --tv --format json` writes it.
package struct SeriesItemJSON: Encodable {
    let id: Int
    let name: String
    let first_air_date: String?
    let status: String?
    let networks: String?
    let next_episode: String?
    let next_episode_air_date: String?
    let overview: String?
    let added_at: String
    let note: String?
    let priority: Int
    /// The poster's URL: null when TMDb has none, or its image configuration could not be had.
    let poster_url: Nullable<String>

    package init(_ item: SeriesItem, images: ImageLinks = .none) {
        let series = item.series
        id = series.id
        name = series.name
        first_air_date = series.firstAirDate
        status = series.status
        networks = series.networks
        next_episode = series.nextEpisode.map { $0.code + ($0.name.isEmpty ? "" : " \($0.name)") }
        next_episode_air_date = series.nextEpisode?.airDate
        overview = series.overview
        added_at = ISO8601DateFormatter().string(from: item.addedAt)
        note = item.note
        priority = item.priority
        poster_url = Nullable(images.poster(series.posterPath))
    }

    package static let csvHeader = CSV.line([
        "id", "name", "first_air_date", "status", "networks", "next_episode", "next_episode_air_date", "added_at", "note",
        "priority",
    ])

    package var csvLine: String {
        CSV.line([
            "\(id)", name, first_air_date ?? "", status ?? "", networks ?? "", next_episode ?? "",
            next_episode_air_date ?? "", added_at, note ?? "", "\(priority)",
        ])
    }
}
