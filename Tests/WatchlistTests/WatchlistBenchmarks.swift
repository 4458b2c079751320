import Foundation
import Testing

@testable import Watchlist

/// Timings of list, add and stats on a store of 10,000 films. Runs only with `WATCHLIST_BENCH=1`
/// (see `Scripts/bench-watchlist.sh`) and prints its figures; it asserts nothing about speed.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["WATCHLIST_BENCH"] == "1"))
struct WatchlistBenchmarks {
    static let filmCount = 10_000

    /// A file store holding `filmCount` films on the watchlist, a third rated, a tenth watched and favorite.
    static func makeStore(in folder: TemporaryFolder) throws -> (PlannerStore, Duration) {
        let store = try PlannerStore(path: folder.path("bench.sqlite"))
        let start = Date(timeIntervalSince1970: 1_600_000_000)
        var films: [StoreSnapshot.FilmEntry] = []
        for id in 1...filmCount {
            let year = 1950 + id % 80
            let releaseDate = String(format: "%04d-%02d-%02d", year, id % 12 + 1, id % 28 + 1)
            let film = Film(
                id: id, title: "Film \(id)", year: year, releaseDate: releaseDate, posterPath: "/poster\(id).jpg",
                overview: String(repeating: "Plot. ", count: 30))
            let rating: Double? = id % 3 == 0 ? Double(id % 10 + 1) / 2 : nil
            let diary = Diary(rating: rating, review: nil, watchedOn: id % 10 == 0 ? "2024-01-01" : nil)
            films.append(.init(film: film, releases: [RegionalRelease(region: "FI", date: "2020-01-01")], diary: diary))
        }
        let entries = (1...filmCount).map {
            StoreSnapshot.ListEntry(filmID: $0, addedAt: start.addingTimeInterval(Double($0)), note: nil, priority: 0)
        }
        let snapshot = StoreSnapshot(
            formatVersion: 1, films: films, watchlist: entries, favorites: entries.filter { $0.filmID % 10 == 0 })
        let data = try snapshot.jsonData()
        let duration = try ContinuousClock().measure { try store.importJSON(data) }
        return (store, duration)
    }

    static func report(_ name: String, _ duration: Duration, runs: Int = 1) {
        let milliseconds =
            Double(duration.components.seconds) * 1000
            + Double(duration.components.attoseconds) / 1e15
        let label = name.padding(toLength: 28, withPad: " ", startingAt: 0)
        let line = "bench-watchlist " + label + String(format: "%10.3f ms", milliseconds / Double(runs))
        print(line + (runs > 1 ? " (mean of \(runs))" : ""))
    }

    @Test func listAddAndStatsOnTenThousandFilms() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let clock = ContinuousClock()
        let (store, importDuration) = try Self.makeStore(in: folder)
        Self.report("import JSON 10k films", importDuration)

        for sort in ListQuery.Sort.allCases {
            var count = 0
            let duration = try clock.measure {
                for _ in 0..<5 { count = try store.list(.watchlist, query: ListQuery(sort: sort)).count }
            }
            #expect(count == Self.filmCount)
            Self.report("list 10k sort=\(sort.rawValue)", duration, runs: 5)
        }
        let upcoming = try clock.measure {
            for _ in 0..<5 {
                _ = try store.list(.watchlist, query: ListQuery(filter: .upcoming, today: "2000-01-01", region: "FI"))
            }
        }
        Self.report("list upcoming region=FI", upcoming, runs: 5)

        let adds = try clock.measure {
            for id in 1...200 { try store.add(Film(id: 100_000 + id, title: "New \(id)"), to: .watchlist) }
        }
        Self.report("add one film (own txn)", adds, runs: 200)

        var stats = try store.stats()
        let statsDuration = try clock.measure { for _ in 0..<20 { stats = try store.stats() } }
        #expect(stats.watchlist == Self.filmCount + 200)
        Self.report("stats", statsDuration, runs: 20)

        let export = try clock.measure { _ = try store.exportJSON() }
        Self.report("export JSON", export)
    }
}
