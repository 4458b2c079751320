import Foundation
import GRDB
import SQLiteStore
import Showtimes
import Testing

@Suite("Importing shows from CSV and JSON")
struct ShowImportTests {
    @Test func aCSVFileBecomesShowsAtTheOffsetsWritten() throws {
        let csv = """
            theater,title,year,start,end,auditorium,url
            "Kinopalatsi, Helsinki",Northern Lights,2026,2026-11-22T18:30:00+02:00,2026-11-22T20:40:00+02:00,sali 1,https://example.com/1
            Bio Rex,Harbour Nights,,2026-11-22T21:00:00+02:00,,,
            """
        let shows = try ShowImport.shows(from: Data(csv.utf8), fileName: "shows.csv")
        #expect(shows.count == 2)
        #expect(shows[0].providerTheaterName == "Kinopalatsi, Helsinki")
        #expect(shows[0].start == LocalClock.instant(iso8601: "2026-11-22T16:30:00Z"))
        #expect(shows[0].localTime(of: shows[0].start) == "18:30")
        #expect(shows[0].auditorium == "sali 1")
        #expect(shows[1].year == nil)
        #expect(shows[1].end == nil)
    }

    @Test func aJSONFileWithAZoneIsShownOnThatZonesClock() throws {
        let json = """
            [{"theater":"Kinopalatsi","title":"Dune","year":2021,"start":"2026-10-25T16:30:00Z","time_zone":"Europe/Helsinki"}]
            """
        let shows = try ShowImport.shows(from: Data(json.utf8), fileName: "shows.json")
        #expect(shows[0].timeZoneIdentifier == "Europe/Helsinki")
        #expect(shows[0].localTime(of: shows[0].start) == "18:30")
        #expect(shows[0].localDay == "2026-10-25")
    }

    @Test func aStartWithoutAnOffsetStopsTheImportAtItsLine() {
        let csv = "theater,title,start\nKinopalatsi,Dune,2026-11-22T18:30:00+02:00\nKinopalatsi,Dune,2026-11-22T21:00\n"
        #expect {
            _ = try ShowImport.shows(from: Data(csv.utf8), fileName: "shows.csv")
        } throws: { error in
            guard case .invalidImport(let line, _) = error as? ShowtimesError else { return false }
            return line == 3
        }
    }

    @Test func aFileWithoutATitleColumnIsRefused() {
        #expect(throws: ShowtimesError.invalidImport(line: 1, reason: "the header has no 'title' column")) {
            _ = try ShowImport.shows(from: Data("theater,start\nX,2026-11-22T18:30:00+02:00\n".utf8), fileName: "a.csv")
        }
    }

    @Test func importedShowsAreStoredAndReadBackByLocalDay() async throws {
        let store = try ShowtimesStore.inMemory()
        let csv =
            "theater,title,start\nKinopalatsi,Dune,2026-11-22T23:30:00+02:00\nKinopalatsi,Dune,2026-11-23T00:30:00+02:00\n"
        let shows = try ShowImport.shows(from: Data(csv.utf8), fileName: "a.csv")
        try await store.saveImported(shows)
        try await store.saveImported(shows)  // the same shows again replace, not duplicate
        #expect(try await store.importedShows(onLocalDay: "2026-11-22").count == 1)
        #expect(try await store.importedShows(onLocalDay: "2026-11-23").count == 1)
    }
}

@Suite("Reading a week of imported shows at once")
struct ImportedShowsRangeTests {
    @Test func aWeeksShowsReadInOneGoAreEachDaysShowsReadAlone() async throws {
        let store = try ShowtimesStore.inMemory()
        let csv = """
            theater,title,start
            Kinopalatsi,Dune,2026-11-21T18:00:00+02:00
            Kinopalatsi,Dune,2026-11-22T23:30:00+02:00
            Bio Rex,Alien,2026-11-22T18:30:00+02:00
            Kinopalatsi,Alien,2026-11-22T18:30:00+02:00
            Kinopalatsi,Dune,2026-11-23T00:30:00+02:00
            Maxim,Heat,2026-11-28T21:00:00+02:00
            Maxim,Heat,2026-11-29T21:00:00+02:00
            """
        try await store.saveImported(try ShowImport.shows(from: Data(csv.utf8), fileName: "a.csv"))
        let week = try await store.importedShows(fromLocalDay: "2026-11-22", throughLocalDay: "2026-11-28")
        #expect(week.keys.sorted() == ["2026-11-22", "2026-11-23", "2026-11-28"])
        for day in ["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-28"] {
            #expect(week[day] ?? [] == (try await store.importedShows(onLocalDay: day)), "\(day)")
        }
        #expect(week["2026-11-22"]?.map(\.providerTheaterName) == ["Bio Rex", "Kinopalatsi", "Kinopalatsi"])
    }

    @Test func aServersStoreReadsAWeeksImportedShowsOnceAWindowAndItsOwnImportsAtOnce() async throws {
        // Given a server's store (a minute's window) and another process's, over one database
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        SQLiteShowtimesStore.registerMigrations(in: &migrator)
        try migrator.migrate(queue)
        let tables = SQLiteShowtimesStore(writer: queue)
        let here = ShowtimesStore(cache: tables, imports: tables, recentReadSeconds: 60)
        let there = ShowtimesStore(cache: tables, imports: tables)
        func shows(_ title: String) throws -> [Show] {
            try ShowImport.shows(
                from: Data("theater,title,start\nKinopalatsi,\(title),2026-11-22T18:30:00+02:00\n".utf8),
                fileName: "a.csv")
        }
        func titles(_ store: ShowtimesStore) async throws -> [String] {
            let week = try await store.importedShows(fromLocalDay: "2026-11-22", throughLocalDay: "2026-11-28")
            return (week["2026-11-22"] ?? []).map(\.title).sorted()
        }
        try await there.saveImported(try shows("Dune"))
        #expect(try await titles(here) == ["Dune"])
        // When the other process imports more within the window, the server still answers as it read
        try await there.saveImported(try shows("Alien"))
        #expect(try await titles(here) == ["Dune"])
        #expect(try await titles(there) == ["Alien", "Dune"])
        // And what it imports itself shows at once
        try await here.saveImported(try shows("Heat"))
        #expect(try await titles(here) == ["Alien", "Dune", "Heat"])
    }
}
