import Foundation
import Geo
import Transport

/// OSRM's HTTP API, version 1 (https://project-osrm.org/docs/v5.24.0/api/): `table` for times, `route` for lines.
enum OSRMProtocol {
    /// The profile part of the path. `osrm-routed` serves whatever profile it was prepared with and ignores the
    /// name; the names are those of OSRM's own profiles, which a load balancer may route on.
    static func profile(_ mode: TravelMode) -> String {
        switch mode {
        case .walk: "foot"
        case .bike: "bike"
        case .drive: "car"
        }
    }

    /// `lon,lat`, as OSRM orders them, to 7 decimals (about a centimeter).
    static func text(_ point: Coordinate) -> String {
        String(format: "%.7f,%.7f", point.longitude, point.latitude)
    }

    struct Waypoint: Decodable {
        let distance: Double?
    }

    struct TableAnswer: Decodable {
        let code: String
        let message: String?
        let durations: [[Double?]]?
        let distances: [[Double?]]?
        let sources: [Waypoint]?
        let destinations: [Waypoint]?
    }

    struct Geometry: Decodable {
        let coordinates: [[Double]]
    }

    struct RouteEntry: Decodable {
        let distance: Double
        let duration: Double
        let geometry: Geometry?
    }

    struct RouteAnswer: Decodable {
        let code: String
        let message: String?
        let routes: [RouteEntry]?
        let waypoints: [Waypoint]?
    }

    /// The first row of a `table` answer (`sources=0`): one leg per destination, nil where OSRM gives `null`.
    static func table(_ response: HTTPResponse, count: Int, engine: String) throws(RoadEngineError) -> [EngineLeg?] {
        let answer: TableAnswer = try decode(response, engine: engine)
        guard answer.code == "Ok" else { throw failure(answer.code, answer.message, engine: engine) }
        guard let durations = answer.durations?.first, durations.count == count + 1 else {
            throw .malformed(engine: engine, what: "a table of the wrong size")
        }
        let distances = answer.distances?.first
        let originSnap = answer.sources?.first?.distance
        return (1...count).map { column in
            guard let duration = durations[column], let distance = distances?[column] ?? nil else { return nil }
            return EngineLeg(
                distanceMeters: distance, durationSeconds: duration, originSnapMeters: originSnap,
                destinationSnapMeters: answer.destinations.flatMap { $0.count > column ? $0[column].distance : nil })
        }
    }

    /// The first route of a `route` answer, with its GeoJSON line.
    static func route(_ response: HTTPResponse, engine: String) throws(RoadEngineError) -> EngineLeg {
        let answer: RouteAnswer = try decode(response, engine: engine)
        guard answer.code == "Ok" else { throw failure(answer.code, answer.message, engine: engine) }
        guard let route = answer.routes?.first else { throw .noRoute(engine: engine) }
        let line = (route.geometry?.coordinates ?? []).compactMap { pair in
            pair.count >= 2 ? Coordinate(uncheckedLatitude: pair[1], longitude: pair[0]) : nil
        }
        return EngineLeg(
            distanceMeters: route.distance, durationSeconds: route.duration, geometry: line,
            originSnapMeters: answer.waypoints?.first?.distance,
            destinationSnapMeters: (answer.waypoints?.count ?? 0) >= 2 ? answer.waypoints?.last?.distance : nil)
    }

    /// OSRM answers errors as JSON too, with a 400 status; anything else that is not its JSON is malformed.
    private static func decode<Answer: Decodable>(_ response: HTTPResponse, engine: String) throws(RoadEngineError) -> Answer {
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            if response.statusCode != 200 {
                throw .refused(engine: engine, code: "HTTP \(response.statusCode)", message: "")
            }
            throw .malformed(engine: engine, what: "something other than OSRM's JSON")
        }
    }

    private static func failure(_ code: String, _ message: String?, engine: String) -> RoadEngineError {
        code == "NoRoute" || code == "NoSegment" || code == "NoTable"
            ? .noRoute(engine: engine) : .refused(engine: engine, code: code, message: message ?? "")
    }
}
