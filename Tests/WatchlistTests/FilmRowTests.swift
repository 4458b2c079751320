import Foundation
import GRDB
import Testing

@testable import Watchlist

/// `Film(row:)` is written out by hand for speed; it must read rows as the `Decodable` conformance does.
@Suite("A film is read from a row as Decodable reads it")
struct FilmRowTests {
    /// The film as Swift's `Decodable` reads it, through GRDB's row decoder.
    struct Decoded: Decodable, FetchableRecord {
        let film: Film
        init(from decoder: any Decoder) throws { film = try Film(from: decoder) }
    }

    static let rows = [
        "SELECT 603 AS id, 'The Matrix' AS title, 'The Matrix' AS originalTitle, 1999 AS year,"
            + " '1999-03-31' AS releaseDate, '/p.jpg' AS posterPath, 'Neo.' AS overview, 0 AS needsDetails",
        "SELECT 550 AS id, 'Fight Club' AS title, NULL AS originalTitle, NULL AS year, NULL AS releaseDate,"
            + " NULL AS posterPath, NULL AS overview, 1 AS needsDetails, 'x' AS note",
        // Optional columns missing altogether
        "SELECT 1 AS id, 'Only' AS title, 0 AS needsDetails",
    ]

    @Test(arguments: rows)
    func aRowReadsTheSame(_ sql: String) throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let row = try #require(try Row.fetchOne(db, sql: sql))
            #expect(try Film(row: row) == Decoded(row: row).film)
        }
    }

    @Test(arguments: [
        "SELECT 1 AS id, NULL AS title, 0 AS needsDetails", "SELECT 1 AS id, 'A' AS title",
        "SELECT NULL AS id, 'A' AS title, 0 AS needsDetails",
    ])
    func aMissingRequiredColumnThrowsAsDecodableDoes(_ sql: String) throws {
        let queue = try DatabaseQueue()
        try queue.read { db in
            let row = try #require(try Row.fetchOne(db, sql: sql))
            #expect(throws: (any Error).self) { try Decoded(row: row) }
            #expect(throws: (any Error).self) { try Film(row: row) }
        }
    }
}
