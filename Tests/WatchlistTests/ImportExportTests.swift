import Foundation
import GRDB
import Testing

@testable import Watchlist
import Tabular

@Suite struct ImportExportTests {
    let store: PlannerStore

    init() throws {
        store = try PlannerStore(inMemoryWithMigrations: [])
    }

    /// A Letterboxd CSV of `count` rows: every 10th unknown, every 25th ambiguous, the rest "Film <n>".
    static func letterboxdCSV(rows count: Int) -> String {
        var rows = [LetterboxdCSV.header]
        for n in 1...count {
            let title = n % 10 == 0 ? "Unknown \(n)" : n % 25 == 0 ? "Twin \(n)" : "Film \(n)"
            rows.append([
                "2024-01-\(String(format: "%02d", n % 28 + 1))", title, "\(1950 + n % 70)", "https://boxd.it/\(n)",
            ])
        }
        return CSV.write(rows, lineEnding: "\r\n")
    }

    @Test func aThousandRowLetterboxdImportReportsTheUnmatchedAndKeepsTheRest() async throws {
        let csv = Self.letterboxdCSV(rows: 1000)

        let report = try await store.importLetterboxdCSV(csv, resolver: FakeResolver())

        // 100 rows are multiples of 10; 20 more are multiples of 25 but not of 10 (odd multiples of 25)
        #expect(report.format == .letterboxdCSV)
        #expect(report.unmatched.count == 120)
        #expect(report.added == 880)
        #expect(try store.stats().watchlist == 880)
        let first = try #require(report.unmatched.first)
        #expect(first == UnmatchedRow(line: 11, title: "Unknown 10", year: 1960, reason: .notFound))
        #expect(report.unmatched.contains { $0.line == 26 && $0.reason == .ambiguous(candidates: 2) })
        #expect(
            try store.list(.watchlist, query: ListQuery(sort: .title)).first?.addedAt == Day.date(from: "2024-01-02"))
    }

    @Test func rowsAreLookedUpSeveralAtATimeAndReportedInFileOrder() async throws {
        // Given a resolver that takes a moment per title and counts how many lookups overlap
        actor Overlap {
            var now = 0
            var most = 0
            func enter() { now += 1; most = max(most, now) }
            func leave() { now -= 1 }
        }
        struct SlowResolver: FilmResolver {
            let overlap: Overlap
            func resolve(title: String, year: Int?) async throws -> FilmMatch {
                await overlap.enter()
                try await Task.sleep(nanoseconds: UInt64.random(in: 1...5) * 2_000_000)
                await overlap.leave()
                return try await FakeResolver().resolve(title: title, year: year)
            }
        }
        let overlap = Overlap()
        let progress = ProgressLog()

        // When 200 rows are imported
        let report = try await store.importLetterboxdCSV(
            Self.letterboxdCSV(rows: 200), resolver: SlowResolver(overlap: overlap),
            progress: { done, total in progress.record(done, total) })

        // Then up to 8 lookups ran at once, the unmatched rows come in line order, and progress reached the end
        #expect(await overlap.most > 1)
        #expect(await overlap.most <= PlannerStore.importConcurrency)
        #expect(report.unmatched.map(\.line) == report.unmatched.map(\.line).sorted())
        #expect(report.added + report.unmatched.count == 200)
        #expect(progress.last.map { [$0.0, $0.1] } == [200, 200])
    }

    @Test func badRowsAreReportedWithTheirLineAndTheImportGoesOn() async throws {
        let csv = """
            Date,Name,Year,Letterboxd URI
            2024-01-01,Film 1,1999,
            2024-01-01,,2000,
            2024-01-01,Film 3,nineteen,
            bad date,"Comma, film 4",2001,
            2024-01-01,Broken 5,2001,
            2024-01-01,Film 1,1999,
            """
        let now = Fixtures.date("2025-05-05T05:05:05Z")

        let report = try await store.importLetterboxdCSV(csv, into: .favorites, resolver: FakeResolver(), now: now)

        #expect(report.unmatched.map(\.line) == [3, 4, 6])
        #expect(report.unmatched[0].reason == .missingTitle)
        #expect(report.unmatched[1].reason == .invalidYear("nineteen"))
        #expect(
            report.unmatched[2].reason
                == .resolverFailed(WatchlistError.invalidJSON(reason: "fake failure").description))
        #expect((report.added, report.alreadyPresent) == (2, 1))
        #expect(try store.list(.favorites).first { $0.film.id == 4 }?.addedAt == now)
        #expect(try store.film(id: 4)?.title == "Comma, film 4")
    }

    @Test func aCSVWithoutANameColumnIsRefused() async {
        await #expect(throws: WatchlistError.invalidCSV(line: 1, reason: "the header has no Name column")) {
            try await store.importLetterboxdCSV("Date,Title\n2024-01-01,Alien\n", resolver: FakeResolver())
        }
    }

    @Test func aLetterboxdImportThatFailsMidwayWritesNothing() async throws {
        // Given a store with one film, and a CSV whose 500th film cannot be stored (an impossible release date)
        try store.add(Fixtures.matrix, to: .watchlist)
        struct PoisonedResolver: FilmResolver {
            func resolve(title: String, year: Int?) async throws -> FilmMatch {
                let id = Int(title.split(separator: " ").last!)!
                return .matched(Film(id: id, title: title, releaseDate: id == 500 ? "2024-13-01" : nil))
            }
        }

        // When the import's single transaction fails midway
        await #expect(throws: WatchlistError.invalidDay("2024-13-01")) {
            try await store.importLetterboxdCSV(Self.letterboxdCSV(rows: 1000), resolver: PoisonedResolver())
        }

        // Then the store is as it was
        #expect(try store.list(.watchlist).map(\.film.id) == [603])
        #expect(try await store.writer.read { try Film.fetchCount($0) } == 1)
    }

    @Test func theLetterboxdExportUsesTheLetterboxdHeaderAndQuoting() throws {
        try store.add(
            Film(id: 1, title: "Crouching Tiger, Hidden Dragon", year: 2000), to: .watchlist,
            addedAt: Fixtures.date("2024-03-02T23:00:00Z"))
        try store.add(
            Film.placeholder(id: 2, title: "Say \"Hi\""), to: .watchlist, addedAt: Fixtures.date("2024-03-03T00:00:00Z")
        )

        let csv = try store.exportLetterboxdCSV()

        #expect(
            csv == "Date,Name,Year,Letterboxd URI\n2024-03-02,\"Crouching Tiger, Hidden Dragon\",2000,\n"
                + "2024-03-03,\"Say \"\"Hi\"\"\",,\n")
    }

    @Test func aJSONExportImportedIntoAnEmptyStoreExportsTheSameBytes() throws {
        // Given a store with every kind of data
        try store.add(
            Fixtures.matrix, to: .watchlist, note: "with Anna", priority: 3,
            addedAt: Date(timeIntervalSince1970: 1_700_000_000))
        try store.add(Fixtures.matrix, to: .favorites)
        try store.add(Film.placeholder(id: 7, title: "Robert'); DROP TABLE film;--"), to: .watchlist, priority: -1)
        try store.add(Fixtures.alien, to: .favorites, note: "ünïcödé ✓\n\"quoted\"")
        try store.upsertDetails(
            Fixtures.dune, releases: [.init(region: "FI", date: "2024-02-28"), .init(region: "US", date: "2024-03-01")])
        try store.rate(filmID: 603, stars: 4.5)
        try store.review(filmID: 603, text: "Whoa.")
        try store.markWatched(filmID: 693134, on: "2024-03-10")
        try store.add(Film(id: 8, title: "No year", releaseDate: "2020-01-01"), to: .watchlist)

        // When exported, imported into an empty store, and exported again
        let first = try store.exportJSON()
        let other = try PlannerStore(inMemoryWithMigrations: [])
        let report = try other.importJSON(first)
        let second = try other.exportJSON()

        // Then nothing was lost
        #expect(report.added == 5 && report.filmsWritten == 5)
        #expect(second == first)
        #expect(try other.snapshot() == store.snapshot())
        #expect(try other.film(id: 7)?.needsDetails == true)
        #expect(try other.film(id: 8)?.year == nil)
        #expect(String(decoding: first, as: UTF8.self).contains("\"addedAt\" : \"2023-11-14T22:13:20Z\""))
    }

    @Test func importingTheSameJSONTwiceAddsNothingTheSecondTime() throws {
        try store.add(Fixtures.matrix, to: .watchlist)
        let json = try store.exportJSON()
        let report = try store.importJSON(json)
        #expect((report.added, report.alreadyPresent) == (0, 1))
        #expect(try store.exportJSON() == json)
    }

    @Test func aJSONImportThatFailsMidwayWritesNothing() throws {
        // Given an export whose last film carries an impossible rating
        let source = try PlannerStore(inMemoryWithMigrations: [])
        for id in 1...50 { try source.add(Film(id: id, title: "Film \(id)"), to: .watchlist) }
        var snapshot = try source.snapshot()
        snapshot.films[49].diary.rating = 7
        let json = try snapshot.jsonData()
        try store.add(Fixtures.matrix, to: .watchlist)
        let before = try store.exportJSON()

        #expect(throws: WatchlistError.invalidRating(7)) { try store.importJSON(json) }

        #expect(try store.exportJSON() == before)
    }

    @Test func aJSONExportNamingAMissingFilmIsRefused() throws {
        let text =
            #"{"favorites":[],"films":[],"formatVersion":1,"#
            + #""watchlist":[{"addedAt":"2024-01-01T00:00:00Z","filmID":5,"priority":0}]}"#
        let json = Data(text.utf8)
        #expect(
            throws: WatchlistError.invalidJSON(reason: "the watchlist names film 5, which the export does not hold")
        ) {
            try store.importJSON(json)
        }
        #expect(throws: WatchlistError.self) { try store.importJSON(Data(#"{"films":[]}"#.utf8)) }
    }

    @Test func importDetectsTheFormatFromTheContent() async throws {
        try store.add(Fixtures.matrix, to: .watchlist)
        let json = try store.exportJSON()
        let other = try PlannerStore(inMemoryWithMigrations: [])

        let fromJSON = try await other.importFile(json, resolver: FakeResolver())
        let fromCSV = try await other.importFile(
            Data("\u{FEFF}Date,Name,Year\n2024-01-01,Film 1,2000\n".utf8), resolver: FakeResolver())

        #expect(fromJSON.format == .json && fromJSON.added == 1)
        #expect(fromCSV.format == .letterboxdCSV && fromCSV.added == 1)
        await #expect(throws: WatchlistError.unrecognizedImportFormat) {
            try await other.importFile(Data("hello, world\n".utf8), resolver: FakeResolver())
        }
    }
    @Test func aLetterboxdExportImportsBackIntoTheSameList() async throws {
        try store.add(
            Film(id: 1, title: "Film 1", year: 1999), to: .watchlist, addedAt: Fixtures.date("2024-01-05T12:00:00Z"))
        try store.add(
            Film(id: 2, title: "\"Film\", part 2", year: 2001), to: .watchlist,
            addedAt: Fixtures.date("2024-02-01T00:00:00Z"))
        let csv = try store.exportLetterboxdCSV()
        let other = try PlannerStore(inMemoryWithMigrations: [])

        let report = try await other.importFile(Data(csv.utf8), resolver: FakeResolver())

        #expect(report.unmatched.isEmpty && report.added == 2)
        #expect(
            try other.list(.watchlist).map(\.addedAt) == [
                Fixtures.date("2024-02-01T00:00:00Z"), Fixtures.date("2024-01-05T00:00:00Z"),
            ])
        #expect(try other.exportLetterboxdCSV() == csv)
    }

    @Test func aJSONExportFromANewerFormatIsRefused() throws {
        var snapshot = try store.snapshot()
        snapshot.formatVersion = 2
        #expect(throws: WatchlistError.invalidJSON(reason: "format version 2 is newer than this planner reads")) {
            try store.importJSON(try snapshot.jsonData())
        }
    }
}

/// The last progress report, from any thread.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Int, Int)?
    func record(_ done: Int, _ total: Int) { lock.lock(); value = (done, total); lock.unlock() }
    var last: (Int, Int)? { lock.lock(); defer { lock.unlock() }; return value }
}
