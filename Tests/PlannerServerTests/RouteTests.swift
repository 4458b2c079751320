import Basics
import Foundation
import Geo
import Hummingbird
import HummingbirdTesting
import Logging
import PlannerApp
import PlannerService
import Prometheus
import Testing

@testable import PlannerServer

/// The routes in process, through Hummingbird's test client: no socket, no process. What only a real process
/// shows (signals, the access log on standard error, the browser) stays in Tests/ServerTests.
@Suite struct RouteTests {
    /// The repository's Data/, three levels above this file.
    static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Data").path

    /// A server over a fresh SQLite file and the bundled data, with every online service on a port that refuses.
    static func withApplication(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "planner-routes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let variables = [
            "PLANNER_DATA_DIR": dataDirectory, "PLANNER_CONFIG": folder.appending(path: "config.json").path,
            "OVERPASS_URL": "http://127.0.0.1:9/api/interpreter", "NOMINATIM_URL": "http://127.0.0.1:9",
            "TMDB_BASE_URL": "http://127.0.0.1:9/3", "FINNKINO_BASE_URL": "http://127.0.0.1:9/xml",
            "PLANNER_SHOWTIMES_WEBSITES": "never",
        ]
        var environment = PlannerApp.Environment(variables: variables, cache: DataCache())
        let storage = try Storage.open(
            database: nil, db: folder.appending(path: "planner.sqlite").path, environment: environment)
        environment.storage = storage
        let configuration = ServerConfiguration(port: 0, databasePath: nil, environment: environment)
        let state = ServerState(configuration: configuration, storage: storage, limiter: RateLimiter(ratePerSecond: 1000))
        let router = PlannerServer.makeRouter(
            state: state, registry: PrometheusCollectorRegistry(), logger: Logger(label: "planner.test"))
        try await Application(router: router).test(.router) { client in try await body(client) }
    }

    static func problem(_ response: TestResponse) throws -> [String: Any] {
        #expect(response.headers[.contentType] == "application/problem+json")
        return try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
    }

    @Test(arguments: ["/v1/theaters", "/v1/me/watchlist", "/healthz", "/v1/films/550"])
    func aKnownPathAskedWithAnotherMethodIs405WithAllow(path: String) async throws {
        try await Self.withApplication { client in
            try await client.execute(uri: path, method: .put) { response in
                #expect(response.status == .methodNotAllowed)
                let allow = try #require(response.headers[.allow])
                #expect(allow.hasPrefix("GET"), "Allow: \(allow)")
                if path == "/v1/me/watchlist" { #expect(allow == "GET, HEAD, POST") }
                #expect(try Self.problem(response)["status"] as? Int == 405)
            }
        }
    }

    @Test func aPathNoRouteHasIsStill404AndAKnownOneStill200() async throws {
        try await Self.withApplication { client in
            try await client.execute(uri: "/v1/nowhere", method: .put) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/healthz", method: .head) { #expect($0.status == .ok) }
            try await client.execute(uri: "/v1/me/ratings/550", method: .get) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "PUT, DELETE")
            }
        }
    }

    @Test(arguments: [
        "/v1/theaters?near=Helsinki&limit=abc", "/v1/theaters?near=Helsinki&limit=0", "/v1/theaters",
        "/v1/plan?near=Helsinki&after=25:99", "/v1/plan?near=Helsinki&buffer=forever",
        "/v1/showtimes?near=Helsinki&date=someday", "/v1/theaters?near=Helsinki&radius=200",
        "/v1/theaters?near=Helsinki&format=ics", "/v1/films/now-playing?region=FIN",
        "/v1/theaters?near=0,0", "/v1/me/watchlist", "/v1/films/now-playing?page=0",
        "/v1/films/550", "/v1/plan?near=Helsinki&after=22:00&before=21:00",
    ])
    func problemDetailsSpeakOfQueryParametersNeverOfFlagsOrCommands(uri: String) async throws {
        try await Self.withApplication { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status.code >= 400)
                let detail = try #require(try Self.problem(response)["detail"] as? String)
                for word in ["--", "planner ", "config set"] {
                    #expect(!detail.contains(word), "\(uri): \(detail)")
                }
            }
        }
    }

    @Test func aBadLimitNamesTheQueryParameter() async throws {
        try await Self.withApplication { client in
            try await client.execute(uri: "/v1/theaters?near=Helsinki&limit=abc", method: .get) { response in
                #expect(response.status == .badRequest)
                let detail = try Self.problem(response)["detail"] as? String
                #expect(detail == "the query parameter 'limit' must be a whole number, not 'abc'")
            }
        }
    }
}

