import Foundation
import TestSupport
import Testing

@Suite("showtimes and plan against a fake Finnkino and a fake TMDb on loopback", .serialized)
struct PlanCommandTests {
    static let near = "60.1699,24.9384"
    /// 456 m straight to Kinopalatsi × 1.22 circuity ÷ 5 km/h = 400 s, rounded up to 7 minutes.
    static let walkMinutesToKinopalatsi = 7

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func date(_ text: Any?) throws -> Date {
        let string = try #require(text as? String)
        return try #require(ISO8601DateFormatter().date(from: string))
    }

    func withServices(
        _ shows: [FinnkinoShowSpec], _ body: (PlannerProcess, FakeServer) async throws -> Void
    ) async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            try await withFakeServer(basePath: "/xml", FakeFinnkino.handler(shows)) { finnkino in
                try await body(PlannerProcess(tmdb: tmdb, finnkino: finnkino), finnkino)
            }
        }
    }

    @Test func suggestListsOnlyTheCinemasThatShowEachFilmWithTheirNextShows() async throws {
        try await withServices(FakeFinnkinoService.tomorrow()) { planner, _ in
            // Given Northern Lights and Harbour Nights, both in cinemas, on the watchlist
            try await planner.addThreeFilms()
            // When suggest runs in central Helsinki, where Finnkino sells tickets
            let result = try await planner.run(["suggest", "--near", Self.near, "--region", "FI", "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            #expect(json["showtimes_source"] as? String != nil)
            let entries = try #require(json["in_theaters"] as? [[String: Any]])
            let byFilm = Dictionary(uniqueKeysWithValues: entries.map {
                (($0["film"] as? [String: Any])?["id"] as? Int ?? 0, $0["showings"] as? [[String: Any]] ?? [])
            })
            // Then each lists Kinopalatsi alone (Bio Rex and the Engels show neither), with its next shows
            #expect(byFilm[101]?.map { $0["name"] as? String } == ["Kinopalatsi"])
            #expect(byFilm[102]?.map { $0["name"] as? String } == ["Kinopalatsi"])
            let northern = try #require(byFilm[101]?.first?["next_shows"] as? [[String: Any]])
            #expect(northern.count == 1)
            #expect(northern.first?["time_zone"] as? String == "Europe/Helsinki")
            let table = try await planner.run(["suggest", "--near", Self.near, "--region", "FI"])
            #expect(table.stdout.contains("Next shows"))
            #expect(!table.stdout.contains("Bio Rex"))
        }
    }

    @Test func suggestOutsideFinnkinosCountrySaysShowtimesAreUnknownAndListsTheNearest() async throws {
        try await withServices(FakeFinnkinoService.tomorrow()) { planner, finnkino in
            try await planner.addThreeFilms()
            // Stockholm, with a catalog of one cinema there: no provider covers SE
            let catalog = planner.home.appendingPathComponent("stockholm.csv")
            try "name,lat,lon\nSkandia,59.3364,18.0640\n".write(to: catalog, atomically: true, encoding: .utf8)
            let result = try await planner.run(["suggest", "--near", "59.3293,18.0686", "--catalog", catalog.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("showtimes are unknown in SE"), "\(result.stdout)")
            #expect(result.stdout.contains("Skandia"))
            #expect(await finnkino.log.count == 0)
        }
    }

    @Test func suggestsRegionNamesTMDbsListWhileShowtimesComeFromTheOriginsCountry() async throws {
        try await withServices(FakeFinnkinoService.tomorrow()) { planner, finnkino in
            try await planner.addThreeFilms()
            let result = try await planner.run(["suggest", "--near", Self.near, "--region", "SE"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("Your watchlist in cinemas in SE"))
            #expect(!result.stdout.contains("showtimes are unknown"), "\(result.stdout)")
            #expect(await finnkino.log.count > 0, "the cinemas near Helsinki are Finnkino's")
        }
    }

    @Test func planListsOnlyReachableShowsOfWatchlistedFilmsByLeaveByAtKinopalatsi() async throws {
        try await withServices(FakeFinnkinoService.tomorrow()) { planner, _ in
            // Given a watchlist of three films
            try await planner.addThreeFilms()
            // When the evening is planned on foot from central Helsinki, after 18:00
            let result = try await planner.run([
                "plan", "--near", Self.near, "--mode", "walk", "--after", "18:00", "--date", "tomorrow", "--format",
                "json",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            let shows = try #require(json["shows"] as? [[String: Any]])
            // Then the watchlisted films' shows at Kinopalatsi from 18:00 are listed, soonest leave-by first
            let ids = shows.map { ($0["show"] as? [String: Any])?["provider_show_id"] as? String }
            #expect(ids == ["1", "2", "6"])
            #expect(shows.map { ($0["film"] as? [String: Any])?["id"] as? Int } == [101, 102, 103])
            for entry in shows {
                let show = try #require(entry["show"] as? [String: Any])
                let theater = try #require(entry["theater"] as? [String: Any])
                // And every one is at OSM node 1376356017
                #expect(theater["id"] as? String == "node/1376356017")
                #expect(theater["provider_name"] as? String == "Kinopalatsi, Helsinki")
                #expect((theater["match"] as? [String: Any])?["confidence"] as? String == "exact")
                // And leave by = start − travel − buffer, to the minute
                #expect(entry["travel_min"] as? Int == Self.walkMinutesToKinopalatsi)
                #expect(entry["buffer_min"] as? Int == 10)
                let start = try Self.date(show["start"])
                let leaveBy = try Self.date(entry["leave_by"])
                #expect(leaveBy == start.addingTimeInterval(-Double(Self.walkMinutesToKinopalatsi + 10) * 60))
            }
            // And the film matches say how sure they are: by original title, or by title when there is none
            let confidences = shows.map { ($0["film_match"] as? [String: Any])?["confidence"] as? String }
            #expect(confidences == ["exact", "likely", "exact"])
            // And the times are on the Helsinki clock
            #expect(
                shows.map { ($0["show"] as? [String: Any])?["start_local"] as? String } == ["18:30", "20:00", "22:00"])
            #expect(shows.map { $0["leave_by_local"] as? String } == ["18:13", "19:43", "21:43"])
            // And Tennispalatsi, absent from the bundled data, is reported as unmatched, not given a travel time
            let unmatched = try #require(json["unmatched_theaters"] as? [[String: Any]])
            #expect(unmatched.map { $0["provider_name"] as? String } == ["Tennispalatsi, Helsinki"])
            #expect(unmatched.first?["id"] is NSNull || unmatched.first?["id"] == nil)
            #expect(json["other_show_count"] as? Int == 1)
        }
    }

    @Test func thePlanTableNamesTheUnmatchedTheaterAndTheIcsHoldsTheFirstShow() async throws {
        try await withServices(FakeFinnkinoService.tomorrow()) { planner, _ in
            try await planner.addThreeFilms()
            let ics = planner.home.appendingPathComponent("evening.ics")
            let result = try await planner.run([
                "plan", "--near", Self.near, "--mode", "walk", "--after", "18:00", "--date", "tomorrow", "--buffer",
                "15m",
                "--ics", ics.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("18:08     18:30  Northern Lights"))
            #expect(result.stdout.contains("Tennispalatsi, Helsinki"))
            #expect(!result.stdout.contains("Not On Your List"))
            let calendar = try String(contentsOf: ics, encoding: .utf8)
            #expect(calendar.contains("UID:finnkino-1@planner"))
            #expect(calendar.contains("LOCATION:Kinopalatsi\\, Kaisaniemenkatu 2\\, 00100 Helsinki"))
            let start = FakeFinnkino.instant(day: FakeFinnkino.helsinkiDay(1), time: "18:30")
            let formatter = DateFormatter()
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            formatter.timeZone = TimeZone(identifier: "UTC")
            #expect(calendar.contains("DTSTART:\(formatter.string(from: start))"))
            // And it reminds at leave-by: 18:30 − 18:08 = 22 minutes before the start
            #expect(calendar.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\n"))
            #expect(calendar.contains("TRIGGER;RELATED=START:-PT22M"))
            if Python.hasModule("icalendar") {
                let check = try await Python.run("""
                    import icalendar, sys, datetime
                    cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
                    alarms = cal.walk('VALARM')
                    assert len(alarms) == 1, alarms
                    assert alarms[0].get('TRIGGER').dt == -datetime.timedelta(minutes=22), alarms[0].get('TRIGGER').dt
                    """, arguments: [ics.path])
                #expect(check.status == 0, "\(check.stderr)")
            }

            // And --pick chooses another show of the plan; a # past the end writes nothing and says so
            let second = planner.home.appendingPathComponent("second.ics")
            let picked = try await planner.run([
                "plan", "--near", Self.near, "--after", "18:00", "--date", "tomorrow", "--ics", second.path, "--pick", "2",
            ])
            #expect(picked.status == 0, "\(picked.stderr)")
            let secondCalendar = try String(contentsOf: second, encoding: .utf8)
            #expect(!secondCalendar.contains("UID:finnkino-1@planner"))
            #expect(secondCalendar.contains("BEGIN:VEVENT"))
            let none = planner.home.appendingPathComponent("none.ics")
            let past = try await planner.run([
                "plan", "--near", Self.near, "--after", "18:00", "--date", "tomorrow", "--ics", none.path, "--pick", "99",
            ])
            #expect(past.status == 1)
            #expect(past.stderr.contains("no #99"))
            #expect(past.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: none.path))
        }
    }

    /// True while it is between 00:30 and 23:30 in Helsinki, when today's early show is surely past and the late
    /// one surely still reachable.
    static var midEvening: Bool {
        let minutes = Calendar.current.dateComponents(in: FakeFinnkino.helsinki, from: Date())
        let now = minutes.hour! * 60 + minutes.minute!
        return ((6 * 60 + 30)...(23 * 60 + 30)).contains(now)
    }

    @Test(.enabled(if: midEvening)) func aShowWhoseLeaveByHasPassedIsLeftOut() async throws {
        let today = FakeFinnkino.helsinkiDay(0)
        let shows = [
            FinnkinoShowSpec(
                id: 11, title: "Revontulet", originalTitle: "Northern Lights", year: FakeFinnkinoService.year(101),
                day: today, time: "06:05", theatreID: 1031, theatre: "Kinopalatsi, Helsinki"),
            FinnkinoShowSpec(
                id: 12, title: "Revontulet", originalTitle: "Northern Lights", year: FakeFinnkinoService.year(101),
                day: today, time: "23:59", theatreID: 1031, theatre: "Kinopalatsi, Helsinki"),
        ]
        try await withServices(shows) { planner, _ in
            try await planner.addThreeFilms()
            let result = try await planner.run(["plan", "--near", Self.near, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let json = try Self.json(result.stdout)
            let planned = try #require(json["shows"] as? [[String: Any]])
            #expect(planned.map { ($0["show"] as? [String: Any])?["provider_show_id"] as? String } == ["12"])
            #expect((json["missed"] as? [Any])?.count == 1)
        }
    }

    @Test(arguments: [("2026-10-24", "+03:00"), ("2026-10-25", "+02:00"), ("2026-03-28", "+02:00"), ("2026-03-29", "+03:00")])
    func leaveByTimesStayOnTheHelsinkiClockAcrossTheDSTChange(day: String, offset: String) async throws {
        // Given an 18:30 show on either side of the last Sunday of October or March (past days: every show is missed)
        let show = FinnkinoShowSpec(
            id: 21, title: "Revontulet", originalTitle: "Northern Lights", year: FakeFinnkinoService.year(101), day: day,
            time: "18:30", theatreID: 1031, theatre: "Kinopalatsi, Helsinki")
        try await withServices([show]) { planner, _ in
            try await planner.addThreeFilms()
            let result = try await planner.run(["plan", "--near", Self.near, "--date", day, "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let missed = try #require(try Self.json(result.stdout)["missed"] as? [[String: Any]])
            // Then start and leave-by are 18:30 and 18:13 on the Helsinki clock, at that day's offset
            let entry = try #require(missed.first)
            #expect((entry["show"] as? [String: Any])?["start"] as? String == "\(day)T18:30:00\(offset)")
            #expect(entry["leave_by"] as? String == "\(day)T18:13:00\(offset)")
        }
    }

    @Test func showtimesListsTheDaysShowsAtNearbyTheatersByStartAndFiltersByFilm() async throws {
        try await withServices(FakeFinnkinoService.tomorrow()) { planner, finnkino in
            try await planner.addThreeFilms()
            let all = try await planner.run([
                "showtimes", "--near", Self.near, "--date", "tomorrow", "--format", "json",
            ])
            #expect(all.status == 0, "\(all.stderr)")
            let shows = try #require(try Self.json(all.stdout)["shows"] as? [[String: Any]])
            // Kinopalatsi's five shows, by start; Tennispalatsi's is not listed, having no place in the catalog
            let ids = shows.map { ($0["show"] as? [String: Any])?["provider_show_id"] as? String }
            #expect(ids == ["3", "1", "4", "2", "6"])
            // The area was found from the nearby cinemas' city
            let schedule = await finnkino.log.requests.first { $0.path.hasPrefix("/xml/Schedule") }
            #expect(schedule?.query["area"] == "1002")
            // --film by TMDb id keeps that film's shows
            let one = try await planner.run(["showtimes", "--near", Self.near, "--date", "tomorrow", "--film", "103"])
            #expect(one.status == 0, "\(one.stderr)")
            #expect(one.stdout.contains("17:00"))
            #expect(one.stdout.contains("22:00"))
            #expect(!one.stdout.contains("18:30"))
            #expect(one.stdout.contains("Tennispalatsi, Helsinki"))
        }
    }

    @Test func malformedXMLFromFinnkinoIsOneLineOnStderrAndANonZeroExit() async throws {
        let broken: FakeServer.Handler = { request, count in
            request.path.hasPrefix("/xml/Schedule")
                ? FakeFinnkino.xml("<Schedule><Shows><Show><ID>1</ID>")
                : try await FakeFinnkino.handler([])(request, count)
        }
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            try await withFakeServer(basePath: "/xml", broken) { finnkino in
                let planner = PlannerProcess(tmdb: tmdb, finnkino: finnkino)
                let result = try await planner.run(["plan", "--near", Self.near, "--date", "tomorrow"])
                #expect(result.status == 1)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.split(separator: "\n").count == 1)
                #expect(result.stderr.contains("Finnkino sent XML that cannot be read"))
            }
        }
    }

    @Test(arguments: [
        ["plan", "--after", "25:00"], ["plan", "--buffer", "soon"], ["plan", "--after", "20:00", "--before", "18:00"],
        ["showtimes", "--date", "2026-02-30"], ["showtimes", "--area", "helsinki"], ["plan", "--buffer", "-5m"],
    ])
    func badOptionsAreOneLineAndExit64(_ arguments: [String]) async throws {
        let result = try await PlannerProcess().run(arguments + ["--near", Self.near])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.contains("Missing value"))
    }

    @Test func aDayWithNoShowsAtAllSaysSoOnTheTheatersClock() async throws {
        try await withServices([]) { planner, _ in
            try await planner.addThreeFilms()
            let result = try await planner.run(["plan", "--near", Self.near, "--date", "tomorrow", "--verbose"])
            #expect(result.stderr.contains("finnkino: GET "), "\(result.stderr)")
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("(times in Europe/Helsinki)"))
            #expect(result.stdout.contains("No shows at all on"))
            #expect(!result.stdout.contains("Travel times: estimates"))
        }
    }

    @Test func importedShowsArePlannedAndABadFileImportsNothing() async throws {
        let day = FakeFinnkino.helsinkiDay(1)
        try await withServices([]) { planner, _ in
            try await planner.addThreeFilms()
            let bad = planner.home.appendingPathComponent("bad.csv")
            try """
            theater,title,year,start,end,auditorium,url
            Kinopalatsi,Northern Lights,\(FakeFinnkinoService.year(101)),\(day)T21:00:00+02:00,,sali 2,
            Kinopalatsi,Winter Road,\(FakeFinnkinoService.year(103)),tomorrow evening,,,
            """.write(to: bad, atomically: true, encoding: .utf8)
            let refused = try await planner.run(["showtimes", "import", bad.path])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("line 3"))
            let empty = try await planner.run(["plan", "--near", Self.near, "--date", "tomorrow", "--format", "json"])
            #expect((try Self.json(empty.stdout)["shows"] as? [Any])?.isEmpty == true)

            let good = planner.home.appendingPathComponent("good.csv")
            try """
            theater,title,year,start,end,auditorium,url
            Kinopalatsi,Northern Lights,\(FakeFinnkinoService.year(101)),\(day)T21:00:00+02:00,,sali 2,https://example.com/b
            Kinopalatsi,Winter Road,\(FakeFinnkinoService.year(103)),\(FakeFinnkino.helsinkiDay(2))T00:30:00+02:00,,sali 3,
            Kinopalatsi,Northern Lights,\(FakeFinnkinoService.year(101)),\(day)T17:30:00Z,,sali 5,
            """.write(to: good, atomically: true, encoding: .utf8)
            let imported = try await planner.run(["showtimes", "import", good.path])
            #expect(imported.status == 0, "\(imported.stderr)")
            // (the 00:30 show the morning after belongs to tomorrow evening's plan)
            let plan = try await planner.run(["plan", "--near", Self.near, "--date", "tomorrow", "--format", "json"])
            let shows = try #require(try Self.json(plan.stdout)["shows"] as? [[String: Any]])
            #expect(shows.count == 3)
            // (a start given in UTC is read on Kinopalatsi's clock: 17:30Z is 19:30 in Helsinki in winter)
            let starts = shows.compactMap { ($0["show"] as? [String: Any])?["start_local"] as? String }
            let clock = DateFormatter()
            clock.dateFormat = "HH:mm"
            clock.timeZone = FakeFinnkino.helsinki
            let utc = try #require(ISO8601DateFormatter().date(from: "\(day)T17:30:00Z"))
            #expect(starts.contains(clock.string(from: utc)), "\(starts)")
            let table = try await planner.run(["plan", "--near", Self.near, "--date", "tomorrow"])
            #expect(table.stdout.contains("(times in Europe/Helsinki)"))
            #expect((shows.first?["theater"] as? [String: Any])?["id"] as? String == "node/1376356017")
            // And its calendar event keeps the same UID from one export to the next
            var uids: [String] = []
            for name in ["a.ics", "b.ics"] {
                let ics = planner.home.appendingPathComponent(name)
                _ = try await planner.run(["plan", "--near", Self.near, "--date", "tomorrow", "--ics", ics.path])
                let text = try String(contentsOf: ics, encoding: .utf8)
                uids += text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }.map(String.init)
            }
            #expect(uids.count == 2)
            #expect(uids.first == uids.last)
            // And the evening after does not list the late show again
            let dayAfter = try await planner.run(["plan", "--near", Self.near, "--date", FakeFinnkino.helsinkiDay(2), "--format", "json"])
            #expect((try Self.json(dayAfter.stdout)["shows"] as? [Any])?.isEmpty == true)
        }
    }
}
