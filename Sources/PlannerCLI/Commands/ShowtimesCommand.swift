import ArgumentParser
import Foundation
import PlannerApp
import Showtimes
import Watchlist

extension PlannerCommand {
    /// `planner showtimes`: the day's shows at nearby theaters; `planner showtimes import FILE`.
    struct ShowtimesCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "showtimes",
            abstract: "List the day's shows at nearby theaters, or import shows from a file.",
            subcommands: [ShowtimesList.self, ShowtimesImport.self],
            defaultSubcommand: ShowtimesList.self)
    }

    /// `planner showtimes [list]`.
    struct ShowtimesList: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the day's shows at nearby theaters, by start time.",
            discussion: """
                Shows come from Finnkino (FINNKINO_BASE_URL overrides https://www.finnkino.fi/xml) and from \
                'planner showtimes import'. Example: planner showtimes --near Helsinki --date tomorrow --film 550
                """)

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var showtimes: ShowtimesOptions

        @Option(name: .long, help: ArgumentHelp("Only this film: a TMDb id or a title.", valueName: "id|title"))
        var film: FilmReference?

        @OptionGroup var output: OutputOptions

        func validate() throws {
            try output.require([.table, .json], command: "showtimes")
        }

        func run() async throws {
            let environment = Environment()
            let found = try await TheaterSearch.resolve(near: location.near, search: search.request, environment: environment)
            let services = try ShowtimesServices.make(showtimes.request, environment: environment)
            let nearby = try await NearbyShows(found: found, options: showtimes.request, services: services)
            let watchlist = try services.store.list(.watchlist).map { FilmCandidate($0.film) }
            var shows = nearby.nearbyShows
            if let film {
                shows = try Self.filter(shows, film: film, store: services.store)
            }
            let report = ShowtimesReport(
                nearby: nearby, shows: shows, watchlist: watchlist, mode: search.mode, film: film)
            try output.target.write(output.format == .json ? try report.json() : report.table())
        }

        /// The shows of one film: a stored film by original title and year; otherwise by title.
        static func filter(_ shows: [Show], film: FilmReference, store: PlannerStore) throws -> [Show] {
            if film.id != nil {
                let candidate = FilmCandidate(try film.stored(in: store))
                return shows.filter { FilmMatcher.match($0, candidate) != nil }
            }
            if let stored = try? film.stored(in: store) {
                let candidate = FilmCandidate(stored)
                return shows.filter { FilmMatcher.match($0, candidate) != nil }
            }
            let key = NameKey.of(film.title)
            return shows.filter { show in
                [show.title, show.originalTitle].compactMap { $0 }.map(NameKey.of).contains { $0.contains(key) }
            }
        }
    }
}

extension FilmCandidate {
    /// A stored film as a candidate for matching.
    init(_ film: Film) {
        self.init(id: film.id, title: film.title, originalTitle: film.originalTitle, year: film.year)
    }
}
