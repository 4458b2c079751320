import Foundation
import GRDB
import Testing

@testable import Watchlist

/// A fresh folder under the system temporary folder, removed by `cleanUp()`.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("watchlist-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func cleanUp() {
        chmod(url.path, 0o755)
        try? FileManager.default.removeItem(at: url)
    }
}

/// FNV-1a 64 of a file's bytes: enough to tell that a file did not change.
func checksum(ofFileAt path: String) throws -> UInt64 {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in data {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    return hash
}

/// Closes the store's connections so its WAL is checkpointed into the main file.
func close(_ store: PlannerStore) throws {
    try store.reads.close()
    if let pool = store.writer as? DatabasePool { try pool.close() }
    if let queue = store.writer as? DatabaseQueue { try queue.close() }
}

/// A resolver answering from a table of titles; titles starting with "Unknown" match nothing and titles starting
/// with "Twin" are ambiguous. Other titles "Film <n>" resolve to a film with id n.
struct FakeResolver: FilmResolver {
    func resolve(title: String, year: Int?) async throws -> FilmMatch {
        if title.hasPrefix("Unknown") { return .none }
        if title.hasPrefix("Twin") {
            return .ambiguous([Film(id: 1, title: title, year: year), Film(id: 2, title: title, year: year)])
        }
        if title.hasPrefix("Broken") { throw WatchlistError.invalidJSON(reason: "fake failure") }
        guard let id = Int(title.split(separator: " ").last ?? "") else { return .none }
        return .matched(Film(id: id, title: title, year: year, releaseDate: year.map { "\($0)-06-01" }))
    }
}

/// A few films for list tests.
enum Fixtures {
    static let matrix = Film(
        id: 603, title: "The Matrix", originalTitle: "The Matrix", year: 1999, releaseDate: "1999-03-30",
        posterPath: "/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg", overview: "Set in the 22nd century…")
    static let dune = Film(id: 693134, title: "Dune: Part Two", year: 2024, releaseDate: "2024-02-27")
    static let alien = Film(id: 348, title: "alien", year: 1979, releaseDate: "1979-05-25")
    static let future = Film(id: 999_001, title: "Future Film", year: 2031, releaseDate: "2031-01-01")

    static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text)!
    }
}
