import Foundation
import TestSupport
import Testing

@Suite("planner watchlist, favorites and stats, run as a user runs them")
struct WatchlistCommandsTests {
    @Test func offlineAddsRatingsAndAHistogram() async throws {
        let planner = PlannerProcess()
        for (id, stars) in [(11, "4.5"), (12, "4.5"), (13, "3"), (14, "0.5")] {
            #expect(try await planner.run(["watchlist", "add", "\(id)", "--title", "Film \(id)"]).status == 0)
            #expect(try await planner.run(["watchlist", "rate", "\(id)", stars]).status == 0)
        }
        _ = try await planner.run(["watchlist", "watched", "11", "--on", "2026-11-01"])
        _ = try await planner.run(["favorites", "add", "11", "--title", "Film 11"])
        let again = try await planner.run(["watchlist", "add", "11", "--title", "Film 11"])
        #expect(again.stdout.contains("already on your watchlist; nothing changed"))

        let stats = try await planner.run(["stats"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("█"))
        let json = try await planner.run(["stats", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        #expect(object.description.contains("4"))
        let list = try await planner.run(["watchlist", "list", "--sort", "rating", "--format", "csv"])
        let ids = list.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",")[0] }
        #expect(ids == ["11", "12", "13", "14"] || ids == ["12", "11", "13", "14"])
    }

    @Test(arguments: ["0", "5.5", "4.2", "abc"])
    func aRatingOffTheHalfStarScaleIsRefused(_ stars: String) async throws {
        let planner = PlannerProcess()
        _ = try await planner.run(["watchlist", "add", "11", "--title", "Film"])
        let result = try await planner.run(["watchlist", "rate", "11", stars])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func clearingNeedsYes() async throws {
        let planner = PlannerProcess()
        _ = try await planner.run(["watchlist", "add", "11", "--title", "Film"])
        let refused = try await planner.run(["watchlist", "clear"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--yes"))
        #expect(try await planner.run(["watchlist", "list"]).stdout.contains("Film"))
        let cleared = try await planner.run(["watchlist", "clear", "--yes"])
        #expect(cleared.stdout.contains("1 film removed"))
    }

    @Test func twoProcessesAddingAtOnceLoseNothing() async throws {
        let planner = PlannerProcess()
        _ = try await planner.run(["watchlist", "list"])  // create the database first
        async let a: [Int32] = (1...25).asyncMap { try await planner.run(["watchlist", "add", "\($0)", "--title", "A \($0)"]).status }
        async let b: [Int32] = (1001...1025).asyncMap { try await planner.run(["watchlist", "add", "\($0)", "--title", "B \($0)"]).status }
        let (statusesA, statusesB) = try await (a, b)
        #expect((statusesA + statusesB).allSatisfy { $0 == 0 })
        let list = try await planner.run(["watchlist", "list", "--format", "csv"])
        #expect(list.stdout.split(separator: "\n").count == 51)
    }

    @Test func sixProcessesOpeningANewDatabaseAtOnceAllSucceed() async throws {
        // Each opens a new file and applies every module's migrations; one that read the applied list just before
        // another committed a migration finds that migration's table already there, and must go on, not fail.
        for round in 0..<8 {
            let planner = PlannerProcess()
            let statuses = try await withThrowingTaskGroup(of: (Int32, String).self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        let result = try await planner.run(["watchlist", "list"])
                        return (result.status, result.stderr)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0.0 == 0 }, "round \(round): \(statuses.map(\.1).filter { !$0.isEmpty })")
        }
    }

    @Test func aTitleLikeSQLIsJustATitle() async throws {
        let planner = PlannerProcess()
        let title = "Robert'); DROP TABLE film;--"
        #expect(try await planner.run(["watchlist", "add", "7", "--title", title]).status == 0)
        let list = try await planner.run(["watchlist", "list"])
        #expect(list.stdout.contains(title))
    }

    @Test func theJSONExportRoundTripsLosslessly() async throws {
        let first = PlannerProcess()
        _ = try await first.run(["watchlist", "add", "11", "--title", "Film, \"quoted\"", "--note", "with Anna", "--priority", "3"])
        _ = try await first.run(["watchlist", "rate", "11", "3.5"])
        _ = try await first.run(["watchlist", "review", "11", "Long\nreview"])
        _ = try await first.run(["favorites", "add", "12", "--title", "Other"])
        let exported = first.home.appendingPathComponent("export.json")
        #expect(try await first.run(["watchlist", "export", "--format", "json", "--output", exported.path]).status == 0)

        let second = PlannerProcess()
        let imported = try await second.run(["watchlist", "import", exported.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let again = second.home.appendingPathComponent("again.json")
        _ = try await second.run(["watchlist", "export", "--output", again.path])
        #expect(try Data(contentsOf: exported) == Data(contentsOf: again))
    }

    @Test func aFileThatIsNotADatabaseIsAOneLineErrorAndStaysUnchanged() async throws {
        let planner = PlannerProcess()
        let path = try #require(planner.environment["PLANNER_DB"])
        let bytes = Data("this is a text file, not a database\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = try await planner.run(["watchlist", "add", "11", "--title", "Film"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("not a SQLite database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }

    @Test func aReadOnlyDatabaseIsAOneLineErrorAndStaysUnchanged() async throws {
        let planner = PlannerProcess()
        _ = try await planner.run(["watchlist", "add", "11", "--title", "Film"])
        let path = try #require(planner.environment["PLANNER_DB"])
        _ = try await planner.run(["watchlist", "list"])
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try await planner.run(["watchlist", "add", "12", "--title", "Other"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("read-only"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aDatabaseFromANewerPlannerIsRefusedAndStaysUnchanged() async throws {
        let planner = PlannerProcess()
        _ = try await planner.run(["watchlist", "add", "11", "--title", "Film"])
        let path = try #require(planner.environment["PLANNER_DB"])
        let sqlite = try #require(which("sqlite3"), "sqlite3 is needed to fake a newer schema")
        let inserted = try await runTool(sqlite, [path, "INSERT INTO grdb_migrations VALUES ('watchlist-v99-future');"])
        #expect(inserted.status == 0, "\(inserted.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = try await planner.run(["watchlist", "list"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("newer planner"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aLetterboxdImportMatchesByTitleAndYearAndReportsTheRest() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            let year = FakeTMDbService.day(40).prefix(4)
            let csv = planner.home.appendingPathComponent("watchlist.csv")
            try """
                Date,Name,Year,Letterboxd URI
                2026-01-01,Winter Road,\(year),https://boxd.it/a
                2026-01-02,"Spring Thaw",\(FakeTMDbService.day(10).prefix(4)),https://boxd.it/b
                2026-01-03,No Such Film,1999,https://boxd.it/c
                2026-01-04,night,,https://boxd.it/d
                """.write(to: csv, atomically: true, encoding: .utf8)
            let result = try await planner.run(["watchlist", "import", csv.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("2 added"))
            #expect(result.stdout.contains("unmatched line 4: No Such Film (1999)"))
            #expect(result.stdout.contains("unmatched line 5: night"))
            let exported = try await planner.run(["watchlist", "export", "--format", "letterboxd"])
            #expect(exported.stdout.hasPrefix("Date,Name,Year,Letterboxd URI"))
            #expect(exported.stdout.contains("Winter Road"))
        }
    }

    @Test func aMovieCanBeLookedUpByTitle() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            let result = try await planner.run(["movie", "Winter Road", "--region", "FI"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("In cinemas in FI from \(FakeTMDbService.day(40))"))
            // And a title several films partly match lists them, shows nothing and exits 2
            let several = try await planner.run(["movie", "night", "--region", "FI"])
            #expect(several.status == 2)
            #expect(several.stdout.isEmpty)
            #expect(several.stderr.contains("'night' matches 2 films: give one by id, or add --year"))
        }
    }

    @Test func suggestionsDrawRandomPopularFilmsRepeatablyWithASeed() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            let a = try await planner.run(["suggestions", "--seed", "7", "--count", "1", "--format", "csv"])
            let b = try await planner.run(["suggestions", "--seed", "7", "--count", "1", "--format", "csv"])
            #expect(a.status == 0, "\(a.stderr)")
            #expect(a.stdout == b.stdout)
            #expect(a.stdout.split(separator: "\n").count == 2)
        }
    }
}

extension ClosedRange where Bound == Int {
    /// Maps in order, awaiting each element.
    func asyncMap<T>(_ transform: (Int) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
