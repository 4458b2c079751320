import Basics
import Foundation
import Geo
import Planner
import Routing
import Theaters

/// `planner route` and `GET /v1/route`: one route from an origin to a theater (by name or OSM id) or a point.
package struct OneRoute {
    package let origin: Origin
    package let destination: Theater
    package let route: Route<Theater>
    package let mode: TravelMode
    /// Why the time is not its engine's (down, slow, no route), when a routing engine was asked.
    package var notes: [String] = []

    /// The route as a GeoJSON FeatureCollection: the origin and the line.
    package var collection: GeoJSON.FeatureCollection {
        RouteCollection.featureCollection(origin: origin.coordinate, originLabel: origin.label, routes: [route])
    }

    /// Finds the route: the origin as `nearby` reads it, the destination in the catalog and the covering areas.
    /// - Throws: ``PlannerAppError``, `GeoError` or `PlacesError` for what cannot be read or found.
    package static func find(
        near: String?, to reference: String, mode: TravelMode, catalog: String? = nil,
        environment: Environment
    ) throws -> OneRoute {
        let origin = try Origin.resolve(
            near: near, settings: try environment.settings(), gazetteer: environment.gazetteer)
        let areas = catalog == nil ? Areas(environment: environment).covering(origin.coordinate) : []
        let destination = try Self.destination(reference, catalog: catalog, environment: environment, areas: areas)
        let choice = RouterChoice(areas: areas, cache: environment.cache, engines: try environment.roadEngines())
        let route = choice.router.routes(from: origin.coordinate, to: [destination], mode: mode)[0]
        return OneRoute(origin: origin, destination: destination, route: route, mode: mode, notes: choice.notes)
    }

    /// A theater by name or OSM id, or a bare point.
    static func destination(_ text: String, catalog: String?, environment: Environment, areas: [RoadArea]) throws
        -> Theater
    {
        let reference = text.trimmingSpaces()
        guard !reference.isEmpty else { throw PlannerAppError.invalidArgument("--to must name a theater or a point") }
        if Coordinate.looksLikeCoordinate(reference) {
            let coordinate = try Coordinate(parsing: reference)
            return Theater(
                osmType: nil, osmID: nil, name: coordinate.description, coordinate: coordinate, category: .other("point"),
                tags: [:], fallbackID: "point/\(coordinate.description)")
        }
        var theaters = try environment.catalog(path: catalog)
        for area in areas { theaters = theaters.merged(with: TheaterCatalog(theaters: area.theaters, source: area.name)) }
        let matches = theaters.theater(matching: reference)
        let shown = PlannerAppError.shortened(reference)
        guard let first = matches.first else {
            throw PlannerAppError.notFound("no theater called '\(shown)' in the catalog; 'planner nearby' lists them")
        }
        guard matches.count == 1 else {
            let names = matches.prefix(5).map { "\($0.name) (\($0.id))" }.joined(separator: ", ")
            throw PlannerAppError.invalidOption("'\(shown)' matches \(matches.count) theaters: \(names); give its OSM id")
        }
        return first
    }
}

/// `planner map`'s page and what it shows.
package struct MapPage {
    /// The page, ready to write to a `.html` file.
    package let html: String
    /// How many routes (one per theater) it draws.
    package let routeCount: Int
    /// How many streets and paths it draws under them (0 where no area covers the origin).
    package let streetCount: Int
    /// The area the streets come from, or nil for the blank canvas.
    package let areaName: String?
}

extension TheaterSearch {
    /// `planner map`: one offline HTML page with the routes to every theater found, for `mode`, over the streets
    /// of the area routed on (a blank canvas where no area covers the origin).
    package func mapPage(search: SearchRequest) -> MapPage {
        let routes = routes(search.mode)
        let renderer = MapRenderer()
        let box = renderer.visibleBox(origin: origin.coordinate, routes: routes)
        let streets = routing.area.map { $0.streetLines(in: box).map(MapStreet.init) } ?? []
        let title = "\(search.query.pluralNoun.capitalized) near \(origin.label) by \(search.mode.rawValue)"
        let html = renderer.html(
            origin: origin.coordinate, originLabel: origin.label, routes: routes, streets: streets, title: title,
            attribution: catalog.attribution ?? catalog.source)
        return MapPage(
            html: html, routeCount: routes.count, streetCount: streets.count,
            areaName: streets.isEmpty ? nil : routing.areaName)
    }
}

extension MapStreet {
    /// The map's line for a street of the road graph.
    init(_ line: StreetLine) {
        let kind: Kind =
            switch line.kind {
            case .path: .path
            case .minor: .minor
            case .street: .street
            case .major: .major
            }
        self.init(kind: kind, coordinates: line.coordinates)
    }
}
