import Foundation
import NowPlaying

/// The series lists of `popular --tv`, `upcoming-releases --tv`, `now-playing --tv`, `trending --tv` and
/// `search --tv`: each answers a report with your watchlist's series marked • and your favorites ★.
extension FilmServices {
    /// A TMDb series list (popular, on the air in the next seven days, airing today), one page or all.
    package func tvListReport(_ list: TVList, pages: PageRequest) async throws -> ShowListReport {
        try pages.validate()
        let title: String
        switch list {
        case .popular: title = "Popular series"
        case .onTheAir: title = "Series airing in the next 7 days"
        case .airingToday: title = "Series airing today"
        }
        let shows: Fetched<Page<TVShow>>
        if pages.all {
            shows = try await client.allTVShows(list, language: language, policy: policy)
        } else {
            shows = try await client.tvShows(list, language: language, page: pages.page, policy: policy)
        }
        return try markingSeries(ShowListReport(shows, title: title, limit: pages.limit))
    }

    /// This week's trending series.
    package func trendingTVReport(pages: PageRequest) async throws -> ShowListReport {
        try pages.validate()
        let shows = try await client.trendingTV(language: language, page: pages.page, policy: policy)
        return try markingSeries(ShowListReport(shows, title: "Series trending this week", limit: pages.limit))
    }

    /// Series whose name matches `query`, first aired in `year` when given.
    package func searchTVReport(query: String, year: Int?, page: Int) async throws -> ShowListReport {
        let words = query.trimmingCharacters(in: .whitespaces)
        guard !words.isEmpty else { throw PlannerAppError.invalidArgument("give the words of a title to search for") }
        try PageRequest(page: page).validate()
        let shows = try await client.searchTV(
            query: words, firstAirYear: year, language: language, page: page, policy: policy)
        return try markingSeries(
            ShowListReport(shows, title: "Series matching '\(PlannerAppError.shortened(words))'", limit: nil))
    }

    /// The report with your watchlist's series marked • and your favorites ★.
    package func markingSeries(_ report: ShowListReport) throws -> ShowListReport {
        var report = report
        report.marked = Set(try store.series(on: .watchlist).map(\.series.id))
        report.favorites = Set(try store.series(on: .favorites).map(\.series.id))
        return report
    }
}
