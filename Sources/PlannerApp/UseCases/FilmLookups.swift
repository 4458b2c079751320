import Basics
import Foundation
import NowPlaying

/// The film lists and details of `now-playing`, `upcoming-releases`, `popular`, `trending`, `search` and `movie`,
/// and of `GET /v1/films/…`: each answers the report both faces print.
extension FilmServices {
    /// A TMDb list (now playing, upcoming, popular), one page or all, as its report.
    package func listReport(_ list: MovieList, pages: PageRequest) async throws -> FilmListReport {
        try pages.validate()
        let where_ = region.map { " in \($0)" } ?? ""
        let title: String
        switch list {
        case .nowPlaying: title = "Films in cinemas now\(where_)"
        case .upcoming: title = "Films coming to cinemas\(where_)"
        default: title = "Popular films"
        }
        return try marking(try await self.list(list, pages: pages).report(title: title, limit: pages.limit))
    }

    /// This week's trending films.
    package func trendingReport(pages: PageRequest) async throws -> FilmListReport {
        try pages.validate()
        let films = try await client.trendingMovies(language: language, page: pages.page, policy: policy)
        return try marking(films.report(title: "Films trending this week", limit: pages.limit))
    }

    /// Films whose title matches `query`.
    /// The years a search may name: from the first films to as far ahead as anyone plans (the API's schema too).
    package static let years = 1870...2100

    package func searchReport(query: String, year: Int?, page: Int) async throws -> FilmListReport {
        let words = query.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else { throw PlannerAppError.invalidArgument("give the words of a title to search for") }
        try PageRequest(page: page).validate()
        if let year, !Self.years.contains(year) {
            throw PlannerAppError.invalidArgument(
                "--year must be from \(Self.years.lowerBound) to \(Self.years.upperBound), not \(year)")
        }
        let films = try await client.searchMovies(
            query: words, year: year, region: region, language: language, page: page, policy: policy)
        return try marking(films.report(title: "Films matching '\(PlannerAppError.shortened(words))'", limit: nil))
    }

    /// One film's details, release dates and poster.
    package func movieReport(id: Int) async throws -> MovieReport {
        guard id > 0 else { throw PlannerAppError.invalidArgument("the TMDb id must be a positive number, not \(id)") }
        let details: Fetched<MovieDetails>
        do {
            details = try await client.movie(id: id, language: language, policy: policy)
        } catch NowPlayingError.notFound {
            throw PlannerAppError.notFound("no film with id \(id) on TMDb (is it a TV series? try planner tv \(id))")
        }
        // A poster URL is a nicety: without the image configuration at hand, go without.
        let images = await imageLinks()
        var report = MovieReport(
            details: details.value, region: region, provenance: details.provenance,
            posterURL: images.poster(details.value.movie.posterPath, size: .detailPoster).flatMap { URL(string: $0) })
        report.yours = try personalStatus(id: id)
        return report
    }

    /// `planner suggestions`: `count` films drawn at random (seeded, so repeatable) from the first `pages` pages
    /// of TMDb's popular list, watchlisted ones marked.
    package func randomPopular(count: Int, pages: Int, seed: UInt64) async throws -> FilmListReport {
        let popular = try await client.allMovies(.popular, region: region, language: language, maxPages: pages, policy: policy)
        var generator = SplitMix64(seed: seed)
        let drawn = Array(popular.value.results.shuffled(using: &generator).prefix(count))
        return try marking(
            FilmListReport(
                title: "\(drawn.count) random films from TMDb's popular list", films: drawn, totalResults: drawn.count,
                dates: nil, provenance: popular.provenance))
    }

    /// The report with your watchlist's films marked • and your favorites ★.
    package func marking(_ report: FilmListReport) throws -> FilmListReport {
        var report = report
        guard !listsAreEmpty else {
            report.marked = []
            report.favorites = []
            return report
        }
        report.marked = Set(try store.list(.watchlist).map(\.film.id))
        report.favorites = Set(try store.list(.favorites).map(\.film.id))
        return report
    }

    /// Your lists and diary for film `id`, or nil when it is on no list and has no diary entry.
    package func personalStatus(id: Int) throws -> PersonalStatus? {
        guard !listsAreEmpty else { return nil }
        let onWatchlist = try store.contains(filmID: id, in: .watchlist)
        let favorite = try store.contains(filmID: id, in: .favorites)
        let diary = try store.diary(filmID: id)
        guard onWatchlist || favorite || diary.rating != nil || diary.review != nil || diary.watchedOn != nil else { return nil }
        return PersonalStatus(
            onWatchlist: onWatchlist, favorite: favorite, rating: diary.rating, review: diary.review,
            watchedOn: diary.watchedOn)
    }
}

extension FilmServices {
    /// `planner tv`: one series' details, its poster, and your lists, rating and review of it.
    package func tvReport(id: Int) async throws -> TVReport {
        guard id > 0 else { throw PlannerAppError.invalidArgument("the TMDb id must be a positive number, not \(id)") }
        let details: Fetched<TVShowDetails>
        do {
            details = try await client.tvShow(id: id, language: language, policy: policy)
        } catch NowPlayingError.notFound {
            throw PlannerAppError.notFound("no series with id \(id) on TMDb (is it a film? try planner movie \(id))")
        }
        var report = TVReport(details: details.value, provenance: details.provenance)
        report.posterURL = await imageLinks().poster(details.value.show.posterPath, size: .detailPoster)
        report.yours = try seriesStatus(id: id)
        return report
    }

    /// Your lists, rating and review of series `id`, or nil when it is on no list and you have said nothing of it.
    package func seriesStatus(id: Int) throws -> PersonalStatus? {
        guard !listsAreEmpty else { return nil }
        let onWatchlist = try store.series(on: .watchlist).contains { $0.series.id == id }
        let favorite = try store.series(on: .favorites).contains { $0.series.id == id }
        let diary = try store.diary(seriesID: id)
        guard onWatchlist || favorite || diary.rating != nil || diary.review != nil else { return nil }
        return PersonalStatus(
            onWatchlist: onWatchlist, favorite: favorite, rating: diary.rating, review: diary.review, watchedOn: nil)
    }

    /// The id of the one series a title search finds.
    /// - Throws: ``PlannerAppError/notFound(_:)`` for none, ``PlannerAppError/invalidOption(_:)`` listing several.
    package func tvID(title: String) async throws -> Int {
        let page = try await client.searchTV(query: title, firstAirYear: nil, language: language, page: 1, policy: policy)
        let folded = FilmBridge.fold(title)
        let exact = page.value.results.filter { FilmBridge.fold($0.name) == folded || FilmBridge.fold($0.originalName) == folded }
        let matches = exact.isEmpty ? page.value.results : exact
        guard let first = matches.first else {
            throw PlannerAppError.notFound("TMDb knows no series called '\(PlannerAppError.shortened(title))'")
        }
        guard matches.count == 1 else {
            let names = matches.prefix(10).map { "\($0.id) \($0.name)" }.joined(separator: "; ")
            throw PlannerAppError.invalidOption(
                "'\(PlannerAppError.shortened(title))' matches \(matches.count) series: \(names); give one by id")
        }
        return first.id
    }
}
