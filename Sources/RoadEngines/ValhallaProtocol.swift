import Foundation
import Geo
import Transport

/// Valhalla's HTTP API (https://valhalla.github.io/valhalla/api/): `sources_to_targets` for times, `route` for
/// lines, both as JSON posted to the service, distances in kilometers.
///
/// The matrix's snapped positions are not documented for every version: where an entry carries `begin_lat`/
/// `begin_lon` and `end_lat`/`end_lon`, the snap distances are measured to them, else they are left out.
enum ValhallaProtocol {
    static func costing(_ mode: TravelMode) -> String {
        switch mode {
        case .walk: "pedestrian"
        case .bike: "bicycle"
        case .drive: "auto"
        }
    }

    private static func location(_ point: Coordinate) -> [String: Double] {
        ["lat": point.latitude, "lon": point.longitude]
    }

    static func matrixBody(from origin: Coordinate, to destinations: [Coordinate], mode: TravelMode) -> Data {
        let body: [String: Any] = [
            "sources": [location(origin)], "targets": destinations.map(location), "costing": costing(mode),
            "units": "kilometers", "verbose": true,
        ]
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
    }

    static func routeBody(from origin: Coordinate, to destination: Coordinate, mode: TravelMode) -> Data {
        let body: [String: Any] = [
            "locations": [location(origin), location(destination)], "costing": costing(mode), "units": "kilometers",
            "directions_type": "none",
        ]
        return (try? JSONSerialization.data(withJSONObject: body, options: [.sortedKeys])) ?? Data()
    }

    struct Cell: Decodable {
        let distance: Double?
        let time: Double?
        let to_index: Int?
        let begin_lat: Double?
        let begin_lon: Double?
        let end_lat: Double?
        let end_lon: Double?
    }

    struct MatrixAnswer: Decodable {
        let sources_to_targets: [[Cell]]?
    }

    struct Summary: Decodable {
        let length: Double
        let time: Double
    }

    struct Leg: Decodable {
        let shape: String?
    }

    struct Trip: Decodable {
        let legs: [Leg]?
        let summary: Summary
    }

    struct RouteAnswer: Decodable {
        let trip: Trip?
    }

    struct Failure: Decodable {
        let error_code: Int?
        let error: String?
    }

    /// The matrix's one row: a leg per target, nil where Valhalla has no time.
    static func matrix(_ response: HTTPResponse, origin: Coordinate, destinations: [Coordinate], engine: String)
        throws(RoadEngineError) -> [EngineLeg?]
    {
        try checkStatus(response, engine: engine)
        guard let answer = try? JSONDecoder().decode(MatrixAnswer.self, from: response.body),
            let row = answer.sources_to_targets?.first, row.count == destinations.count
        else { throw .malformed(engine: engine, what: "a matrix of the wrong shape") }
        var legs = [EngineLeg?](repeating: nil, count: destinations.count)
        for (position, cell) in row.enumerated() {
            let index = cell.to_index ?? position
            guard legs.indices.contains(index), let time = cell.time, let kilometers = cell.distance else { continue }
            let begin = cell.begin_lat.flatMap { lat in cell.begin_lon.map { Coordinate(uncheckedLatitude: lat, longitude: $0) } }
            let end = cell.end_lat.flatMap { lat in cell.end_lon.map { Coordinate(uncheckedLatitude: lat, longitude: $0) } }
            legs[index] = EngineLeg(
                distanceMeters: kilometers * 1000, durationSeconds: time,
                originSnapMeters: begin.map { origin.distanceMeters(to: $0) },
                destinationSnapMeters: end.map { destinations[index].distanceMeters(to: $0) })
        }
        return legs
    }

    /// The trip's one leg, its shape decoded; the snap distances are measured to the shape's ends.
    static func route(_ response: HTTPResponse, origin: Coordinate, destination: Coordinate, engine: String)
        throws(RoadEngineError) -> EngineLeg
    {
        try checkStatus(response, engine: engine)
        guard let answer = try? JSONDecoder().decode(RouteAnswer.self, from: response.body), let trip = answer.trip else {
            throw .malformed(engine: engine, what: "something other than a Valhalla trip")
        }
        var line: [Coordinate] = []
        for leg in trip.legs ?? [] {
            guard let shape = leg.shape, let points = Polyline6.decode(shape) else {
                throw .malformed(engine: engine, what: "a shape that is not an encoded polyline")
            }
            line += line.isEmpty ? points : Array(points.dropFirst())
        }
        return EngineLeg(
            distanceMeters: trip.summary.length * 1000, durationSeconds: trip.summary.time, geometry: line,
            originSnapMeters: line.first.map { origin.distanceMeters(to: $0) },
            destinationSnapMeters: line.last.map { destination.distanceMeters(to: $0) })
    }

    /// Valhalla answers a request it cannot route with a 400 and `error_code` (442 "No path could be found",
    /// 171 "No suitable edges near location", 170-series for locations it cannot place).
    private static func checkStatus(_ response: HTTPResponse, engine: String) throws(RoadEngineError) {
        guard response.statusCode != 200 else { return }
        let failure = try? JSONDecoder().decode(Failure.self, from: response.body)
        if let code = failure?.error_code, code == 442 || code == 443 || (170...172).contains(code) {
            throw .noRoute(engine: engine)
        }
        throw .refused(
            engine: engine, code: failure?.error_code.map { "error \($0)" } ?? "HTTP \(response.statusCode)",
            message: failure?.error ?? "")
    }
}