/// The HTTP face's wording of the command line's sentences.
@Suite struct HTTPWordingTests {
    @Test func aFlagThatIsAQueryParameterIsNamedAsOne() {
        #expect(HTTPWording.detail("--after must be a time HH:MM such as 18:30, not 'x'")
            == "the query parameter 'after' must be a time HH:MM such as 18:30, not 'x'")
    }

    @Test func adviceForTheCommandLineIsLeftOut() {
        #expect(HTTPWording.detail("Could not reach api.example; check the network or try again with --offline.")
            == "Could not reach api.example.")
        #expect(HTTPWording.detail("no film with id 5 on TMDb (is it a TV series? try planner tv 5)")
            == "no film with id 5 on TMDb")
        #expect(HTTPWording.detail("this route needs 'Authorization: Bearer TOKEN'; 'planner users add NAME' makes one")
            == "this route needs 'Authorization: Bearer TOKEN'")
    }

    @Test func knownErrorsHaveTheirOwnHTTPSentence() {
        #expect(HTTPWording.detail(for: FilmServicesError.noRegion(command: "upcoming"), line: "")
            == "a region is needed: add the query parameter region (a two-letter country code such as FI)")
        #expect(HTTPWording.detail(for: PlannerAppError.noOrigin, line: "").contains("query parameter near"))
    }
}

/// The radius the API takes: the schema's pattern and the route's check are one language.
@Suite struct RadiusSyntaxTests {
    @Test func theDocumentCarriesThePatternTheRouteChecks() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(EmbeddedFiles.openAPIJSON)) as? [String: Any])
        let parameters = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: Any])
        let schema = try #require((parameters["radius"] as? [String: Any])?["schema"] as? [String: Any])
        #expect(schema["pattern"] as? String == RadiusSyntax.pattern)
    }

    @Test func theCheckAgreesWithThePatternOnEveryShortString() throws {
        let regex = try NSRegularExpression(pattern: RadiusSyntax.pattern)
        let pieces = ["", "0", "1", "5", "9", ".", "00", "10", "99", "100", "1234567", "12345678", "km", "mi", "m",
                      "deg", "°", "-", "+", "e", " ", "x", "K"]
        var checked = 0
        for a in pieces { for b in pieces { for c in pieces {
            let text = a + b + c
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(RadiusSyntax.accepts(text) == matches, "'\(text)'")
            checked += 1
        } } }
        #expect(checked == pieces.count * pieces.count * pieces.count)
    }

    @Test func everyRadiusThePatternTakesIsPositiveAndWithinHalfTheEarth() {
        for text in ["0.5", ".5", "99.999", "9999999m", "9999km", "9999.99mi", "0.001km", "1°", "99deg"] {
            #expect(RadiusSyntax.accepts(text), "'\(text)'")
            #expect((try? Radius(parsing: text)) != nil, "'\(text)'")
        }
        for text in ["0", "0.0", "100", "10000km", "00.5", "5.", "-1", "1e3", "5KM", " 5km"] {
            #expect(!RadiusSyntax.accepts(text), "'\(text)'")
        }
    }
}

