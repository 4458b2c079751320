import Foundation
import Geo
import Planner
import Theaters
import Tabular

/// The answer to `planner nearby`, rendered in each output format.
package struct NearbyReport {
    package let origin: Origin
    package let radius: Radius
    package let query: TheaterQuery
    package let mode: TravelMode
    package let hits: [TheaterHit]
    package let catalog: TheaterCatalog
    package let coverageFit: CoverageFit
    /// Where each theater came from, by id ("local", "Overpass", "Nominatim").
    package var sources: [String: String] = [:]
    package var onlineNotes: [String] = []
    /// The route to each hit per mode (road routes where an area covers the origin, else estimates).
    package var routesByMode: [TravelMode: [Route<Theater>]] = [:]
    /// Where a routing engine could not answer and the planner's own times stand in.
    package var routingNotes: [String] = []

    package func durationSeconds(_ index: Int, _ mode: TravelMode) -> Double {
        routesByMode[mode]?[index].durationSeconds ?? hits[index].estimatedDurationSeconds(mode)
    }

    package func durationSource(_ index: Int, _ mode: TravelMode) -> String {
        routesByMode[mode]?[index].source.rawValue ?? "estimate"
    }

    /// True when the shown mode's times come from roads.
    package var usesRoads: Bool { routesByMode[mode]?.contains { $0.source.isByRoad } ?? false }

    /// True when any theater came from an online service.
    package var usedOnline: Bool { hits.contains { (sources[$0.theater.id] ?? "local") != "local" } }

    package func source(_ theater: Theater) -> String {
        let value = sources[theater.id] ?? "local"
        // The catalog's source grows with what is merged into it ("… + Overpass"); its start says what it is.
        return value == "local" ? (catalog.source.hasPrefix("the bundled OpenStreetMap data") ? "bundled" : "catalog") : value
    }

    /// Notes for people: name-match fallback, passed-over places, skipped catalog rows.
    package var notes: [String] {
        var notes: [String] = onlineNotes
        if query.isNameMatch {
            notes.append("'\(query.nameText)' is not a known category, so this lists places whose name contains it (ignoring case and accents)")
        }
        if let alternatives = origin.alternativesNote { notes.append(alternatives) }
        if coverageFit == .partial && onlineNotes.isEmpty {
            // Only the areas the circle reaches: the bundled Helsinki says nothing about a search in Columbus.
            let reached = catalog.coverage.filter { $0.distanceMeters(from: origin.coordinate) <= radius.meters }
            var names: [String] = []
            for area in reached.isEmpty ? catalog.coverage : reached where !names.contains(area.name) { names.append(area.name) }
            let areas = names.joined(separator: ", ")
            notes.append("the search circle runs past the area the local data covers (\(areas)); theaters beyond it are not listed")
        }
        if catalog.skippedRows > 0 {
            notes.append("\(catalog.skippedRows) catalog rows without a name or a valid lat/lon were skipped")
        }
        return notes + routingNotes
    }

    package var emptyLine: String {
        "no \(query.pluralNoun) within \(radius) of \(origin.label) in \(catalog.source)"
    }

    package func table() -> String {
        var lines: [String] = []
        let title = query.pluralNoun.prefix(1).uppercased() + query.pluralNoun.dropFirst()
        lines.append("\(title) within \(radius) of \(origin.displayName)")
        lines += notes.map { "note: " + $0 }
        guard !hits.isEmpty else {
            lines.append(emptyLine)
            return lines.joined(separator: "\n")
        }
        let showSource = usedOnline
        var table = TextTable(
            headers: ["#", "Name", "Distance", "Dir", mode.rawValue.capitalized, "Address"] + (showSource ? ["Source"] : []),
            alignments: [.right, .left, .right, .left, .right, .left] + (showSource ? [.left] : []))
        for (rank, hit) in hits.enumerated() {
            table.rows.append([
                "\(rank + 1)", hit.theater.name, DistanceFormat.human(meters: hit.distanceMeters), hit.direction.rawValue,
                (usesRoads && durationSource(rank, mode) == "estimate" ? "≈" : "")
                    + DistanceFormat.minutes(seconds: durationSeconds(rank, mode)), hit.theater.address ?? "",
            ] + (showSource ? [source(hit.theater)] : []))
        }
        lines.append("")
        lines.append(table.render())
        lines.append("")
        let how =
            usesRoads
            ? "\(mode.rawValue.capitalized) times follow the roads (source: \(RouteSource.byRoadNames(routesByMode[mode]!.map(\.source))))"
                + (routesByMode[mode]!.contains { $0.source == .estimate } ? "; ≈ marks estimates, where no road reaches" : "")
            : "\(mode.rawValue.capitalized) times are estimates: straight line × \(mode.circuity) ÷ "
                + "\(formatSpeed(mode.speedKilometersPerHour)) km/h"
        lines.append("\(how). Data: \(catalog.source)" + (catalog.attribution.map { ", \($0)." } ?? "."))
        return lines.joined(separator: "\n")
    }

    package func csv() -> String {
        var lines = [
            CSVTable.line([
                "rank", "id", "name", "category", "lat", "lon", "distance_m", "bearing_deg", "direction",
                "walk_s", "bike_s", "drive_s", "address", "phone", "website", "source",
            ])
        ]
        for (rank, hit) in hits.enumerated() {
            let t = hit.theater
            lines.append(
                CSVTable.line([
                    "\(rank + 1)", t.id, t.name, t.category.tagValue, fixed(t.coordinate.latitude, 7),
                    fixed(t.coordinate.longitude, 7), fixed(hit.distanceMeters, 1), fixed(hit.bearingDegrees, 1),
                    hit.direction.rawValue,
                ] + TravelMode.allCases.map { fixed(durationSeconds(rank, $0), 0) }
                    + [t.address ?? "", t.phone ?? "", t.website ?? "", source(t)]))
        }
        return lines.joined(separator: "\n")
    }

    /// The `--format json` document (and `/v1/theaters`'), written as `JSONEncoder` would write it pretty, with
    /// sorted keys and unescaped slashes; members below are in that order.
    package func json() throws -> String { String(decoding: try jsonUTF8(), as: UTF8.self) }

    /// `json()` as UTF-8, which a server sends without making a string of it.
    /// - Parameter cache: the server's theaters already written (the same JSON, written sooner).
    package func jsonUTF8(cache: TheaterMembersCache? = nil) throws -> [UInt8] {
        var json = PrettyJSON()
        json.object { document in
            document.member("attribution", catalog.attribution)
            document.member("count", integer: hits.count)
            document.member("keyword_query", query.description)
            document.member("mode", mode.rawValue)
            document.member("name_match", query.isNameMatch)
            document.member("notes", strings: notes)
            document.key("origin")
            document.object { members in
                members.member("label", origin.label)
                members.member("lat", origin.coordinate.latitude)
                members.member("lon", origin.coordinate.longitude)
            }
            document.member("radius_m", rounded(radius.meters, 1))
            document.member("source", catalog.source)
            document.key("theaters")
            document.array { list in
                for index in hits.indices {
                    list.element()
                    writeTheater(index, to: &list, cache: cache)
                }
            }
        }
        return try json.utf8()
    }

    /// The hit at `index` as a JSON object, its members in the order of their keys: those of the search written
    /// here, the theater's own copied from `TheaterMembers`.
    private func writeTheater(_ index: Int, to json: inout PrettyJSON, cache: TheaterMembersCache?) {
        let hit = hits[index]
        let theater = cache?.members(of: hit.theater) ?? TheaterMembers(hit.theater)
        json.object { members in
            members.members(theater.address)
            members.member("bearing_deg", rounded(hit.bearingDegrees, 1))
            members.members(theater.category)
            members.member("direction", hit.direction.rawValue)
            members.member("distance_m", rounded(hit.distanceMeters, 1))
            members.key("duration_s")
            members.object { durations in
                for mode in TravelMode.inKeyOrder {
                    durations.member(mode.rawValue, rounded(durationSeconds(index, mode), 0))
                }
            }
            members.member("duration_source", durationSource(index, mode))
            members.members(theater.identity)
            members.member("rank", integer: index + 1)
            members.member("source", source(hit.theater))
            members.members(theater.tagsAndWebsite)
        }
    }

    package func geoJSON() -> String {
        var features = [
            GeoJSON.Feature(
                id: "origin", geometry: .point(origin.coordinate),
                properties: ["role": "origin", "name": .string(origin.label)])
        ]
        for (rank, hit) in hits.enumerated() {
            var properties = hit.theater.geoJSONProperties
            properties["role"] = "theater"
            properties["rank"] = .integer(rank + 1)
            properties["distance_m"] = .number(rounded(hit.distanceMeters, 1))
            properties["bearing_deg"] = .number(rounded(hit.bearingDegrees, 1))
            properties["duration_s"] = .object(
                Dictionary(uniqueKeysWithValues: TravelMode.allCases.map {
                    ($0.rawValue, GeoJSON.Value.number(rounded(durationSeconds(rank, $0), 0)))
                }))
            properties["duration_source"] = .string(durationSource(rank, mode))
            properties["source"] = .string(source(hit.theater))
            features.append(GeoJSON.Feature(id: hit.theater.id, geometry: .point(hit.theater.coordinate), properties: properties))
        }
        return GeoJSON.FeatureCollection(features: features).encoded()
    }
}

