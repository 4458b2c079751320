import Foundation
import NowPlaying
import SQLiteStore
import Testing
import TestSupport

@Suite("suggest and upcoming against a fake TMDb on loopback")
struct PlannerJoinTests {
    @Test func suggestLeavesOutWatchedFilmsUnlessAskedAndSaysSo() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            for id in ["101", "102"] { #expect(try await planner.run(["watchlist", "add", id]).status == 0) }
            #expect(try await planner.run(["watchlist", "watched", "101"]).status == 0)
            func suggested(_ extra: [String]) async throws -> (ids: Set<Int>, notes: [String]) {
                let result = try await planner.run(
                    ["suggest", "--near", "Helsinki", "--region", "FI", "--format", "json"] + extra)
                #expect(result.status == 0, "\(result.stderr)")
                let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
                let ids = (json["in_theaters"] as! [[String: Any]]).map { ($0["film"] as! [String: Any])["id"] as! Int }
                return (Set(ids), json["notes"] as? [String] ?? [])
            }
            let plain = try await suggested([])
            #expect(plain.ids == [102])
            #expect(plain.notes.contains { $0.contains("1 film you marked watched left out") })
            #expect(try await suggested(["--include-watched"]).ids == [101, 102])
        }
    }

    @Test func suggestListsTheTwoWatchlistedFilmsInCinemasWithTheNearestCinemasInOrder() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given five watchlisted films
            let planner = PlannerProcess(tmdb: tmdb)
            for film in FakeTMDbService.films {
                let added = try await planner.run(["watchlist", "add", "\(film.id)"])
                #expect(added.status == 0, "\(added.stderr)")
            }
            // When suggest runs near Helsinki
            let result = try await planner.run(["suggest", "--near", "Helsinki", "--region", "FI", "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
            // Then exactly the two now playing are suggested, each with the cinemas nearest first
            let inTheaters = json["in_theaters"] as! [[String: Any]]
            let ids = inTheaters.map { ($0["film"] as! [String: Any])["id"] as! Int }
            #expect(Set(ids) == [101, 102])
            for entry in inTheaters {
                let theaters = entry["theaters"] as! [[String: Any]]
                let names = theaters.map { $0["name"] as! String }
                let wanted = ["Kinopalatsi", "Bio Rex", "Kino Engel"]
                #expect(wanted.allSatisfy(names.contains))
                let distances = theaters.map { $0["distance_m"] as! Double }
                #expect(distances == distances.sorted())
            }
            // And the two still to come follow, soonest first; the one that has left is not suggested
            let upcoming = (json["upcoming"] as! [[String: Any]]).map { ($0["film"] as! [String: Any])["id"] as! Int }
            #expect(upcoming == [104, 103])
            let left = (json["left_theaters"] as! [[String: Any]]).map { $0["id"] as! Int }
            #expect(left == [105])
            // And the table says the same for people
            let table = try await planner.run(["suggest", "--near", "Helsinki", "--region", "FI"])
            #expect(table.stdout.contains("Northern Lights"))
            #expect(table.stdout.contains("Coming to cinemas in FI"))
            #expect(!table.stdout.contains("1. Last Summer"))
            // And each film carries its overview: in JSON always, in the table with --long
            let firstFilm = try #require(inTheaters.first?["film"] as? [String: Any])
            #expect((firstFilm["overview"] as? String)?.hasPrefix("The story of ") == true)
            let long = try await planner.run(["suggest", "--near", "Helsinki", "--region", "FI", "--long"])
            #expect(long.stdout.contains("   The story of Northern Lights."))
            #expect(!table.stdout.contains("The story of"))
            // And from bare coordinates, with no region given or saved, the nearest place's country is the region
            let fromPoint = try await planner.run(["suggest", "--near", "60.1699,24.9384"])
            #expect(fromPoint.status == 0, "\(fromPoint.stderr)")
            #expect(fromPoint.stdout.contains("Coming to cinemas in FI"))
        }
    }

    @Test(.enabled(if: Python.hasModule("geojson"), "skipped: Python's geojson package is not installed"))
    func suggestWritesValidGeoJSONWithTheFilms() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            for film in FakeTMDbService.films { _ = try await planner.run(["watchlist", "add", "\(film.id)"]) }
            let file = planner.home.appendingPathComponent("suggest.geojson")
            let result = try await planner.run(
                ["suggest", "--near", "Helsinki", "--region", "FI", "--format", "geojson", "--output", file.path])
            #expect(result.status == 0, "\(result.stderr)")
            let check = try await Python.run("""
                import geojson, sys
                doc = geojson.load(open(sys.argv[1]))
                assert doc.is_valid, doc.errors()
                lines = [f for f in doc['features'] if f['geometry']['type'] == 'LineString']
                assert len(lines) == 4, len(lines)
                for f in doc['features']:
                    for lon, lat in geojson.utils.coords(f):
                        assert 24.9 < lon < 25.0 and 60.1 < lat < 60.2
                films = [f['properties'].get('films') for f in doc['features'] if f['properties']['role'] == 'theater']
                assert all(sorted(x) == ['Harbour Nights', 'Northern Lights'] for x in films), films
                """, arguments: [file.path])
            #expect(check.status == 0, "\(check.stderr)")
        }
    }

    @Test func aDetailsAnswerOfAnotherFilmNeverListsAReleaseTwice() async throws {
        // A TMDb that, once the list is made, answers film 103 with film 104's details (a merged id redirected)
        let misServing = MisServing()
        let handler: FakeServer.Handler = { request, count in
            if misServing.on, request.path == "/3/movie/103" {
                return Reply.json(FakeTMDbService.detailsJSON(FakeTMDbService.films[3]))
            }
            return try await FakeTMDbService.handler(request, count)
        }
        try await withFakeServer(basePath: "/3", handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            for id in [103, 104] { #expect(try await planner.run(["watchlist", "add", "\(id)"]).status == 0) }
            misServing.on = true
            for run in 0..<3 {
                let ics = planner.home.appendingPathComponent("releases-\(run).ics")
                let result = try await planner.run(["upcoming", "--region", "FI", "--refresh", "--ics", ics.path])
                #expect(result.status == 0, "\(result.stderr)")
                let uids = try String(contentsOf: ics, encoding: .utf8).split(separator: "\r\n")
                    .filter { $0.hasPrefix("UID:") }
                #expect(uids.count == Set(uids).count, "a UID twice: \(uids)")
                #expect(uids.contains("UID:tmdb-104-release-FI@planner"))
                #expect(uids.contains("UID:tmdb-103-release-FI@planner"), "film 103 fell back to what the store knows")
            }
        }
    }

    @Test func upcomingListsTheOtherTwoSoonestFirstAndWritesAStableCalendar() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            for film in FakeTMDbService.films { _ = try await planner.run(["watchlist", "add", "\(film.id)"]) }
            let ics = planner.home.appendingPathComponent("releases.ics")
            let result = try await planner.run(["upcoming", "--region", "FI", "--ics", ics.path])
            #expect(result.status == 0, "\(result.stderr)")
            let spring = try #require(result.stdout.range(of: "Spring Thaw"))
            let winter = try #require(result.stdout.range(of: "Winter Road"))
            #expect(spring.lowerBound < winter.lowerBound)
            #expect(result.stdout.contains("in 10 days"))
            #expect(!result.stdout.contains("Northern Lights"))
            let first = try String(contentsOf: ics, encoding: .utf8)
            // Every line ends CRLF, the last one too, and nothing follows it
            #expect(try Data(contentsOf: ics).suffix(15) == Data("END:VCALENDAR\r\n".utf8))
            #expect(first.contains("UID:tmdb-104-release-FI@planner"))
            #expect(first.contains("DTSTART;VALUE=DATE:\(FakeTMDbService.day(10).replacingOccurrences(of: "-", with: ""))"))

            // Exporting again gives the same UIDs
            let again = planner.home.appendingPathComponent("again.ics")
            _ = try await planner.run(["upcoming", "--region", "FI", "--ics", again.path])
            if Python.hasModule("icalendar") {
                let check = try await Python.run("""
                    import icalendar, sys
                    def uids(path):
                        cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
                        events = cal.walk('VEVENT')
                        assert all(e.get('DTSTART').dt for e in events)
                        return sorted(str(e.get('UID')) for e in events)
                    a, b = uids(sys.argv[1]), uids(sys.argv[2])
                    assert a == b and len(a) == 2, (a, b)
                    print(a)
                    """, arguments: [ics.path, again.path])
                #expect(check.status == 0, "\(check.stderr)")
            }
        }
    }

    @Test func everyFilmRequestSendsTheBearerHeaderAndTheRegion() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            _ = try await planner.run(["now-playing", "--region", "FI"])
            _ = try await planner.run(["upcoming-releases", "--region", "FI", "--refresh"])
            _ = try await planner.run(["search", "Winter Road", "--region", "FI"])
            _ = try await planner.run(["trending", "--region", "FI"])
            _ = try await planner.run(["popular", "--region", "FI"])
            _ = try await planner.run(["movie", "101", "--region", "FI", "--refresh"])
            _ = try await planner.run(["config", "set", "region", "FI"])
            _ = try await planner.run(["watchlist", "add", "102"])
            let requests = await tmdb.log.requests
            #expect(Set(requests.map(\.path)).isSuperset(of: ["/3/trending/movie/week", "/3/movie/101", "/3/movie/102"]))
            #expect(!requests.isEmpty)
            #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer \(FakeTMDbService.token)" })
            #expect(requests.allSatisfy { $0.query["region"] == "FI" })
            #expect(requests.allSatisfy { ($0.header("User-Agent") ?? "").hasPrefix("planner/") })
        }
    }

    @Test func theCacheTimesToLiveAreSettings() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given now playing fetched once, then a list time to live of one second
            let planner = PlannerProcess(tmdb: tmdb)
            #expect(try await planner.run(["now-playing", "--region", "FI"]).status == 0)
            #expect(try await planner.run(["now-playing", "--region", "FI"]).status == 0)
            #expect(await tmdb.log.count == 1)  // the second answer came from the cache (6 h by default)
            let set = try await planner.run(["config", "set", "cache-lists", "1s"])
            #expect(set.status == 0, "\(set.stderr)")
            try await Task.sleep(nanoseconds: 1_500_000_000)
            // When it is asked again
            #expect(try await planner.run(["now-playing", "--region", "FI"]).status == 0)
            // Then it was fetched again, and a bad value is one line and a non-zero exit
            #expect(await tmdb.log.count == 2)
            let bad = try await planner.run(["config", "set", "cache-details", "forever"])
            #expect(bad.status != 0)
            #expect(bad.stderr.split(separator: "\n").count == 1)
            #expect(try await planner.run(["config", "show"]).stdout.contains("cache-lists    1s"))
        }
    }

    @Test func verboseReportsEachRequestWithoutTheTokenOrTheKey() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            let result = try await planner.run(["now-playing", "--region", "FI", "--verbose"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("GET \(tmdb.baseURL.absoluteString)/movie/now_playing?page=1&region=FI → 200"))
            #expect(!result.stderr.contains(FakeTMDbService.token))
            // And with a v3 key in the query, the key is left out of the line
            let keyed = PlannerProcess(environment: [
                "TMDB_BASE_URL": tmdb.baseURL.absoluteString, "TMDB_API_KEY": "v3-key-93c1e", "TMDB_READ_ACCESS_TOKEN": "",
            ])
            let withKey = try await keyed.run(["popular", "--region", "FI", "--verbose"])
            #expect(withKey.stderr.contains("GET \(tmdb.baseURL.absoluteString)/movie/popular"))
            #expect(!(withKey.stdout + withKey.stderr).contains("v3-key-93c1e"))
        }
    }

    @Test(arguments: ["table", "json", "csv"])
    func eachListRendersInEveryFormat(_ format: String) async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            for command in ["now-playing", "upcoming-releases", "popular", "trending"] {
                let result = try await planner.run([command, "--region", "FI", "--format", format])
                #expect(result.status == 0, "\(command) \(format): \(result.stderr)")
                #expect(!result.stdout.isEmpty)
                if format == "json" { #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil) }
                if format == "csv" { #expect(result.stdout.hasPrefix("rank,id,title")) }
            }
        }
    }

    @Test func aWrongTokenExitsNonZeroWithoutShowingIt() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let secret = "wrong-token-SECRET-123456789"
            let planner = PlannerProcess(tmdb: tmdb, token: secret)
            let result = try await planner.run(["now-playing", "--region", "FI"])
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!(result.stdout + result.stderr).contains("SECRET"))
            #expect(result.stderr.contains("TMDB_READ_ACCESS_TOKEN"))
        }
    }

    @Test func aRateLimitFollowedBySuccessSucceeds() async throws {
        let handler: FakeServer.Handler = { request, count in
            if count == 1 { return Reply.json(#"{"status_code":25,"status_message":"Slow down"}"#, status: 429, headers: ["Retry-After": "1"]) }
            return try await FakeTMDbService.handler(request, count)
        }
        try await withFakeServer(basePath: "/3", handler) { tmdb in
            let result = try await PlannerProcess(tmdb: tmdb).run(["now-playing", "--region", "FI"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Northern Lights"))
            #expect(await tmdb.log.count == 2)
        }
    }

    @Test func syncThenOfflineAnswersWithNoServerRunning() async throws {
        var planner: PlannerProcess? = nil
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            planner = PlannerProcess(tmdb: tmdb)
            _ = try await planner!.run(["watchlist", "add", "103"])
            // (and an answer cached 40 days ago, which sync prunes)
            let cache = try TMDbCache.open(fileAt: URL(fileURLWithPath: try #require(planner!.environment["PLANNER_DB"])))
            try await cache.store(Data("{}".utf8), forKey: "GET /movie/1", fetchedAt: Date() - 40 * 86_400)
            let sync = try await planner!.run(["sync", "--region", "FI"])
            #expect(sync.status == 0, "\(sync.stderr)")
            #expect(sync.stdout.contains("note: 1 cached answer was removed, older than 30 days"))
        }
        // The server is gone now: a sync says nothing was synced
        let failed = try await planner!.run(["sync", "--region", "FI"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("nothing was synced"))
        let offline = try await planner!.run(["now-playing", "--region", "FI", "--offline"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("Northern Lights"))
        #expect(offline.stdout.contains("from cache"))
        let suggest = try await planner!.run(["suggest", "--near", "Helsinki", "--region", "FI", "--offline"])
        #expect(suggest.status == 0, "\(suggest.stderr)")
        #expect(suggest.stdout.contains("Winter Road"))
    }

    @Test func addingAnAmbiguousTitleListsTheMatchesAndAddsNothing() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            let result = try await planner.run(["watchlist", "add", "night"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("Northern Lights"))
            #expect(result.stderr.contains("Harbour Nights"))
            let list = try await planner.run(["watchlist", "list", "--format", "json"])
            #expect(list.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[\n\n]" || list.stdout.contains("[]"))
            let byTitle = try await planner.run(["watchlist", "add", "Winter Road"])
            #expect(byTitle.status == 0, "\(byTitle.stderr)")
            let twice = try await planner.run(["watchlist", "add", "103"])
            #expect(twice.stdout.contains("already on your watchlist"))
        }
    }
}

/// A switch the fake's handler reads from its own tasks.
final class MisServing: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var on: Bool {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
