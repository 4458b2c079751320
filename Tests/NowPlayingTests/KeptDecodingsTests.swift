import Basics
import Foundation
import GRDB
import SQLiteStore
import TestSupport
import Testing

@testable import NowPlaying

/// Answers a command decoded, kept in the cache's row for the next command (a new process) to read instead of the
/// body's JSON.
@Suite struct TMDbKeptDecodingTests {
    static let detailsKey = TMDbCache.key(
        method: "GET", path: "/movie/550", query: [URLQueryItem(name: "append_to_response", value: "release_dates")])

    /// The real TMDb bodies in ../shared/data/tmdb, decoded as the client decodes them.
    static func sharedBody(_ relative: String) throws -> Data? {
        let url = SharedData.url("tmdb/" + relative)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    @Test(arguments: [
        "18months_vcr_2022-11-26/now_playing.json", "18months_vcr_2022-11-26/upcoming.json",
        "18months_vcr_2022-11-26/search_movie_Disney.json", "c-eg_themoviedbapi/movie_lists_now_playing.json",
        "c-eg_themoviedbapi/movie_lists_upcoming.json", "c-eg_themoviedbapi/search_movie.json",
    ])
    func realPagesComeBackFromTheirKeptFormEqual(_ file: String) throws {
        guard let body = try Self.sharedBody(file) else {
            print("skipped: ../shared/data/tmdb/\(file) is absent (CI has it)")
            return
        }
        let page = try TMDbClient.decode(Page<Movie>.self, from: body, endpoint: "/movie/now_playing")
        let form = KeptForm<Page<Movie>>.moviePage
        #expect(!page.results.isEmpty)
        #expect(form.decode(form.encode(page)!) == page)
    }

    @Test(arguments: ["18months_vcr_2022-11-26/movie_detail.json", "c-eg_themoviedbapi/movies_details.json"])
    func realDetailsComeBackFromTheirKeptFormEqual(_ file: String) throws {
        guard let body = try Self.sharedBody(file) else {
            print("skipped: ../shared/data/tmdb/\(file) is absent (CI has it)")
            return
        }
        var details = try TMDbClient.decode(MovieDetails.self, from: body, endpoint: "/movie/550")
        let form = KeptForm<MovieDetails>.movieDetails
        #expect(form.decode(form.encode(details)!) == details)
        // With release dates in several regions too, whatever order the dictionary holds them in
        details.releaseDates = ReleaseDates(byRegion: [
            "FI": [ReleaseDate(type: .theatrical, date: Date(timeIntervalSince1970: 1_790_000_000), certification: "K-12")],
            "US": [
                ReleaseDate(type: .premiere, date: Date(timeIntervalSince1970: 1_780_000_000), note: "Fantastic Fest"),
                ReleaseDate(type: .digital, date: Date(timeIntervalSince1970: 1_800_000_000.5)),
            ],
        ])
        #expect(form.encode(details) == form.encode(form.decode(form.encode(details)!)!))
        #expect(form.decode(form.encode(details)!) == details)
    }

    @Test func bytesCutShortOrDamagedAreNotAnAnswer() {
        let page = Page(page: 1, totalPages: 1, totalResults: 1, results: [Movie(id: 7, title: "Seven")])
        let form = KeptForm<Page<Movie>>.moviePage
        let bytes = form.encode(page)!
        for cut in [0, 1, bytes.count / 2, bytes.count - 1] { #expect(form.decode(Array(bytes.prefix(cut))) == nil) }
        #expect(form.decode(bytes + [0]) == nil)
        var damaged = bytes
        damaged[24] = 0xFF  // the count of results (after page, total pages and total results), now past the end
        #expect(form.decode(damaged) == nil)
    }

    /// A database with the cache's table, where a "process" is a client over a new `TMDbCache` (nothing decoded
    /// in memory) that never asks the network.
    static func process(_ queue: DatabaseQueue, clock: TestClock) -> TMDbClient {
        TMDbClient(
            configuration: TMDbConfiguration(credential: nil), cache: TMDbCache(storage: SQLiteTMDbCache(writer: queue)),
            now: { clock.now })
    }

    @Test func theNextProcessReadsTheKeptFormNotTheBody() async throws {
        // Given a cached page that one process read
        let clock = TestClock()
        let queue = try DatabaseQueue()
        try SQLiteTMDbCache.migrate(queue)
        try await TMDbCache(storage: SQLiteTMDbCache(writer: queue))
            .store(Data(TMDbFixtures.moviePage().utf8), forKey: DecodedAnswersTests.nowPlayingFI, fetchedAt: clock.now)
        let first = try await Self.process(queue, clock: clock).nowPlaying(region: "FI", policy: .offline)
        // When the body in the row is damaged behind the cache's back (the kept form untouched)
        try await queue.write { db in
            try db.execute(sql: "UPDATE nowplaying_http_cache SET body = x'00'")
        }
        clock.advance(hours: 1)
        let second = try await Self.process(queue, clock: clock).nowPlaying(region: "FI", policy: .offline)
        // Then the next process still answers the same films, an hour old: it never read the body
        #expect(second.value == first.value)
        #expect(second.provenance == .cache(age: 3600, stale: false))
    }

    @Test func aNewBodyDropsTheKeptFormAndDamagedKeptBytesAreDecodedAround() async throws {
        // Given a page read and kept by one process
        let clock = TestClock()
        let queue = try DatabaseQueue()
        try SQLiteTMDbCache.migrate(queue)
        let writer = TMDbCache(storage: SQLiteTMDbCache(writer: queue))
        let key = DecodedAnswersTests.nowPlayingFI
        try await writer.store(Data(TMDbFixtures.moviePage(firstID: 100).utf8), forKey: key, fetchedAt: clock.now)
        _ = try await Self.process(queue, clock: clock).nowPlaying(region: "FI", policy: .offline)
        #expect(try SQLiteTMDbCache(writer: queue).keptDecoding(forKey: key, form: "movie page v1") != nil)

        // When another writer stores a new body
        clock.advance(hours: 1)
        try await writer.store(Data(TMDbFixtures.moviePage(firstID: 200).utf8), forKey: key, fetchedAt: clock.now)
        // Then nothing is kept for it until a process decodes it, and that one answers the new films
        #expect(try SQLiteTMDbCache(writer: queue).keptDecoding(forKey: key, form: "movie page v1") == nil)
        let fresh = try await Self.process(queue, clock: clock).nowPlaying(region: "FI", policy: .offline)
        #expect(fresh.value.results.map(\.id) == [200, 201])

        // And kept bytes that cannot be read are as good as none: the body answers, and is kept again
        try await queue.write { db in try db.execute(sql: "UPDATE nowplaying_http_cache SET keptBytes = x'0102'") }
        let around = try await Self.process(queue, clock: clock).nowPlaying(region: "FI", policy: .offline)
        #expect(around.value == fresh.value)
        let kept = try #require(try SQLiteTMDbCache(writer: queue).keptDecoding(forKey: key, form: "movie page v1"))
        #expect(KeptForm<Page<Movie>>.moviePage.decode(kept.bytes) == fresh.value)
    }

    @Test func detailsForAnotherFilmAreRefusedFromTheKeptFormToo() async throws {
        // Given details kept under film 550's key whose body (and so its kept form) is film 551's
        let clock = TestClock()
        let queue = try DatabaseQueue()
        try SQLiteTMDbCache.migrate(queue)
        let other = Movie(id: 551, title: "Other")
        let details = MovieDetails(
            movie: other, runtimeMinutes: 90, genres: [], imdbID: nil, status: "Released", tagline: "", homepage: nil,
            releaseDates: nil)
        try await TMDbCache(storage: SQLiteTMDbCache(writer: queue))
            .store(Data("{}".utf8), forKey: Self.detailsKey, fetchedAt: clock.now)
        try await SQLiteTMDbCache(writer: queue).keepDecoding(
            KeptForm<MovieDetails>.movieDetails.encode(details)!, forKey: Self.detailsKey, form: "movie details v1",
            fetchedAt: clock.now)
        // Then asking for film 550 offline does not answer film 551
        await #expect(throws: NowPlayingError.self) {
            try await Self.process(queue, clock: clock).movie(id: 550, policy: .offline)
        }
    }
}
