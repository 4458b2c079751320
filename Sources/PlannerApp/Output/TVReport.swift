import Foundation
import NowPlaying

/// One series' details, as text or JSON: seasons, episodes, networks, air dates, the next episode.
package struct TVReport {
    package let details: TVShowDetails
    package let provenance: Provenance
    /// The poster's URL, when TMDb has a poster and its image configuration could be had.
    package var posterURL: String? = nil
    /// Your lists, rating and review of this series, when it is on a list or you have rated or reviewed it.
    package var yours: PersonalStatus? = nil

    package init(details: TVShowDetails, provenance: Provenance) {
        self.details = details
        self.provenance = provenance
    }

    package func text() -> String {
        let show = details.show
        var lines = [show.name + (show.firstAirDate.map { " (\(FilmFormat.day($0).prefix(4)))" } ?? "")]
        if show.originalName != show.name { lines.append("Original name: \(show.originalName)") }
        var facts = [
            "\(details.numberOfSeasons) season\(details.numberOfSeasons == 1 ? "" : "s")",
            "\(details.numberOfEpisodes) episode\(details.numberOfEpisodes == 1 ? "" : "s")",
        ]
        if !details.status.isEmpty { facts.append(details.status.lowercased()) }
        if !details.networks.isEmpty { facts.append("on " + details.networks.joined(separator: ", ")) }
        lines.append(facts.joined(separator: " · "))
        let first = show.firstAirDate.map { FilmFormat.day($0) } ?? "N/A"
        lines.append("First aired \(first)" + (details.lastAirDate.map { " · last aired \(FilmFormat.day($0))" } ?? ""))
        if let next = details.nextEpisode {
            lines.append("Next episode: \(next.code) \"\(next.name)\" on \(FilmFormat.day(next.airDate))")
        } else {
            lines.append("Next episode: none announced")
        }
        if let yours { lines += yours.lines }
        lines += ["", show.overview.isEmpty ? "Overview: N/A" : show.overview, ""]
        lines.append("TMDb \(show.id) (a series: planner watchlist add --tv \(show.id))")
        lines.append("Poster: \(posterURL ?? "N/A")")
        lines.append("Details \(FilmFormat.source(provenance)). Data: TMDb (not endorsed or certified by TMDb).")
        return lines.joined(separator: "\n")
    }

    package func json() throws -> String {
        struct EpisodeJSON: Encodable {
            let code: String
            let name: String
            let air_date: String?
        }
        struct SeriesJSON: Encodable {
            let id: Int
            let name: String
            let original_name: String
            let overview: String
            let first_air_date: String?
            let last_air_date: String?
            let status: String
            let seasons: Int
            let episodes: Int
            let networks: [String]
            let next_episode: EpisodeJSON?
            let poster_url: Nullable<String>
            let yours: PersonalStatus?
            let source: FilmFormat.SourceJSON
        }
        let show = details.show
        let next = details.nextEpisode.map {
            EpisodeJSON(code: $0.code, name: $0.name, air_date: $0.airDate.map { FilmFormat.day($0) })
        }
        return try FilmFormat.json(
            SeriesJSON(
                id: show.id, name: show.name, original_name: show.originalName, overview: show.overview,
                first_air_date: show.firstAirDate.map { FilmFormat.day($0) },
                last_air_date: details.lastAirDate.map { FilmFormat.day($0) }, status: details.status,
                seasons: details.numberOfSeasons, episodes: details.numberOfEpisodes, networks: details.networks,
                next_episode: next, poster_url: Nullable(posterURL), yours: yours,
                source: FilmFormat.sourceJSON(provenance)))
    }
}
