import Foundation
import Geo
import TestSupport
import Testing

@testable import PlannerApp

/// The showtimes, plan and suggestion reports' JSON, written directly (`PrettyJSON`), against the same documents
/// through `JSONEncoder` (`FilmFormat.json`): made up with every kind of text and number their fields take, and
/// made by the use cases over a fake Finnkino and a fake TMDb.
@Suite("Showtimes, plans and suggestions write the JSON the encoder writes")
struct ShowtimesJSONTests {
    /// Titles, names and notes: non-ASCII, quotes, backslashes, slashes, control characters, emoji, empty.
    static let texts = [
        "Muumilaakson tarinoita", "Kesäkino Engel", "\"Quoted\" \\ back\\slash / AC/DC",
        "tab\tnew\nline\rreturn\u{0}\u{8}\u{C}\u{1F}\u{7F}", "", "☃ 中 😀 \u{2028}\u{FEFF}", "Élokuva – Ääni",
    ]

    /// Booking links with slashes, queries and fragments.
    static let urls = [
        "http://www.finnkino.fi/websales/show/1/", "https://example.com/buy?show=7&lang=fi&q=a%20b#seats",
        "https://kino.example/\u{E4}/\"x\"", "",
    ]

    /// Match scores, travel times and distances: whole, with fractions, tiny and large.
    static let numbers: [Double] = [0, 1, 7, 7.5, 0.1, 0.75, 0.9500000000000001, 1e-7, 400, 1_234_567, 3_600.25, 1e15]

    static func text(_ i: Int) -> String { texts[i % texts.count] }
    static func url(_ i: Int) -> String { urls[i % urls.count] }
    static func number(_ i: Int) -> Double { numbers[i % numbers.count] }

    static func match(_ i: Int) -> ShowJSON.Match {
        ShowJSON.Match(confidence: ["exact", "likely", "possible"][i % 3], score: number(i), reason: text(i + 2))
    }

    /// A show with some of its optional fields nil, in turn.
    static func show(_ i: Int) -> ShowJSON.ShowEntry {
        let id: String? = i % 3 == 0 ? nil : "\(i)/\(i)"
        let originalTitle: String? = i % 4 == 1 ? nil : text(i + 1)
        let year: Int? = i % 5 == 2 ? nil : 1990 + i
        let end: String? = i % 2 == 1 ? nil : "2026-11-22T20:20:00+02:00"
        let zone = i % 3 == 2 ? "America/New_York" : "Europe/Helsinki"
        let auditorium: String? = i % 3 == 1 ? nil : "sali \(i)"
        let format: String? = i % 4 == 3 ? nil : "2D/3D"
        let link: String? = i % 5 == 4 ? nil : url(i)
        return ShowJSON.ShowEntry(
            provider: i % 2 == 0 ? "finnkino" : "gracenote", provider_show_id: id, title: text(i),
            original_title: originalTitle, year: year, start: "2026-11-22T18:30:00+02:00", end: end,
            start_local: "18:30", time_zone: zone, auditorium: auditorium, format: format, url: link)
    }

    /// A theater matched to the catalog (odd `i`), or a provider's theater that is not.
    static func theater(_ i: Int) -> ShowJSON.TheaterEntry {
        guard i % 2 == 1 else {
            return ShowJSON.TheaterEntry(
                provider_id: "\(1031 + i)", provider_name: text(i + 3) + ", Helsinki", id: nil, name: nil,
                address: nil, source: nil, match: nil)
        }
        let address: String? = i % 3 == 0 ? nil : "Kaisaniemenkatu 2 / \(i)"
        return ShowJSON.TheaterEntry(
            provider_id: "\(1031 + i)", provider_name: text(i + 3) + ", Helsinki", id: "node/\(i)",
            name: text(i + 4), address: address, source: i % 4 == 1 ? "catalog" : "gracenote", match: match(i))
    }

    static let origin = ["label": "Rautatientori, Helsinki \"keskusta\"", "coordinate": "60.1699,24.9384"]

