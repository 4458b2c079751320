import Foundation
import TestSupport
import Testing

@Suite("showtimes and plan in Columbus, Ohio, against a fake Gracenote on loopback", .serialized)
struct GracenoteCommandTests {
    static let near = "39.9612,-82.9988"
    /// Tomorrow on the New York clock, so that no show's leave-by has passed while the test runs.
    static let day = FakeGracenote.newYorkDay(1)

    static func shows() -> [GracenoteShowSpec] {
        let cinema1 = FakeGracenote.cinema1.id
        let cinema2 = FakeGracenote.cinema2.id
        return [
            GracenoteShowSpec(
                tmsID: "MV900000010000", title: "Bar Film 1", releaseYear: 2026, theatreID: cinema1,
                dateTime: "\(day)T19:00", ticketURI: "https://tickets.example/bar-film-1"),
            GracenoteShowSpec(
                tmsID: "MV900000020000", title: "Northern Lights", releaseYear: FakeFinnkinoService.year(101),
                theatreID: cinema1, dateTime: "\(day)T20:00", ticketURI: "https://tickets.example/northern-lights"),
            GracenoteShowSpec(
                tmsID: "MV900000020000", title: "Northern Lights", releaseYear: FakeFinnkinoService.year(101),
                theatreID: cinema1, dateTime: "\(day)T17:00"),
            GracenoteShowSpec(
                tmsID: "MV900000030000", title: "Harbour Nights", releaseYear: FakeFinnkinoService.year(102),
                theatreID: cinema2, dateTime: "\(day)T18:30"),
            // The small hours belong to the evening before; the next evening does not
            GracenoteShowSpec(
                tmsID: "MV900000040000", title: "Bar Film Late", releaseYear: 2026, theatreID: cinema1,
                dateTime: "\(FakeGracenote.newYorkDay(2))T00:30"),
            GracenoteShowSpec(
                tmsID: "MV900000050000", title: "Bar Film Next Day", releaseYear: 2026, theatreID: cinema1,
                dateTime: "\(FakeGracenote.newYorkDay(2))T19:00"),
        ]
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A catalog of Columbus theaters in the CSV form `--catalog` reads: Fake Gracenote Cinema 1 is in it (a few
    /// meters from where Gracenote puts it), Fake Gracenote Cinema 2 is not.
    static func catalog(in planner: PlannerProcess) throws -> String {
        let csv = planner.home.appendingPathComponent("columbus.csv")
        try """
            name,lat,lon,address
            Fake Gracenote Cinema 1,39.9691,-83.0031,1 Fake Street
            Gateway Film Center,39.9970,-83.0070,1550 N High St
            """.write(to: csv, atomically: true, encoding: .utf8)
        return csv.path
    }

    /// Runs `body` with a planner pointed at a fake TMDb, Finnkino and Gracenote; `key` nil leaves the key unset.
    func withServices(
        key: String? = FakeGracenote.key,
        _ body: (PlannerProcess, _ finnkino: FakeServer, _ gracenote: FakeServer) async throws -> Void
    ) async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            try await withFakeServer(basePath: "/xml", FakeFinnkino.handler(FakeFinnkinoService.tomorrow())) { finnkino in
                try await withFakeServer(
                    basePath: "/v1.1",
                    FakeGracenote.handler(theatres: [FakeGracenote.cinema1, FakeGracenote.cinema2], shows: Self.shows())
                ) { gracenote in
                    var planner = PlannerProcess(tmdb: tmdb, finnkino: finnkino)
                    planner.environment["GRACENOTE_BASE_URL"] = gracenote.baseURL.absoluteString
                    if let key { planner.environment["GRACENOTE_API_KEY"] = key }
                    try await body(planner, finnkino, gracenote)
                }
            }
        }
    }

    func arguments(_ command: String, _ planner: PlannerProcess, _ extra: [String] = []) throws -> [String] {
        [command, "--near", Self.near, "--date", Self.day, "--radius", "3km", "--catalog", try Self.catalog(in: planner)]
            + extra
    }

