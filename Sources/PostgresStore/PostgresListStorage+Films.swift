import Foundation
import PostgresNIO
import Watchlist

/// The films and their releases, shared by every user.
extension PostgresListStorage: FilmStorage {
    public func upsertDetails(_ film: Film, releases: [RegionalRelease]) throws {
        try backend.transaction { try Self.upsertDetails(film, releases: releases, exactly: false, in: $0) }
    }

    public func film(id: Int) throws -> Film? {
        try backend.query("SELECT \(unescaped: Self.filmColumns) FROM film WHERE id = \(id)").first.map(Self.film)
    }

    public func films(titled text: String) throws -> [Film] {
        let pattern = "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        return try backend.query(
            """
            SELECT \(unescaped: Self.filmColumns) FROM film WHERE title ILIKE \(pattern) OR original_title ILIKE \(pattern)
            ORDER BY lower(title), id
            """
        ).map(Self.film)
    }

    public func filmsNeedingDetails() throws -> [Film] {
        try backend.query("SELECT \(unescaped: Self.filmColumns) FROM film WHERE needs_details ORDER BY id").map(Self.film)
    }

    public func releaseDate(filmID: Int, region: String) throws -> String? {
        try backend.query(
            "SELECT release_date FROM film_release WHERE film_id = \(filmID) AND region = \(region.uppercased())"
        ).first.map { try $0.decode(String.self) }
    }

    public func releases(filmID: Int) throws -> [RegionalRelease] {
        try backend.withSession { try Self.releases(filmID: filmID, in: $0) }
    }
}
