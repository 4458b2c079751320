import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import PlannerApp
import PlannerService
import Prometheus
import TestSupport
import Testing

@testable import PlannerServer

/// Posters, IMDb ids, series on the lists and the rated listing, in process through Hummingbird's test client,
/// with TMDb a fake on loopback (``FakeTMDbCatalog``).
@Suite struct SeedAppRouteTests {
    /// A server over a fresh SQLite file and the fake TMDb, with one user, alice, whose watchlist holds the series
    /// 1003 rated 4.5; `body` gets the client and alice's token.
    static func withApplication(
        tmdb: FakeServer, _ body: @escaping @Sendable (any TestClientProtocol, String) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "planner-seed-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let variables = [
            "PLANNER_DATA_DIR": RouteTests.dataDirectory, "PLANNER_CONFIG": folder.appending(path: "config.json").path,
            "OVERPASS_URL": "http://127.0.0.1:9/api/interpreter", "NOMINATIM_URL": "http://127.0.0.1:9",
            "TMDB_BASE_URL": tmdb.baseURL.absoluteString, "TMDB_READ_ACCESS_TOKEN": FakeTMDbCatalog.token,
            "FINNKINO_BASE_URL": "http://127.0.0.1:9/xml", "PLANNER_SHOWTIMES_WEBSITES": "never",
        ]
        var environment = PlannerApp.Environment(variables: variables, cache: DataCache())
        let storage = try Storage.open(
            database: nil, db: folder.appending(path: "planner.sqlite").path, environment: environment)
        environment.storage = storage
        let tokens = UserTokens(store: storage.lists)
        let token = try #require(try tokens.add(name: "alice").token)
        let alice = try #require(try tokens.user(bearer: token))
        let series = try #require(FilmReference(text: "1003"))
        _ = try await FilmServices.make(FilmRequest(), storage: storage.scoped(to: alice.id), environment: environment)
            .addSeries(series, to: .watchlist)
        try ListBook.of(userID: alice.id, in: storage).rateSeries(series, stars: 4.5)
        let configuration = ServerConfiguration(port: 0, databasePath: nil, environment: environment)
        let state = ServerState(configuration: configuration, storage: storage, limiter: RateLimiter(ratePerSecond: 1000))
        let router = PlannerServer.makeRouter(
            state: state, registry: PrometheusCollectorRegistry(), logger: Logger(label: "planner.test"))
        try await Application(router: router).test(.router) { client in try await body(client, token) }
    }

    static func json(_ response: TestResponse) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(buffer: response.body))
    }

    static func object(_ response: TestResponse) throws -> [String: Any] {
        try #require(try json(response) as? [String: Any])
    }

    /// `GET uri`, with `token` as the bearer token when given.
    static func get(_ client: any TestClientProtocol, _ uri: String, token: String? = nil) async throws -> TestResponse {
        var headers = HTTPFields()
        if let token { headers[.authorization] = "Bearer \(token)" }
        return try await client.executeRequest(uri: uri, method: .get, headers: headers, body: nil)
    }

    /// `POST` or `PUT` of a JSON body, with `token` as the bearer token.
    static func send(
        _ client: any TestClientProtocol, _ uri: String, method: HTTPRequest.Method, token: String, body: String
    ) async throws -> TestResponse {
        try await client.executeRequest(
            uri: uri, method: method, headers: [.authorization: "Bearer \(token)"], body: ByteBuffer(string: body))
    }

    @Test func filmRowsCarryPosterURLsBuiltFromTheConfiguration() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            try await Self.withApplication(tmdb: tmdb) { client, _ in
                let response = try await Self.get(client, "/v1/films/now-playing")
                #expect(response.status == .ok)
                let films = try #require(try Self.object(response)["films"] as? [[String: Any]])
                let first = try #require(films.first { $0["id"] as? Int == 1 })
                #expect(first["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w342/p1.jpg")
                #expect(films.first { $0["id"] as? Int == 2 }?["poster_url"] is NSNull)
            }
        }
    }

    @Test func anIMDbIDNamesAFilmInThePathAndInTheBody() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            try await Self.withApplication(tmdb: tmdb) { client, token in
                // The details of a film named by its IMDb id
                let film = try await Self.get(client, "/v1/films/tt1000007")
                #expect(film.status == .ok)
                #expect((try Self.object(film)["film"] as? [String: Any])?["id"] as? Int == 7)
                let unknown = try await Self.get(client, "/v1/films/tt9999999")
                #expect(unknown.status == .notFound)
                #expect(try RouteTests.problem(unknown)["detail"] as? String == "TMDb knows no film with IMDb id tt9999999")
                let malformedPath = try await Self.get(client, "/v1/films/tt12")
                #expect(malformedPath.status == .badRequest)

                // And added to the watchlist by it
                let added = try await Self.send(
                    client, "/v1/me/watchlist", method: .post, token: token, body: #"{"id":"tt1000007"}"#)
                #expect(added.status == .created)
                let row = try Self.object(added)
                #expect(row["id"] as? Int == 7)
                #expect(row["kind"] as? String == "movie")
                #expect(row["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w342/p7.jpg")
                let refused = try await Self.send(
                    client, "/v1/me/watchlist", method: .post, token: token, body: #"{"id":"tt9999999"}"#)
                #expect(refused.status == .notFound)
                let malformed = try await Self.send(
                    client, "/v1/me/watchlist", method: .post, token: token, body: #"{"id":"Fight Club"}"#)
                #expect(malformed.status == .badRequest)
            }
        }
    }

    @Test func theListsHoldSeriesOfKindTVBesideTheFilms() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            try await Self.withApplication(tmdb: tmdb) { client, token in
                _ = try await Self.send(client, "/v1/me/watchlist", method: .post, token: token, body: #"{"id":3}"#)
                let response = try await Self.get(client, "/v1/me/watchlist", token: token)
                #expect(response.status == .ok)
                let rows = try #require(try Self.json(response) as? [[String: Any]])
                #expect(rows.map { $0["kind"] as? String } == ["movie", "tv"])
                #expect(rows.map { $0["id"] as? Int } == [3, 1003])
                let series = rows[1]
                #expect(series["title"] as? String == "Harbour Watch")
                #expect(series["rating"] as? Double == 4.5)
                #expect(series["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w342/s1003.jpg")
            }
        }
    }

    @Test func theRatedListingAnswersEachBarOfTheHistogram() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            try await Self.withApplication(tmdb: tmdb) { client, token in
                // Given film 3 rated 4.5 beside the series rated 4.5, and film 1 rated 2
                for (id, stars) in [(3, "4.5"), (1, "2")] {
                    _ = try await Self.send(client, "/v1/me/watchlist", method: .post, token: token, body: "{\"id\":\(id)}")
                    let rated = try await Self.send(
                        client, "/v1/me/ratings/\(id)", method: .put, token: token, body: "{\"rating\":\(stars)}")
                    #expect(rated.status == .ok)
                }

                // Then the listing of 4.5 holds exactly the film and the series rated 4.5
                let response = try await Self.get(client, "/v1/me/rated?stars=4.5", token: token)
                #expect(response.status == .ok)
                let document = try Self.object(response)
                #expect(document["stars"] as? Double == 4.5)
                let titles = try #require(document["titles"] as? [[String: Any]])
                #expect(titles.map { $0["id"] as? Int } == [3, 1003])
                #expect(titles.map { $0["kind"] as? String } == ["movie", "tv"])

                // And the stats count the series
                let stats = try Self.object(try await Self.get(client, "/v1/me/stats", token: token))
                #expect(stats["rated"] as? Int == 2)
                #expect(stats["rated_series"] as? Int == 1)

                // And a rating off the scale is a 400 naming the parameter
                for uri in ["/v1/me/rated?stars=4.2", "/v1/me/rated?stars=6", "/v1/me/rated?stars=abc", "/v1/me/rated"] {
                    let refused = try await Self.get(client, uri, token: token)
                    #expect(refused.status == .badRequest, "\(uri)")
                    #expect((try RouteTests.problem(refused)["detail"] as? String)?.contains("'stars'") == true, "\(uri)")
                }
            }
        }
    }
}