    @Test func showtimesListsBarFilm1At1900AtFakeGracenoteCinema1WithATravelTimeInNewYorkTime() async throws {
        try await withServices { planner, finnkino, _ in
            // When the day's showtimes are asked for in Columbus, Ohio
            let result = try await planner.run(try arguments("showtimes", planner, ["--format", "json"]))
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            let shows = try #require(json["shows"] as? [[String: Any]])
            let bar = try #require(shows.first { ($0["show"] as? [String: Any])?["title"] as? String == "Bar Film 1" })
            let show = try #require(bar["show"] as? [String: Any])
            let theater = try #require(bar["theater"] as? [String: Any])
            // Then Bar Film 1 is at 19:00 on the New York clock, at Fake Gracenote Cinema 1, with a travel time
            #expect(show["start_local"] as? String == "19:00")
            #expect(show["time_zone"] as? String == "America/New_York")
            #expect(show["provider"] as? String == "gracenote")
            #expect(show["url"] as? String == "https://tickets.example/bar-film-1")
            #expect(theater["name"] as? String == "Fake Gracenote Cinema 1")
            #expect(theater["source"] as? String == "catalog")
            #expect((bar["travel_s"] as? Double ?? 0) > 0)
            #expect(json["source"] as? String == "Gracenote")
            // And the cinema day runs to 06:00: the 00:30 show after it is listed, the next evening's is not
            let titles = shows.compactMap { ($0["show"] as? [String: Any])?["title"] as? String }
            #expect(titles.contains("Bar Film Late"))
            #expect(!titles.contains("Bar Film Next Day"))
            // And Finnkino, which does not cover the US, was never asked
            #expect(await finnkino.log.count == 0)
            // And the table names the zone in its header, and the ticket link with --long
            let table = try await planner.run(try arguments("showtimes", planner, ["--long"]))
            #expect(table.status == 0, "\(table.stderr)")
            let header = try #require(table.stdout.split(separator: "\n").first)
            #expect(header.contains("(times in America/New_York)"))
            let row = try #require(table.stdout.split(separator: "\n").first { $0.contains("Bar Film 1") })
            #expect(row.hasPrefix("19:00"))
            #expect(row.contains("Fake Gracenote Cinema 1"))
            #expect(row.contains("https://tickets.example/bar-film-1"))
            #expect(!table.stdout.contains("Finnkino"))
            #expect(!table.stdout.contains("Helsinki"))
        }
    }

