import Foundation
import GRDB
import Testing

@testable import Watchlist

/// The lists' `addedAt`, read by arithmetic where it is a whole second GRDB stored, and by GRDB otherwise.
@Suite struct StoredDateTests {
    static let texts = [
        "2026-12-06 06:38:01.000", "2026-12-06 06:38:01", "2000-02-29 23:59:59.000", "1583-01-01 00:00:00.000",
        "9999-12-31 23:59:59.000", "1970-01-01 00:00:00.000", "1969-12-31 23:59:59.000",
        // Left to GRDB: a fraction, a day past its month's end, a year the calendar reads as Julian, odd shapes.
        "2026-12-06 06:38:01.250", "2026-02-30 10:00:00.000", "1582-10-04 12:00:00.000", "2026-12-06T06:38:01.000",
        "2026-12-06", "2026-12-06 24:00:00.000", "2026-13-01 00:00:00.000",
    ]

    @Test(arguments: texts)
    func aStoredDateReadsAsGRDBReadsIt(text: String) {
        let value = text.databaseValue
        let byGRDB = Date.fromDatabaseValue(value) ?? Date(timeIntervalSince1970: 0)
        #expect(PlannerStore.storedDate(value) == byGRDB, "\(text)")
    }

    @Test func onlyWholeSecondsOfTheCalendarsYearsAreCountedOut() {
        #expect(PlannerStore.wholeSecond("2026-12-06 06:38:01.000") == 1_796_539_081)
        #expect(PlannerStore.wholeSecond("1970-01-01 00:00:00") == 0)
        for text in ["2026-12-06 06:38:01.250", "2026-02-30 10:00:00", "1582-10-04 12:00:00", "2026-12-06"] {
            #expect(PlannerStore.wholeSecond(text) == nil, "\(text)")
        }
    }

    @Test func aFilmAddedReadsBackAtTheSecondItWasAdded() throws {
        let store = try PlannerStore(inMemoryWithMigrations: [])
        let added = Date(timeIntervalSince1970: 1_796_539_081.75)
        try store.add(Film(id: 603, title: "The Matrix", year: 1999), to: .watchlist, addedAt: added)
        let items = try store.list(.watchlist, query: ListQuery())
        #expect(items.map(\.addedAt) == [Date(timeIntervalSince1970: 1_796_539_081)])
    }
}