    static func showtimesDocuments() -> [ShowtimesReport.Document] {
        var entries: [ShowtimesReport.Entry] = []
        for i in 0..<14 {
            let travel: Double? = i % 2 == 1 ? number(i) : nil
            let film: Int? = i % 3 == 0 ? 100 + i : nil
            let filmMatch: ShowJSON.Match? = i % 3 == 0 ? match(i + 1) : nil
            entries.append(
                ShowtimesReport.Entry(
                    show: show(i), theater: theater(i), travel_s: travel, watchlist_film: film, film_match: filmMatch))
        }
        return [
            ShowtimesReport.Document(
                date: "2026-11-22", origin: origin, mode: "walk", source: "Finnkino (finnkino.fi) / Gracenote",
                shows: entries, unmatched_theaters: (0..<3).map { theater(2 * $0) }, notes: texts),
            ShowtimesReport.Document(
                date: "2026-11-23", origin: [:], mode: "drive", source: "", shows: [], unmatched_theaters: [],
                notes: []),
        ]
    }

    static func planFilm(_ i: Int) -> PlanReport.FilmEntry {
        let originalTitle: String? = i % 2 == 0 ? nil : text(i + 1)
        let year: Int? = i % 3 == 1 ? nil : 2020 + i
        return PlanReport.FilmEntry(id: 100 + i, title: text(i), original_title: originalTitle, year: year)
    }

    static func planEntry(_ i: Int) -> PlanReport.Entry {
        PlanReport.Entry(
            rank: i + 1, leave_by: "2026-11-22T18:13:00+02:00", leave_by_local: "18:13", travel_min: 7 + i,
            travel_s: number(i), buffer_min: 10, route_source: i % 2 == 0 ? "estimate" : "road-network",
            film: planFilm(i), film_match: match(i), show: show(i), theater: theater(2 * i + 1))
    }

    static func planDocuments() -> [PlanReport.Document] {
        [
            PlanReport.Document(
                date: "2026-11-22", origin: origin, mode: "bike", after: "18:00", before: "01:30", buffer_min: 15,
                source: "Finnkino", shows: (0..<9).map(planEntry), missed: (9..<11).map(planEntry),
                films_without_shows: (0..<4).map(planFilm), unmatched_theaters: [theater(0), theater(2)],
                other_show_count: 3, notes: texts),
            PlanReport.Document(
                date: "2026-11-22", origin: origin, mode: "walk", after: nil, before: nil, buffer_min: 0, source: "",
                shows: [], missed: [], films_without_shows: [], unmatched_theaters: [], other_show_count: 0,
                notes: []),
            PlanReport.Document(
                date: "2026-11-22", origin: origin, mode: "walk", after: nil, before: "23:00", buffer_min: 10,
                source: text(2), shows: [planEntry(3)], missed: [], films_without_shows: [planFilm(5)],
                unmatched_theaters: [], other_show_count: 1, notes: [text(3)]),
        ]
    }

    static func suggestFilm(_ i: Int) -> SuggestReport.FilmEntry {
        let year: Int? = i % 3 == 0 ? nil : 2020 + i
        let release: String? = i % 2 == 0 ? nil : "2026-1\(i % 3)-0\(i % 9 + 1)"
        let overview: String? = i % 4 == 0 ? nil : text(i + 2)
        let poster: String? = i % 3 == 1 ? nil : "https://image.tmdb.org/t/p/w342/a\(i).jpg"
        return SuggestReport.FilmEntry(
            id: 100 + i, title: text(i), year: year, release_date: release, overview: overview,
            poster_url: Nullable(poster))
    }

    static func suggestTheater(_ i: Int) -> SuggestReport.TheaterEntry {
        let address: String? = i % 2 == 1 ? nil : "Mannerheimintie \(i) / B"
        return SuggestReport.TheaterEntry(
            rank: i + 1, id: "node/\(i)", name: text(i), distance_m: number(i + 3), route_distance_m: number(i + 4),
            duration_s: number(i), source: i % 2 == 0 ? "estimate" : "road-network", address: address)
    }