extension Theater {
    /// The theater's fields as GeoJSON properties.
    package var geoJSONProperties: [String: GeoJSON.Value] {
        var properties: [String: GeoJSON.Value] = [
            "id": .string(id), "name": .string(name), "category": .string(category.tagValue),
        ]
        if let osmType { properties["osm_type"] = .string(osmType.rawValue) }
        if let osmID { properties["osm_id"] = .integer(Int(osmID)) }
        if let address { properties["address"] = .string(address) }
        if let phone { properties["phone"] = .string(phone) }
        if let website { properties["website"] = .string(website) }
        return properties
    }
}

extension TravelMode {
    /// The modes in the order of their names' bytes, as a sorted-key JSON object lists them.
    static let inKeyOrder = allCases.sorted { $0.rawValue.utf8.lexicographicallyPrecedes($1.rawValue.utf8) }
}

extension TheaterQuery {
    package var nameText: String {
        if case .name(let text) = self { return text }
        return ""
    }
}

package func rounded(_ value: Double, _ decimals: Int) -> Double {
    let scale = pow(10.0, Double(decimals))
    return (value * scale).rounded() / scale
}

package func fixed(_ value: Double, _ decimals: Int) -> String {
    String(format: "%.\(decimals)f", value)
}

package func formatSpeed(_ kmh: Double) -> String {
    kmh == kmh.rounded() ? String(Int(kmh)) : String(kmh)
}
