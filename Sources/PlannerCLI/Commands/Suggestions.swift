import ArgumentParser
import NowPlaying

extension PlannerCommand {
    /// `planner suggestions`: what to see now, best rated first, watchlist films on top.
    struct Suggestions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Suggest films in cinemas now in a region: watchlist films first, then the best rated.",
            discussion: """
                Films with fewer than --min-votes votes are left out, so that one enthusiastic vote can't top the list.
                Example: planner suggestions --region FI --watchlist-id 550 --limit 5
                """)

        @Option(name: .customLong("watchlist-id"), help: "A TMDb id on your watchlist (repeat for more).")
        var watchlistIDs: [Int] = []

        @Option(name: .long, help: "Leave out films with fewer votes than this.")
        var minVotes: Int = 20

        @Option(name: .long, help: "At most this many films.")
        var limit: Int = 10

        @OptionGroup var film: FilmOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            try output.requireTableOrJSON()
            guard limit >= 1 else { throw ValidationError("--limit must be at least 1, not \(limit)") }
            guard minVotes >= 0 else { throw ValidationError("--min-votes can't be negative") }
        }

        func run() async throws {
            let services = try FilmServices.make(film)
            guard services.region != nil else { throw FilmCLIError.noRegion(command: "suggestions") }
            let playing = try await services.client.allMovies(
                .nowPlaying, region: services.region, language: services.language, policy: services.policy)
            let wanted = Set(watchlistIDs)
            let ranked = Self.rank(playing.value.results, watchlist: wanted, minVotes: minVotes)
            let report = FilmListReport(
                title: "Suggestions in cinemas now in \(services.region ?? "")"
                    + (wanted.isEmpty ? "" : " (* on your watchlist)"),
                films: Array(ranked.prefix(limit)), totalResults: ranked.count, dates: playing.value.dates,
                provenance: playing.provenance, marked: wanted)
            try output.write(report)
        }

        /// Watchlist films first, then by rating, then by popularity; films with too few votes left out.
        static func rank(_ films: [Movie], watchlist: Set<Int>, minVotes: Int) -> [Movie] {
            films
                .filter { watchlist.contains($0.id) || $0.voteCount >= minVotes }
                .sorted { a, b in
                    let (aw, bw) = (watchlist.contains(a.id), watchlist.contains(b.id))
                    if aw != bw { return aw }
                    if a.voteAverage != b.voteAverage { return a.voteAverage > b.voteAverage }
                    return a.popularity > b.popularity
                }
        }
    }
}
