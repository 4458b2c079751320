// Debug builds only, for `@testable import` (FuzzTarget.swift).
#if DEBUG
import Foundation
import Geo
import Tabular
@testable import Theaters

extension FuzzTarget {
    /// RFC 4180 CSV, with `,` and `;`, and as a table with a header row.
    static let csv = FuzzTarget(name: "csv", summary: "CSV text (CSV.parse, CSVTable)") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? CSV.parse(text)
        _ = try? CSV.parse(text, separator: ";")
        if let table = try? CSVTable(text: text) {
            _ = table.column("name", "nom")
            _ = CSV.write(table.rows)
        }
    }

    /// A `--catalog` CSV file: the reader, then the catalog as `planner nearby` uses it.
    static let catalogCSV = FuzzTarget(
        name: "catalog-csv", summary: "a --catalog CSV (CatalogReader, TheaterCatalog)"
    ) { bytes in
        _ = try? CatalogReader.csv(String(decoding: bytes, as: UTF8.self), path: "fuzz.csv")
        searchCatalog(bytes)
    }

    /// A `--catalog` GeoJSON file: the reader, then the catalog as `planner nearby` uses it.
    static let catalogGeoJSON = FuzzTarget(
        name: "catalog-geojson", summary: "a --catalog GeoJSON (CatalogReader, TheaterCatalog)"
    ) { bytes in
        _ = try? CatalogReader.geoJSON(Data(bytes), path: "fuzz.geojson")
        searchCatalog(bytes)
    }

    /// `--near LAT,LON` and `--radius R`, and what `planner nearby` does next with them.
    static let nearRadius = FuzzTarget(name: "near-radius", summary: "--near LAT,LON and --radius R (Geo)") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = Coordinate.looksLikeCoordinate(text)
        let center = (try? Coordinate(parsing: text)) ?? helsinki
        _ = center.description
        if let radius = try? Radius(parsing: text) {
            _ = radius.description
            _ = BoundingBox(around: center, radiusMeters: radius.meters)
        }
    }
}

/// Reads a catalog from `bytes` as `--catalog FILE` does, then searches it, checks its coverage and looks a
/// theater up by name, as `planner nearby` and `planner route --to` do.
private func searchCatalog(_ bytes: [UInt8]) {
    guard let catalog = try? TheaterCatalog(data: Data(bytes), path: "fuzz") else { return }
    let first = catalog.theaters[0]
    _ = catalog.search(near: first.coordinate, radiusMeters: 5_000, query: TheaterQuery(keyword: "cinema"), limit: 10)
    _ = catalog.coverageFit(center: FuzzTarget.helsinki, radiusMeters: 55_600)
    _ = catalog.theater(matching: first.name)
}
#endif