    /// A cinema showing a film, with `i + 1` next shows; the second without a route.
    static func showing(_ i: Int) -> SuggestReport.ShowingEntry {
        var shows: [SuggestReport.ShowEntry] = []
        for j in 0...i {
            let auditorium: String? = j == 1 ? nil : "sali \(j)"
            let booking: String? = j == 2 ? nil : url(i + j)
            shows.append(
                SuggestReport.ShowEntry(
                    start: "2026-11-2\(j)T16:30:00Z", time_zone: "Europe/Helsinki", auditorium: auditorium,
                    booking_url: booking))
        }
        let distance: Double? = i == 1 ? nil : number(i + 5)
        let duration: Double? = i == 1 ? nil : number(i + 2)
        return SuggestReport.ShowingEntry(
            id: "node/\(i)", name: text(i + 1), distance_m: distance, duration_s: duration, next_shows: shows)
    }

    static func suggestDocuments() -> [SuggestReport.Document] {
        let theaters: [SuggestReport.TheaterEntry] = (0..<4).map(suggestTheater)
        let showings: [SuggestReport.ShowingEntry] = (0..<3).map(showing)
        // The third film's showtimes unknown (no provider covers the region)
        var inTheaters: [SuggestReport.InTheaters] = []
        for i in 0..<3 {
            let known: [SuggestReport.ShowingEntry]? = i == 2 ? nil : Array(showings.prefix(i + 2))
            inTheaters.append(
                SuggestReport.InTheaters(
                    film: suggestFilm(i), reason: text(i + 1), theaters: theaters, showings: known))
        }
        let upcoming: [SuggestReport.Upcoming] = (3..<5).map { i in
            SuggestReport.Upcoming(film: suggestFilm(i), release_date: "2026-12-0\(i)", days_until: i * 7)
        }
        return [
            SuggestReport.Document(
                region: "FI", origin: origin, mode: "walk", in_theaters: inTheaters, upcoming: upcoming,
                left_theaters: [suggestFilm(5)], no_release_date: [suggestFilm(6), suggestFilm(7)], notes: texts,
                showtimes_source: "Finnkino"),
            SuggestReport.Document(
                region: "US", origin: origin, mode: "drive",
                in_theaters: [SuggestReport.InTheaters(film: suggestFilm(1), reason: "", theaters: [], showings: [])],
                upcoming: [], left_theaters: [], no_release_date: [], notes: [], showtimes_source: nil),
        ]
    }

    /// `document` written directly is what the encoder writes of it, byte for byte.
    static func expectTheEncodersBytes(_ document: some Encodable & PrettyJSONObject) throws {
        let expected = try FilmFormat.json(document)
        let written = try document.prettyJSONUTF8()
        #expect(written == Array(expected.utf8))
        #expect(String(decoding: written, as: UTF8.self) == expected)
    }

    @Test func showtimesDocumentsComeOutAsTheEncoderWritesThem() throws {
        for document in Self.showtimesDocuments() { try Self.expectTheEncodersBytes(document) }
    }

    @Test func planDocumentsComeOutAsTheEncoderWritesThem() throws {
        for document in Self.planDocuments() { try Self.expectTheEncodersBytes(document) }
    }

    @Test func suggestionDocumentsComeOutAsTheEncoderWritesThem() throws {
        for document in Self.suggestDocuments() { try Self.expectTheEncodersBytes(document) }
    }

    @Test func theSlashesAndTheLettersAreWrittenAsTheyAre() throws {
        let written = String(decoding: try Self.showtimesDocuments()[0].prettyJSONUTF8(), as: UTF8.self)
        #expect(written.contains("\"url\" : \"https://example.com/buy?show=7&lang=fi&q=a%20b#seats\""))
        #expect(written.contains("\"title\" : \"Kesäkino Engel\""))
        #expect(written.contains("\"title\" : \"\\\"Quoted\\\" \\\\ back\\\\slash / AC/DC\""))
        #expect(written.contains("tab\\tnew\\nline\\rreturn\\u0000\\b\\f\\u001f\u{7F}"))
    }

    // MARK: The reports the use cases make