    @Test func aTheatreWithNoOSMMatchIsATheaterOfItsOwnWithATravelTime() async throws {
        try await withServices { planner, _, _ in
            let result = try await planner.run(try arguments("showtimes", planner, ["--format", "json"]))
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            let shows = try #require(json["shows"] as? [[String: Any]])
            let harbour = try #require(
                shows.first { ($0["show"] as? [String: Any])?["title"] as? String == "Harbour Nights" })
            let theater = try #require(harbour["theater"] as? [String: Any])
            #expect(theater["id"] as? String == "gracenote/9002")
            #expect(theater["name"] as? String == "Fake Gracenote Cinema 2")
            #expect(theater["source"] as? String == "gracenote")
            #expect((theater["address"] as? String)?.contains("2 Unmapped Avenue") == true)
            #expect((harbour["travel_s"] as? Double ?? 0) > 0)
            #expect((json["unmatched_theaters"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func planPlansTheWatchlistedFilmsFromGracenotesShowsWithLeaveByStartMinusTravelMinusBuffer() async throws {
        try await withServices { planner, _, _ in
            // Given Northern Lights and Harbour Nights on the watchlist
            try await planner.addThreeFilms()
            // When the evening after 18:00 is planned in Columbus
            let result = try await planner.run(
                try arguments("plan", planner, ["--after", "18:00", "--mode", "walk", "--format", "json"]))
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            let shows = try #require(json["shows"] as? [[String: Any]])
            // Then both films are planned from Gracenote's shows from 18:00, the 17:00 one left out
            #expect(shows.map { ($0["film"] as? [String: Any])?["id"] as? Int } == [102, 101])
            #expect(shows.map { ($0["show"] as? [String: Any])?["start_local"] as? String } == ["18:30", "20:00"])
            #expect(shows.map { ($0["theater"] as? [String: Any])?["name"] as? String } == [
                "Fake Gracenote Cinema 2", "Fake Gracenote Cinema 1",
            ])
            for entry in shows {
                let show = try #require(entry["show"] as? [String: Any])
                let startText = try #require(show["start"] as? String)
                let leaveByText = try #require(entry["leave_by"] as? String)
                let start = try #require(ISO8601DateFormatter().date(from: startText))
                let leaveBy = try #require(ISO8601DateFormatter().date(from: leaveByText))
                let travel = try #require(entry["travel_min"] as? Int)
                #expect(travel > 0)
                #expect(entry["buffer_min"] as? Int == 10)
                #expect(leaveBy == start.addingTimeInterval(-Double(travel + 10) * 60))
                #expect(show["time_zone"] as? String == "America/New_York")
            }
            let table = try await planner.run(try arguments("plan", planner, ["--after", "18:00"]))
            #expect(table.stdout.contains("(times in America/New_York)"))
        }
    }

    @Test func suggestListsTheCinemasThatShowEachFilmFromGracenoteWithTicketLinks() async throws {
        try await withServices { planner, finnkino, _ in
            // Given Northern Lights and Harbour Nights, both in cinemas, on the watchlist
            try await planner.addThreeFilms()
            // When suggest runs in Columbus for the US
            let suggest = ["suggest", "--near", Self.near, "--region", "US", "--radius", "3km", "--catalog",
                try Self.catalog(in: planner)]
            let result = try await planner.run(suggest + ["--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            #expect(json["showtimes_source"] as? String == "Gracenote")
            let entries = try #require(json["in_theaters"] as? [[String: Any]])
            let byFilm = Dictionary(uniqueKeysWithValues: entries.map {
                (($0["film"] as? [String: Any])?["id"] as? Int ?? 0, $0["showings"] as? [[String: Any]] ?? [])
            })
            // Then each film lists the one cinema that shows it, the unmapped one too
            #expect(byFilm[101]?.map { $0["name"] as? String } == ["Fake Gracenote Cinema 1"])
            #expect(byFilm[102]?.map { $0["name"] as? String } == ["Fake Gracenote Cinema 2"])
            let northern = try #require(byFilm[101]?.first?["next_shows"] as? [[String: Any]])
            #expect(northern.first?["time_zone"] as? String == "America/New_York")
            #expect(northern.contains { $0["booking_url"] as? String == "https://tickets.example/northern-lights" })
            #expect(await finnkino.log.count == 0)
            // And --long lists the ticket links under each film
            let table = try await planner.run(suggest + ["--long"])
            #expect(table.stdout.contains("tickets: Fake Gracenote Cinema 1"))
            #expect(table.stdout.contains("https://tickets.example/northern-lights"))
        }
    }

    @Test(.enabled(if: SharedData.isAvailable, "skipped: ../shared/data is absent"))
    func onTheImportedColumbusExtractATheatreMatchesItsOSMCinemaAndShowsGetRoadTimes() async throws {
        // Given AMC Lennox 24 where OpenStreetMap has it (way 30266701), and one theatre OSM lacks
        let lennox = GracenoteTheatreSpec(
            id: "3355", name: "AMC Lennox 24", latitude: 39.9958, longitude: -83.0280, street: "777 Kinnear Rd",
            postalCode: "43212")
        let shows = [
            GracenoteShowSpec(
                tmsID: "MV900000010000", title: "Bar Film 1", releaseYear: 2026, theatreID: lennox.id,
                dateTime: "\(Self.day)T19:00"),
            GracenoteShowSpec(
                tmsID: "MV900000010000", title: "Bar Film 1", releaseYear: 2026, theatreID: FakeGracenote.cinema2.id,
                dateTime: "\(Self.day)T21:00"),
        ]
        try await withFakeServer(
            basePath: "/v1.1", FakeGracenote.handler(theatres: [lennox, FakeGracenote.cinema2], shows: shows)
        ) { gracenote in
            let planner = PlannerProcess(environment: [
                "GRACENOTE_BASE_URL": gracenote.baseURL.absoluteString, "GRACENOTE_API_KEY": FakeGracenote.key,
            ])
            // And the Columbus extract imported as an area
            let imported = try await planner.run([
                "areas", "import", SharedData.path("osm/otp_columbus.osm.pbf"), "--name", "columbus",
            ])
            #expect(imported.status == 0, "\(imported.stderr)")
            // When the day's showtimes are asked for by car in Columbus
            let result = try await planner.run([
                "showtimes", "--near", Self.near, "--date", Self.day, "--radius", "10km", "--mode", "drive",
                "--format", "json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            let entries = try #require(json["shows"] as? [[String: Any]])
            let theaters = entries.compactMap { $0["theater"] as? [String: Any] }
            // Then Gracenote's AMC Lennox 24 is OSM's way 30266701, and the other is a theater of its own
            #expect(theaters.map { $0["id"] as? String } == ["way/30266701", "gracenote/9002"])
            #expect(theaters.map { $0["source"] as? String } == ["catalog", "gracenote"])
            #expect(entries.allSatisfy { ($0["travel_s"] as? Double ?? 0) > 0 })
            let table = try await planner.run([
                "showtimes", "--near", Self.near, "--date", Self.day, "--radius", "10km", "--mode", "drive",
            ])
            #expect(table.stdout.contains("Travel times by road."))
            #expect(table.stdout.contains("(times in America/New_York)"))
        }
    }

    @Test func withoutTheKeyOneNoteSaysGracenoteWouldCoverTheUSAndHowToSetIt() async throws {
        try await withServices(key: nil) { planner, finnkino, gracenote in
            let result = try await planner.run(try arguments("showtimes", planner))
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").filter { $0.contains("GRACENOTE_API_KEY") }
            #expect(lines.count == 1, "\(result.stdout)")
            #expect(lines.first?.contains("nothing configured covers US (Gracenote covers US: set GRACENOTE_API_KEY") == true)
            #expect(await gracenote.log.count == 0)
            #expect(await finnkino.log.count == 0)
        }
    }

    @Test func aRefusedKeyIsSaidInOneLineWithoutTheKey() async throws {
        try await withServices(key: "inactivekey0000000000000") { planner, _, gracenote in
            let result = try await planner.run(try arguments("showtimes", planner))
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains("Gracenote refused the key"))
            #expect(!result.stderr.contains("inactivekey0000000000000"))
            #expect(await gracenote.log.count == 1)
        }
    }

    @Test func theKeyNeverAppearsInTheOutputTheVerboseLogOrTheDatabaseFile() async throws {
        try await withServices { planner, _, gracenote in
            try await planner.addThreeFilms()
            var outputs: [String] = []
            for command in ["showtimes", "plan"] {
                for extra in [["--verbose"], ["--format", "json", "--verbose"], ["--refresh", "--verbose"]] {
                    let result = try await planner.run(try arguments(command, planner, extra))
                    #expect(result.status == 0, "\(result.stderr)")
                    outputs += [result.stdout, result.stderr]
                }
            }
            // The verbose log did name the requests, without the key
            #expect(outputs.contains { $0.contains("gracenote: GET") && $0.contains("/v1.1/movies/showings") })
            #expect(await gracenote.log.requests.allSatisfy { $0.query["api_key"] == FakeGracenote.key })
            for output in outputs { #expect(!output.contains(FakeGracenote.key)) }
            // And no byte of the database (or its journal) holds it
            let needle = Data(FakeGracenote.key.utf8)
            let files = try FileManager.default.contentsOfDirectory(atPath: planner.home.path)
                .filter { $0.hasPrefix("planner.sqlite") }
            #expect(files.contains("planner.sqlite"))
            for file in files {
                let bytes = try Data(contentsOf: planner.home.appendingPathComponent(file))
                #expect(bytes.range(of: needle) == nil, "\(file) holds the key")
            }
        }
    }

    @Test func showtimesNearParisAsksNoProviderAndSaysNoneCoversFR() async throws {
        try await withServices { planner, finnkino, gracenote in
            let csv = planner.home.appendingPathComponent("paris.csv")
            try """
                name,lat,lon,address
                Le Grand Rex,48.870717,2.347821,1 boulevard Poissonnière
                """.write(to: csv, atomically: true, encoding: .utf8)
            let result = try await planner.run([
                "showtimes", "--near", "Paris", "--radius", "3km", "--catalog", csv.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout.contains(
                    "nothing configured covers FR (MovieGlu covers FR: set MOVIEGLU_CLIENT, MOVIEGLU_API_KEY and "
                        + "MOVIEGLU_AUTHORIZATION); cinemas' own web pages and imported shows are used"),
                "\(result.stdout)")
            #expect(!result.stdout.contains("Helsinki"))
            #expect(await finnkino.log.count == 0)
            #expect(await gracenote.log.count == 0)
        }
    }
}
