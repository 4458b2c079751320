import Foundation
import TestSupport
import Testing

/// Showtimes beyond Finland and the US: MovieGlu in London, a cinema's own schema.org markup in Lyon, and one line
/// in Tokyo saying what would cover it, run as a user runs them against fakes on loopback.
@Suite("Showtimes wherever you are", .serialized)
struct ShowtimesEverywhereTests {
    static let london = "51.5074,-0.1278"
    static let lyon = "45.7640,4.8357"
    static let tokyo = "35.6762,139.6503"
    /// Tomorrow on the London clock.
    static let londonDay = FakeMovieGlu.londonDay(1)

    /// Northern Lights (watchlisted film 101) and a film nobody listed, at the two fake London cinemas.
    static func londonShows() -> [MovieGluShowSpec] {
        [
            MovieGluShowSpec(
                filmID: 7001, imdbID: nil, filmName: "Northern Lights", releaseYear: FakeFinnkinoService.year(101),
                cinemaID: FakeMovieGlu.odeonLeicesterSquare.id, date: londonDay, start: "19:30", end: "21:40"),
            MovieGluShowSpec(
                filmID: 7002, imdbID: "tt9900002", filmName: "Fake Film Two", releaseYear: 2025,
                cinemaID: FakeMovieGlu.picturehouseCentral.id, date: londonDay, start: "20:15", end: "22:20"),
        ]
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A planner with three watchlisted films and fake TMDb, Finnkino, Gracenote and MovieGlu; `keys` false
    /// leaves MovieGlu unconfigured.
    func withServices(
        keys: Bool = true,
        _ body: (PlannerProcess, _ finnkino: FakeServer, _ gracenote: FakeServer, _ movieGlu: FakeServer) async throws
            -> Void
    ) async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            try await withFakeServer(basePath: "/xml", FakeFinnkino.handler(FakeFinnkinoService.tomorrow())) { finnkino in
                try await withFakeServer(
                    basePath: "/v1.1", FakeGracenote.handler(theatres: [FakeGracenote.cinema1], shows: [])
                ) { gracenote in
                    try await withFakeServer(
                        FakeMovieGlu.handler(
                            cinemas: [FakeMovieGlu.odeonLeicesterSquare, FakeMovieGlu.picturehouseCentral],
                            shows: Self.londonShows())
                    ) { movieGlu in
                        var planner = PlannerProcess(tmdb: tmdb, finnkino: finnkino)
                        planner.environment["GRACENOTE_BASE_URL"] = gracenote.baseURL.absoluteString
                        planner.environment["GRACENOTE_API_KEY"] = FakeGracenote.key
                        if keys {
                            planner.environment["MOVIEGLU_BASE_URL"] = movieGlu.baseURL.absoluteString
                            planner.environment["MOVIEGLU_CLIENT"] = FakeMovieGlu.client
                            planner.environment["MOVIEGLU_API_KEY"] = FakeMovieGlu.apiKey
                            planner.environment["MOVIEGLU_AUTHORIZATION"] = FakeMovieGlu.authorization
                        }
                        #expect(try await planner.run(["config", "set", "home", "Helsinki"]).status == 0)
                        try await planner.addThreeFilms()
                        try await body(planner, finnkino, gracenote, movieGlu)
                    }
                }
            }
        }
    }

    @Test func londonListsMovieGlusShowsOnTheLondonClockAndPlansTheWatchlistedFilm() async throws {
        try await withServices { planner, finnkino, gracenote, movieGlu in
            let showtimes = try await planner.run(["showtimes", "--near", Self.london, "--date", Self.londonDay])
            #expect(showtimes.status == 0, "\(showtimes.stderr)")
            #expect(showtimes.stdout.contains("Europe/London"), "\(showtimes.stdout)")
            #expect(showtimes.stdout.contains("19:30") && showtimes.stdout.contains("Northern Lights"))
            #expect(showtimes.stdout.contains("Fake Odeon Leicester Square"))
            // MovieGlu bills each request: one cinemasNearby and one cinemaShowTimes per cinema (two here)
            #expect(await movieGlu.log.count == 3)

            let json = try Self.json(
                try await planner.run(["showtimes", "--near", Self.london, "--date", Self.londonDay, "--format", "json"])
                    .stdout)
            let shows = try #require(json["shows"] as? [[String: Any]])
            let first = try #require(shows.first?["show"] as? [String: Any])
            #expect(first["time_zone"] as? String == "Europe/London")
            #expect(first["start_local"] as? String == "19:30")
            #expect(first["provider"] as? String == "movieglu")

            let plan = try await planner.run(
                ["plan", "--near", Self.london, "--date", Self.londonDay, "--after", "18:00", "--format", "json"])
            #expect(plan.status == 0, "\(plan.stderr)")
            let planned = try #require(try Self.json(plan.stdout)["shows"] as? [[String: Any]])
            let titles = planned.compactMap { ($0["show"] as? [String: Any])?["title"] as? String }
            #expect(titles == ["Northern Lights"], "\(plan.stdout)")

            #expect(await finnkino.log.count == 0)
            #expect(await gracenote.log.count == 0)
            // ... and nothing more within 30 minutes: the JSON and the plan came from the cache
            #expect(await movieGlu.log.count == 3)
        }
    }

    @Test func providersSaysWhereEachWorksHowItIsConfiguredAndWhatItGaveNearLondon() async throws {
        try await withServices { planner, _, _, _ in
            let listed = try await planner.run(["showtimes", "providers"])
            #expect(listed.status == 0, "\(listed.stderr)")
            for name in ["Finnkino", "Gracenote", "MovieGlu", "cinemas' web pages"] { #expect(listed.stdout.contains(name)) }
            let near = try await planner.run(["showtimes", "providers", "--near", Self.london, "--date", Self.londonDay])
            #expect(near.status == 0, "\(near.stderr)")
            let lines = near.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first { $0.hasPrefix("MovieGlu") }?.contains("asked: 2 shows") == true, "\(near.stdout)")
            #expect(lines.first { $0.hasPrefix("Finnkino") }?.contains("does not cover GB") == true, "\(near.stdout)")
            #expect(lines.first { $0.hasPrefix("Gracenote") }?.contains("does not cover GB") == true)
            #expect(!near.stdout.contains(FakeMovieGlu.apiKey))
        }
    }

    @Test func movieGlusKeysAppearInNoOutputNoVerboseLineAndNoDatabase() async throws {
        try await withServices { planner, _, _, _ in
            let verbose = try await planner.run(
                ["showtimes", "--near", Self.london, "--date", Self.londonDay, "--verbose", "--refresh"])
            #expect(verbose.status == 0, "\(verbose.stderr)")
            #expect(verbose.stderr.contains("movieglu"), "--verbose names the requests: \(verbose.stderr)")
            let database = try Data(contentsOf: planner.home.appendingPathComponent("planner.sqlite"))
            let wal = (try? Data(contentsOf: planner.home.appendingPathComponent("planner.sqlite-wal"))) ?? Data()
            for secret in [FakeMovieGlu.apiKey, FakeMovieGlu.authorization, "RkFLRV8w"] {
                #expect(!verbose.stdout.contains(secret) && !verbose.stderr.contains(secret))
                #expect(database.range(of: Data(secret.utf8)) == nil, "the database holds a MovieGlu credential")
                #expect(wal.range(of: Data(secret.utf8)) == nil, "the WAL holds a MovieGlu credential")
            }
        }
    }

    @Test func withoutMovieGluKeysLondonNamesTheVariablesInOneNote() async throws {
        try await withServices(keys: false) { planner, finnkino, _, movieGlu in
            let result = try await planner.run(["showtimes", "--near", Self.london, "--date", Self.londonDay])
            #expect(result.status == 0, "\(result.stderr)")
            let notes = result.stdout.split(separator: "\n").filter { $0.contains("MOVIEGLU_") }
            #expect(notes.count == 1, "\(result.stdout)")
            #expect(notes.first?.contains("MOVIEGLU_CLIENT, MOVIEGLU_API_KEY and MOVIEGLU_AUTHORIZATION") == true)
            #expect(notes.first?.contains("GB") == true)
            #expect(await finnkino.log.count == 0)
            #expect(await movieGlu.log.count == 0)
        }
    }

    @Test func tokyoWithNothingConfiguredSaysSoInOneLineAndNamesMovieGlu() async throws {
        try await withServices(keys: false) { planner, finnkino, gracenote, _ in
            let result = try await planner.run(["showtimes", "--near", Self.tokyo])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").filter { $0.contains("nothing configured covers JP") }
            #expect(lines.count == 1, "\(result.stdout)")
            #expect(lines.first?.contains("MovieGlu covers JP") == true)
            #expect(await finnkino.log.count == 0)
            #expect(await gracenote.log.count == 0)
        }
    }

    @Test func aLyonCinemasOwnMarkupGivesShowtimesAndSuggestionsWithNoKeyAndRobotsTxtRead() async throws {
        // Tomorrow evening in Lyon, written without an offset (read in Europe/Paris) and with one
        let paris = TimeZone(identifier: "Europe/Paris")!
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = paris
        formatter.dateFormat = "yyyy-MM-dd"
        let day = formatter.string(from: Date().addingTimeInterval(86_400))
        let page = FakeCinemaSite.graphPage([
            .init(title: "Northern Lights", year: FakeFinnkinoService.year(101), startDate: "\(day)T20:30:00",
                  duration: "PT2H", bookingURL: "/reserver/1"),
            .init(title: "Un Film Français", year: 2026, startDate: "\(day)T18:00:00+01:00"),
        ])
        let handler: FakeServer.Handler = { request, _ in
            switch request.path {
            case "/robots.txt": return Reply.body(FakeCinemaSite.robotsAllowingEveryone, type: "text/plain")
            case "/programme": return Reply.body(page, type: "text/html; charset=utf-8")
            default: return Reply.body("not here", type: "text/plain", status: 404)
            }
        }
        try await withServices(keys: false) { planner, finnkino, gracenote, _ in
            try await withFakeServer(handler) { site in
                var planner = planner
                planner.environment.removeValue(forKey: "PLANNER_SHOWTIMES_WEBSITES")
                let catalog = planner.home.appendingPathComponent("lyon.csv")
                try """
                    name,lat,lon,website
                    Cinéma Fake Lumière,45.7600,4.8400,\(site.baseURL.absoluteString)/programme
                    """.write(to: catalog, atomically: true, encoding: .utf8)
                let common = ["--near", Self.lyon, "--radius", "3km", "--catalog", catalog.path]
                let showtimes = try await planner.run(["showtimes"] + common + ["--date", day])
                #expect(showtimes.status == 0, "\(showtimes.stderr)")
                #expect(showtimes.stdout.contains("Europe/Paris"), "\(showtimes.stdout)")
                #expect(showtimes.stdout.contains("20:30") && showtimes.stdout.contains("18:00"), "\(showtimes.stdout)")
                #expect(showtimes.stdout.contains("Cinéma Fake Lumière"))

                // The watchlisted film's show there, on the cinema's clock in the table and as an instant in JSON
                let suggest = try await planner.run(["suggest"] + common)
                #expect(suggest.status == 0, "\(suggest.stderr)")
                #expect(suggest.stdout.contains("Next shows") && suggest.stdout.contains("20:30"), "\(suggest.stdout)")
                #expect(suggest.stdout.contains("Cinéma Fake Lumière"))
                let json = try await planner.run(["suggest"] + common + ["--format", "json"])
                let films = try #require(try Self.json(json.stdout)["in_theaters"] as? [[String: Any]])
                let northern = try #require(films.first { ($0["film"] as? [String: Any])?["id"] as? Int == 101 })
                let showing = try #require((northern["showings"] as? [[String: Any]])?.first)
                let next = try #require((showing["next_shows"] as? [[String: Any]])?.first)
                #expect(next["time_zone"] as? String == "Europe/Paris")
                #expect((next["booking_url"] as? String)?.hasSuffix("/reserver/1") == true)

                let requests = await site.log.requests
                #expect(requests.first?.path == "/robots.txt", "robots.txt is read first: \(requests.map(\.path))")
                #expect(requests.allSatisfy { ($0.header("User-Agent") ?? "").contains("planner/") })
                #expect(await finnkino.log.count == 0)
                #expect(await gracenote.log.count == 0)
            }
        }
    }
}
