import Geo
import Theaters

/// The search every place command starts with: resolve the origin, read the catalog, check coverage, search.
struct TheaterSearch {
    let origin: Origin
    let radius: Radius
    let catalog: TheaterCatalog
    let coverageFit: CoverageFit
    let hits: [TheaterHit]

    init(location: LocationOptions, search: SearchOptions, environment: Environment = Environment()) throws {
        origin = try Origin.resolve(
            near: location.near, settings: try environment.settings(), gazetteer: environment.gazetteer)
        radius = try search.parsedRadius()
        catalog = try environment.catalog(path: search.catalog)
        coverageFit = catalog.coverageFit(center: origin.coordinate, radiusMeters: radius.meters)
        if case .outside(let area, let distance) = coverageFit {
            throw CLIError.outsideCoverage(origin: origin.displayName, area: area.name, distanceMeters: distance)
        }
        hits = catalog.search(
            near: origin.coordinate, radiusMeters: radius.meters, query: search.query, limit: search.limit)
    }

    func report(search: SearchOptions) -> NearbyReport {
        NearbyReport(
            origin: origin, radius: radius, query: search.query, mode: search.mode, hits: hits, catalog: catalog,
            coverageFit: coverageFit)
    }
}