    /// Tomorrow's schedule (with Tennispalatsi's show, whose theater the bundled data lacks: unmatched) and more
    /// shows at Kinopalatsi, with titles that are not plain ASCII, of films not on the watchlist.
    static func schedule() -> [FinnkinoShowSpec] {
        let day = FakeFinnkino.helsinkiDay(1)
        let kino = FakeFinnkino.kinopalatsi
        return FakeFinnkinoService.tomorrow() + [
            FinnkinoShowSpec(
                id: 7, title: "Muumilaakson tarinoita", originalTitle: nil, year: 2025, day: day, time: "18:45",
                theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 8, title: "Kesäkino Engel: \"Yö\" / Natt \\ AC/DC", originalTitle: "Night & Day", year: 2024,
                day: day, time: "21:15", lengthMinutes: 97, theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 9, title: "Revontulet", originalTitle: "Northern Lights", year: FakeFinnkinoService.year(101),
                day: day, time: "23:50", theatreID: kino.id, theatre: kino.name),
        ]
    }

    @Test func theShowtimesReportWritesTheEncodersJSON() async throws {
        try await withFakeTMDbAndFinnkino(Self.schedule()) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.showtimesServices(store, date: "tomorrow")
            let found = try await EveningPlanTests.search(home, services)
            let request = ShowtimesRequest(date: "tomorrow")

            // With an empty watchlist, and with three films on it
            var reports = [
                try await services.showtimesReport(found: found, mode: .walk, request: request, film: nil)
            ]
            try await EveningPlanTests.addThreeFilms(home, store)
            let watching = try home.showtimesServices(store, date: "tomorrow")
            reports.append(try await watching.showtimesReport(found: found, mode: .walk, request: request, film: nil))
            reports.append(try await watching.showtimesReport(found: found, mode: .drive, request: request, film: nil))

            // Kinopalatsi's shows (Tennispalatsi's theater is unmatched, so its show is not listed)
            #expect(reports[1].shows.count >= 7)
            #expect(reports[1].shows.contains { $0.title == "Muumilaakson tarinoita" })
            #expect(!reports[1].nearby.matching.unmatched.isEmpty)
            for report in reports {
                let expected = try report.jsonByEncoder()
                #expect(try report.jsonUTF8() == Array(expected.utf8))
                #expect(try report.json() == expected)
            }
        }
    }

    @Test func thePlanReportWritesTheEncodersJSON() async throws {
        try await withFakeTMDbAndFinnkino(Self.schedule()) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            try await EveningPlanTests.addThreeFilms(home, store)
            let services = try home.showtimesServices(store, date: "tomorrow")

            // Planned early (every show reachable), and at 19:00 (the 18:30 show missed), and with no window
            let early = FakeFinnkino.instant(day: FakeFinnkino.helsinkiDay(1), time: "08:00")
            let late = FakeFinnkino.instant(day: FakeFinnkino.helsinkiDay(1), time: "19:00")
            let found = try await EveningPlanTests.search(home, services)
            let reports = [
                try await EveningPlanTests.plan(home, services, now: early),
                try await EveningPlanTests.plan(home, services, buffer: "1h15m", now: late),
                try await services.planReport(
                    found: found, mode: .bike, request: ShowtimesRequest(date: "tomorrow"), after: nil, before: nil,
                    buffer: .standard, now: early),
            ]

            #expect(!reports[0].plan.shows.isEmpty)
            #expect(!reports[1].plan.missed.isEmpty)
            for report in reports {
                let expected = try report.jsonByEncoder()
                #expect(try report.jsonUTF8() == Array(expected.utf8))
                #expect(try report.json() == expected)
            }
        }
    }

    @Test func theSuggestReportWritesTheEncodersJSON() async throws {
        try await withFakeTMDbAndFinnkino(Self.schedule()) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            let films = try home.filmServices(store)
            for id in [101, 102, 103] { _ = try await films.add(id: id, to: .watchlist) }

            var report = try await films.suggestReport(
                near: EveningPlanTests.near, search: SuggestTests.search,
                showtimes: try home.showtimesServices(store), environment: home.environment)
            var reports = [report]
            // With poster links, and without the showtimes (the nearest cinemas listed for each film)
            report.images = FilmListReportJSONTests.images
            reports.append(report)
            report.showings = nil
            reports.append(report)
            report.showingsFailure = "Finnkino could not be reached: \"timeout\" / 503"
            reports.append(report)

            #expect(!reports[0].plan.inTheaters.isEmpty)
            for report in reports {
                let expected = try report.jsonByEncoder()
                #expect(try report.jsonUTF8() == Array(expected.utf8))
                #expect(try report.json() == expected)
            }
        }
    }
}