/// The `near` the API takes: the schema's pattern and the routes' check are one language.
@Suite struct NearSyntaxTests {
    @Test func theDocumentCarriesThePatternTheRoutesCheck() throws {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(EmbeddedFiles.openAPIJSON)) as? [String: Any])
        let parameters = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: Any])
        let schema = try #require((parameters["near"] as? [String: Any])?["schema"] as? [String: Any])
        #expect(schema["pattern"] as? String == NearSyntax.pattern)
    }

    @Test func theCheckAgreesWithThePatternOnShortStrings() throws {
        let regex = try NSRegularExpression(pattern: NearSyntax.pattern)
        let pieces = ["", " ", ",", "0", "9", "90", "91", "180", "181", ".", ".0", ".5", "-", "+", "a", "é", "\u{1c}",
                      "\u{a0}", "\t", "09", "1e1", "x,"]
        for a in pieces { for b in pieces { for c in pieces {
            let text = a + b + c
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(NearSyntax.accepts(text) == matches, "'\(text.debugDescription)'")
        } } }
    }

    @Test func coordinatesInRangeAndNamesPassAndTheRestIsRefused() {
        for text in ["60.1699,24.9384", " -33.8688 , 151.2093 ", "90,180", "90.000,-180.0", "Helsinki", "Paris, FR",
                     "東京", "Köln"] {
            #expect(NearSyntax.accepts(text), "'\(text)'")
        }
        for text in ["0", "91,0", "90.5,0", "0,180.1", "1e1,5", "5.,5", "", " ", "\u{a0}Helsinki", "a\u{1c}b",
                     "-Helsinki", "90,\u{1c}180.0", "09,5"] {
            #expect(!NearSyntax.accepts(text), "'\(text.debugDescription)'")
        }
    }
}

/// The patterns of `after`, `before`, `buffer`, `date` and `keyword`: in the document, and only values the use
/// cases take.
@Suite struct QueryPatternsTests {
    static func schema(_ name: String, path: String = "/v1/plan") throws -> [String: Any] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(EmbeddedFiles.openAPIJSON)) as? [String: Any])
        let components = try #require((document["components"] as? [String: Any])?["parameters"] as? [String: Any])
        if let shared = components[name] as? [String: Any] { return try #require(shared["schema"] as? [String: Any]) }
        let paths = try #require(document["paths"] as? [String: Any])
        let operation = try #require((paths[path] as? [String: Any])?["get"] as? [String: Any])
        let parameters = try #require(operation["parameters"] as? [[String: Any]])
        return try #require(parameters.first { $0["name"] as? String == name }?["schema"] as? [String: Any])
    }

    static func matches(_ pattern: String, _ text: String) throws -> Bool {
        try NSRegularExpression(pattern: pattern).firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    @Test func theDocumentCarriesEachPattern() throws {
        for (name, pattern) in QueryPatterns.byParameter {
            #expect(try Self.schema(name)["pattern"] as? String == pattern, "\(name)")
        }
    }

    @Test func everyClockAndBufferThePatternsTakeIsReadByThePlan() throws {
        for hour in 0..<30 { for minute in [0, 5, 59, 60] {
            for text in [String(format: "%d:%02d", hour, minute), String(format: "%02d:%02d", hour, minute)] {
                if try Self.matches(QueryPatterns.clock, text) { #expect(ClockTime(text: text) != nil, "\(text)") }
            }
        } }
        #expect(try !Self.matches(QueryPatterns.clock, "000000000"))
        var taken = 0
        for text in (0...800).map({ "\($0)" }) + (0...800).flatMap({ ["\($0)m", "\($0)min"] })
            + (0...14).flatMap({ h in ["\(h)h"] + (0...70).map { "\(h)h\($0)m" } })
        where try Self.matches(QueryPatterns.buffer, text) {
            #expect(BufferDuration(text: text) != nil, "\(text)")
            taken += 1
        }
        #expect(taken > 2_000)
        #expect(try !Self.matches(QueryPatterns.buffer, "721"))
        #expect(try !Self.matches(QueryPatterns.buffer, "12h1m"))
    }

    @Test func everyDateThePatternTakesIsADay() throws {
        for text in ["2026-02-28", "2026-12-31", "1999-04-30", "today", "ToMoRRoW"] {
            #expect(try Self.matches(QueryPatterns.date, text))
            #expect(throws: Never.self) { try ShowtimesRequest(date: text).localDay(zone: .gmt) }
        }
        for text in ["2026-02-30", "2026-13-01", "0000-00-00", "2026-04-31", "yesterday"] {
            #expect(try !Self.matches(QueryPatterns.date, text), "\(text)")
        }
    }

    @Test func theKeywordPatternIsTheSearchsOwnCheck() throws {
        for text in ["", " ", "\t", "\u{a0}", "\u{200b}", "\u{3000} ", "a", " a ", "\n", "\u{1c}", "\u{85}"] {
            #expect(try Self.matches(QueryPatterns.keyword, text) == !text.trimmingSpaces().isEmpty, "\(text.debugDescription)")
        }
    }
}
