import Foundation
import Testing
import TestSupport

/// `planner lookup` against a fake OMDb on loopback, speaking OMDb's protocol (`t=`, `y=`, `plot=full`, `apikey=`;
/// `"Response":"False"` with an `Error` for misses and bad keys).
@Suite("planner lookup against a fake OMDb on loopback")
struct LookupCommandTests {
    static let key = "omdb-key-7f3a9c"

    static let fightClub = """
        {"Title":"Fight Club","Year":"1999","Rated":"R","Runtime":"139 min","Genre":"Drama","Director":"David Fincher",
         "Plot":"An insomniac office worker and a devil-may-care soap maker form an underground fight club.",
         "imdbID":"tt0137523","Ratings":[{"Source":"Internet Movie Database","Value":"8.8/10"},
         {"Source":"Rotten Tomatoes","Value":"81%"}],"Response":"True"}
        """

    static let handler: FakeServer.Handler = { request, _ in
        if request.query["apikey"] != key {
            return Reply.json(#"{"Response":"False","Error":"Invalid API key!"}"#, status: 401)
        }
        if request.query["t"]?.lowercased() == "fight club" { return Reply.json(fightClub) }
        return Reply.json(#"{"Response":"False","Error":"Movie not found!"}"#)
    }

    func planner(_ fake: FakeServer, key: String = Self.key) -> PlannerProcess {
        PlannerProcess(environment: ["OMDB_API_KEY": key, "OMDB_BASE_URL": fake.baseURL.absoluteString + "/"])
    }

    @Test func aTitleAndYearGiveTheFullPlotAndTheScores() async throws {
        try await withFakeServer(Self.handler) { fake in
            let result = try await planner(fake).run(["lookup", "--title", "Fight Club", "--year", "1999"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Fight Club (1999)"))
            #expect(result.stdout.contains("underground fight club"))
            #expect(result.stdout.contains("Rotten Tomatoes: 81%"))
            let request = try #require(await fake.log.requests.first)
            #expect(request.query["t"] == "Fight Club")
            // And --verbose reports the request without the key
            let verbose = try await planner(fake).run(["lookup", "--title", "Fight Club", "--verbose"])
            #expect(verbose.stderr.contains("omdb: GET "))
            #expect(verbose.stderr.contains("→ 200"))
            #expect(!verbose.stderr.contains(Self.key))
            #expect(request.query["y"] == "1999")
            #expect(request.query["plot"] == "full")
        }
    }

    @Test func aTitleOMDbDoesNotKnowPrintsNotFoundAndExits1() async throws {
        try await withFakeServer(Self.handler) { fake in
            let result = try await planner(fake).run(["lookup", "--title", "No Such Film"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("Not found"))
            #expect(result.stdout.isEmpty)
        }
    }

    @Test func aWrongKeyIsOMDbsOwnErrorAndNeverShowsTheKey() async throws {
        try await withFakeServer(Self.handler) { fake in
            let result = try await planner(fake, key: "wrong-key-5be1").run(["lookup", "--title", "Fight Club"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("OMDb rejected the API key"))
            #expect(!result.stderr.contains("TMDb"))
            #expect(!(result.stdout + result.stderr).contains("wrong-key-5be1"))
        }
    }

    @Test func OMDbsDailyLimitIsNotCalledABadKey() async throws {
        try await withFakeServer({ _, _ in Reply.json(#"{"Response":"False","Error":"Request limit reached!"}"#, status: 401) }) { fake in
            let result = try await planner(fake).run(["lookup", "--title", "Fight Club"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("Request limit reached"))
            #expect(!result.stderr.contains("rejected the API key"))
        }
    }

    @Test func theTitleIsGivenOnce() async throws {
        let result = try await PlannerProcess().run(["lookup", "--title", "Fight Club", "fight", "club"])
        #expect(result.status == 64)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
