import Foundation
import TestSupport
import Testing

/// A showtimes provider is chosen by the origin's country, never by the home's: with home Helsinki, a search near
/// Lyon, London or Columbus asks Finnkino nothing; and a provider that brings its own theatres (Gracenote) needs
/// no local theater data.
@Suite("The showtimes provider of the origin's country", .serialized)
struct ProviderByOriginTests {
    static let places = [("Lyon", "45.7640,4.8357"), ("London", "51.5074,-0.1278"), ("Columbus", "39.9612,-82.9988")]

    /// Runs `body` with home Helsinki saved, three watchlisted films and fake TMDb, Finnkino and Gracenote.
    func withHomeHelsinki(_ body: (PlannerProcess, _ finnkino: FakeServer, _ gracenote: FakeServer) async throws -> Void)
        async throws
    {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            try await withFakeServer(basePath: "/xml", FakeFinnkino.handler(FakeFinnkinoService.tomorrow())) { finnkino in
                try await withFakeServer(
                    basePath: "/v1.1",
                    FakeGracenote.handler(
                        theatres: [FakeGracenote.cinema1, FakeGracenote.cinema2], shows: GracenoteCommandTests.shows())
                ) { gracenote in
                    var planner = PlannerProcess(tmdb: tmdb, finnkino: finnkino)
                    planner.environment["GRACENOTE_BASE_URL"] = gracenote.baseURL.absoluteString
                    planner.environment["GRACENOTE_API_KEY"] = FakeGracenote.key
                    #expect(try await planner.run(["config", "set", "home", "Helsinki"]).status == 0)
                    try await planner.addThreeFilms()
                    try await body(planner, finnkino, gracenote)
                }
            }
        }
    }

    @Test func suggestPlanAndShowtimesAbroadNeverAskTheHomeCountrysProvider() async throws {
        try await withHomeHelsinki { planner, finnkino, _ in
            for (name, near) in Self.places {
                for command in ["suggest", "plan", "showtimes"] {
                    let result = try await planner.run([command, "--near", near, "--radius", "3km"])
                    #expect(await finnkino.log.count == 0, "\(command) near \(name) asked Finnkino: \(result.stderr)")
                    #expect(!result.stdout.contains("Finnkino area"), "\(command) near \(name):\n\(result.stdout)")
                }
            }
        }
    }

    @Test func suggestNearLyonSpeaksOfFrenchCinemasNotTheHomes() async throws {
        try await withHomeHelsinki { planner, _, _ in
            let catalog = planner.home.appendingPathComponent("lyon.csv")
            try "name,lat,lon,address\nCinéma Comoedia,45.7466,4.8400,13 Avenue Berthelot\n"
                .write(to: catalog, atomically: true, encoding: .utf8)
            let result = try await planner.run(
                ["suggest", "--near", "45.7640,4.8357", "--radius", "3km", "--catalog", catalog.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Cinéma Comoedia"), "\(result.stdout)")
            #expect(!result.stdout.contains("in FI"), "\(result.stdout)")
            #expect(result.stdout.contains("in FR"), "\(result.stdout)")
        }
    }

    @Test func gracenoteShowsAreListedInColumbusWithNoAreaAndNoOverpass() async throws {
        try await withHomeHelsinki { planner, finnkino, gracenote in
            // No --catalog, no imported area, and Overpass on a port that refuses (PlannerProcess)
            let result = try await planner.run(
                ["showtimes", "--near", "39.9612,-82.9988", "--date", GracenoteCommandTests.day, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try GracenoteCommandTests.json(result.stdout)
            let shows = try #require(json["shows"] as? [[String: Any]])
            let titles = shows.compactMap { ($0["show"] as? [String: Any])?["title"] as? String }
            #expect(titles.contains("Bar Film 1"), "\(result.stdout)")
            let theaters = Set(shows.compactMap { ($0["theater"] as? [String: Any])?["name"] as? String })
            #expect(theaters.contains("Fake Gracenote Cinema 1"), "\(theaters)")
            #expect(await gracenote.log.count >= 1)
            #expect(await finnkino.log.count == 0)
            let table = try await planner.run(["showtimes", "--near", "39.9612,-82.9988", "--date", GracenoteCommandTests.day])
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stdout.contains("Bar Film 1") && table.stdout.contains("Gracenote's own theatres"), "\(table.stdout)")
        }
    }
}
