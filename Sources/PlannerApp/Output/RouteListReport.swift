import Foundation
import Geo
import Planner
import Theaters
import Tabular

/// `planner routes` rendered for people and programs.
package struct RouteListReport {
    package let found: TheaterSearch
    package let search: SearchRequest
    package var mode: TravelMode { search.mode }
    package let routesByMode: [TravelMode: [Route<Theater>]]

    package func table() -> String {
        let nearby = found.report(search: search, routesByMode: routesByMode)
        var lines = ["Routes from \(found.origin.displayName) to the nearest \(found.hits.isEmpty ? "theaters" : "\(found.hits.count)")"]
        lines += nearby.notes.map { "note: " + $0 }
        guard !found.hits.isEmpty else {
            lines.append("no theaters within \(found.radius) of \(found.origin.label)")
            return lines.joined(separator: "\n")
        }
        let anyRoads = routesByMode.values.contains { $0.contains { $0.source.isByRoad } }
        for (i, hit) in found.hits.enumerated() {
            let t = hit.theater
            let times = TravelMode.allCases.map { m -> String in
                let route = routesByMode[m]![i]
                let mark = anyRoads && route.source == .estimate ? "≈" : ""
                return "\(m.rawValue) \(mark)\(DistanceFormat.minutes(seconds: route.durationSeconds))"
            }.joined(separator: " · ")
            lines.append("")
            lines.append("\(i + 1). \(t.name)  \(DistanceFormat.human(meters: hit.distanceMeters)) \(hit.direction.rawValue)  (\(times))")
            if let address = t.address { lines.append("   address  \(address)") }
            if let phone = t.phone { lines.append("   phone    \(phone)") }
            if let website = t.website { lines.append("   website  \(website)") }
            lines.append("   map      \(RouteLinks.openStreetMapURL(t))")
            lines.append("   geo      \(RouteLinks.geoURI(t.coordinate))")
            lines.append("   route    \(RouteLinks.directionsURL(from: found.origin.coordinate, to: t, mode: mode))")
            if let offRoad = RouteNotes.offRoad(routesByMode[mode]![i]) {
                lines.append("   note     the \(mode.rawValue) route \(offRoad)")
            }
        }
        lines.append("")
        let sources = Set(routesByMode.values.flatMap { $0.map(\.source) })
        if sources.contains(where: \.isByRoad) {
            lines.append("Times follow the roads"
                + (sources.contains(.roadNetwork) ? " of area \(found.routing.areaName ?? "")" : "")
                + " (source: \(RouteSource.byRoadNames(sources)))"
                + (sources.contains(.estimate) ? "; ≈ marks estimates, where no road reaches (source: estimate)." : "."))
        } else {
            lines.append("Times are estimates (source: estimate): straight line × circuity ÷ speed; walk 5, bike 15, drive 30 km/h.")
        }
        if let attribution = found.catalog.attribution { lines.append("Data: \(attribution).") }
        return lines.joined(separator: "\n")
    }

    package func csv() -> String {
        var lines = [
            CSVTable.line([
                "rank", "id", "name", "phone", "website", "distance_m", "walk_s", "bike_s", "drive_s", "source",
                "openstreetmap_url", "geo_uri",
            ])
        ]
        for (i, hit) in found.hits.enumerated() {
            let t = hit.theater
            lines.append(
                CSVTable.line(
                    ["\(i + 1)", t.id, t.name, t.phone ?? "", t.website ?? "", fixed(hit.distanceMeters, 1)]
                        + TravelMode.allCases.map { fixed(routesByMode[$0]![i].durationSeconds, 0) }
                        + [routesByMode[mode]![i].source.rawValue, RouteLinks.openStreetMapURL(t), RouteLinks.geoURI(t.coordinate)]))
        }
        return lines.joined(separator: "\n")
    }

    package func json() throws -> String {
        struct Entry: Encodable {
            let rank: Int
            let id: String
            let name: String
            let phone: String?
            let website: String?
            let address: String?
            let distance_m: Double
            let duration_s: [String: Double]
            let route_distance_m: [String: Double]
            /// The shown mode's source; `sources` gives each mode's ("road-network" or "estimate").
            let source: String
            let sources: [String: String]
            let openstreetmap_url: String
            let geo_uri: String
            let directions_url: String
        }
        struct Origin: Encodable {
            let label: String
            let lat: Double
            let lon: Double
        }
        struct Document: Encodable {
            let origin: Origin
            let mode: String
            let routes: [Entry]
        }
        let entries = found.hits.enumerated().map { i, hit in
            Entry(
                rank: i + 1, id: hit.theater.id, name: hit.theater.name, phone: hit.theater.phone,
                website: hit.theater.website, address: hit.theater.address, distance_m: rounded(hit.distanceMeters, 1),
                duration_s: Dictionary(uniqueKeysWithValues: TravelMode.allCases.map { ($0.rawValue, routesByMode[$0]![i].durationSeconds.rounded()) }),
                route_distance_m: Dictionary(uniqueKeysWithValues: TravelMode.allCases.map { ($0.rawValue, rounded(routesByMode[$0]![i].distanceMeters, 1)) }),
                source: routesByMode[mode]![i].source.rawValue,
                sources: Dictionary(uniqueKeysWithValues: TravelMode.allCases.map { ($0.rawValue, routesByMode[$0]![i].source.rawValue) }),
                openstreetmap_url: RouteLinks.openStreetMapURL(hit.theater),
                geo_uri: RouteLinks.geoURI(hit.theater.coordinate),
                directions_url: RouteLinks.directionsURL(from: found.origin.coordinate, to: hit.theater, mode: mode))
        }
        let document = Document(
            origin: Origin(label: found.origin.label, lat: found.origin.coordinate.latitude, lon: found.origin.coordinate.longitude),
            mode: mode.rawValue, routes: entries)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
    package init(found: TheaterSearch, search: SearchRequest, routesByMode: [TravelMode: [Route<Theater>]]) {
        self.found = found
        self.search = search
        self.routesByMode = routesByMode
    }

}

