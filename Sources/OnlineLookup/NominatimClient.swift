import Basics
import Foundation
import Synchronization
import Geo
import Transport
import Theaters

/// A place Nominatim found.
public struct NominatimPlace: Sendable, Equatable {
    public let displayName: String
    public let name: String
    public let coordinate: Coordinate
    public let osmType: OSMElementType?
    public let osmID: Int64?
    /// Nominatim's class and type, e.g. "boundary"/"administrative" or "amenity"/"cinema".
    public let category: String
    public let type: String
    /// ISO 3166-1 alpha-2, upper case, when Nominatim gave the address.
    public let countryCode: String?
}

/// Geocoding with OpenStreetMap's Nominatim (https://nominatim.org/release-docs/latest/api/Overview/), as its
/// usage policy asks: an identifying User-Agent, at most one request per second (across every `planner` process
/// sharing the database), and cached answers (30 days for geocodes, 24 h for theater lookups).
public struct NominatimClient: Sendable {
    public static let defaultBaseURL = URL(string: "https://nominatim.openstreetmap.org")!
    /// The least time between the end of one request and the start of the next, in seconds: the policy's one
    /// per second, with a margin. Counting from the end means no two requests reach the server within a second,
    /// however long each one takes on the way.
    public static let minimumIntervalSeconds = 1.05

    let baseURL: URL
    let client: ServiceClient
    let sleep: @Sendable (Double) async throws -> Void

    public init(
        baseURL: URL, userAgent: String, cache: LookupCache?, offline: Bool = false,
        transport: any HTTPTransport = CurlTransport(), timeoutSeconds: Double = 15,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelaySeconds: 1.1, maxDelaySeconds: 4, maxRetryAfterSeconds: 10),
        now: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (Double) async throws -> Void = RetryPolicy.taskSleep
    ) {
        self.baseURL = baseURL
        self.sleep = sleep
        client = ServiceClient(
            service: "Nominatim", transport: transport, userAgent: userAgent, timeoutSeconds: timeoutSeconds,
            retry: retry, cache: cache, offline: offline, now: now)
    }

    /// Starts what a request to Nominatim will need first (its host name's look-up, `HTTPTransport.lookUpAhead`) and
    /// returns at once.
    public func lookUpAhead() {
        client.transport.lookUpAhead(baseURL)
    }

    /// Geocodes free text: `/search?q=…&format=jsonv2&limit=…`, best first.
    public func search(_ text: String, limit: Int = 5) async throws -> (places: [NominatimPlace], provenance: LookupProvenance) {
        let (body, provenance) = try await get(
            "search", ["q": text, "format": "jsonv2", "limit": "\(limit)", "addressdetails": "1"],
            freshSeconds: LookupCache.geocodeSeconds, validate: { _ = try Self.parsePlaces($0) })
        return (try Self.parsePlaces(body), provenance)
    }

    /// The address of a point: `/reverse?lat=…&lon=…&format=jsonv2`; nil where Nominatim has none.
    public func reverse(_ coordinate: Coordinate) async throws -> (displayName: String?, provenance: LookupProvenance) {
        // A point with no address is an answer too ({"error":"Unable to geocode"}, or a 4xx): it is cached, so
        // that asking again makes no request.
        let (body, provenance) = try await get(
            "reverse",
            ["lat": "\(coordinate.latitude)", "lon": "\(coordinate.longitude)", "format": "jsonv2"],
            freshSeconds: LookupCache.geocodeSeconds, rememberClientErrors: true, validate: { _ = try Self.parseObject($0) })
        return (try Self.parseObject(body)["display_name"] as? String, provenance)
    }

    static func parseObject(_ body: Data) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw OnlineLookupError.malformedResponse(service: "Nominatim")
        }
        return object
    }

    /// Theaters of an amenity inside a box: the fallback when Overpass fails
    /// (`/search?amenity=cinema&viewbox=…&bounded=1`).
    public func theaters(amenity: String, in box: BoundingBox, limit: Int = 50) async throws
        -> (theaters: [Theater], provenance: LookupProvenance)
    {
        // A viewbox is read west to east without wrapping: a box across the antimeridian is asked as its two halves.
        if box.crossesAntimeridian {
            let west = BoundingBox(south: box.south, west: box.west, north: box.north, east: 180)
            let east = BoundingBox(south: box.south, west: -180, north: box.north, east: box.east)
            let (a, provenanceA) = try await theaters(amenity: amenity, in: west, limit: limit)
            let (b, provenanceB) = try await theaters(amenity: amenity, in: east, limit: limit)
            var seen = Set(a.map(\.id))
            let merged = a + b.filter { seen.insert($0.id).inserted }
            return (merged, provenanceA == .network ? provenanceB : provenanceA)
        }
        let viewbox = "\(box.west),\(box.north),\(box.east),\(box.south)"
        let (body, provenance) = try await get(
            "search",
            ["amenity": amenity, "format": "jsonv2", "limit": "\(limit)", "viewbox": viewbox, "bounded": "1"],
            freshSeconds: LookupCache.theaterLookupSeconds, validate: { _ = try Self.parsePlaces($0) })
        let theaters = try Self.parsePlaces(body).map { place in
            Theater(
                osmType: place.osmType, osmID: place.osmID, name: place.name.isEmpty ? place.displayName : place.name,
                coordinate: place.coordinate, category: TheaterCategory(tagValue: amenity),
                tags: ["address": place.displayName], fallbackID: "nominatim/\(place.displayName)")
        }
        return (theaters, provenance)
    }

    func get(
        _ path: String, _ parameters: [String: String], freshSeconds: Double, rememberClientErrors: Bool = false,
        validate: (Data) throws -> Void
    ) async throws -> (Data, LookupProvenance) {
        let (url, key) = try Self.request(baseURL: baseURL, path: path, parameters: parameters)
        // One request per second, across processes: a slot in the database, taken before and given back after.
        let pacing = Pacing(service: "nominatim", intervalSeconds: Self.minimumIntervalSeconds, sleep: sleep)
        return try await client.fetch(
            HTTPRequest(url: url), cacheKey: key, freshSeconds: freshSeconds, pacing: pacing,
            rememberClientErrors: rememberClientErrors, validate: validate)
    }

    /// The URL of a request and its cache key: made once per base URL, path and parameters, since a server asks
    /// the same reverse look-up of the same origins all day.
    static func request(baseURL: URL, path: String, parameters: [String: String]) throws -> (URL, String) {
        let sorted = parameters.sorted { $0.key < $1.key }
        let asked = RequestKey(base: baseURL.absoluteString, path: path, parameters: sorted)
        if let made = madeRequests.withLock({ $0[asked] }) { return made }
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = sorted.map { URLQueryItem(name: $0.key, value: $0.value) }
        // URLComponents leaves '+' as it is, and servers read a '+' in a query as a space: "A+B" must arrive whole.
        // (Byte by byte: `replacingOccurrences` bridges to NSString, whose first use scans every conformance.)
        components.percentEncodedQuery = components.percentEncodedQuery.map { query in
            var encoded = ""
            for character in query.unicodeScalars {
                if character == "+" { encoded += "%2B" } else { encoded.unicodeScalars.append(character) }
            }
            return encoded
        }
        guard let url = components.url else { throw OnlineLookupError.invalidBaseURL(baseURL.absoluteString) }
        let made = (url, "nominatim /\(path)?" + (components.percentEncodedQuery ?? ""))
        madeRequests.withLock { kept in
            if kept.count >= 1024 { kept.removeAll() }
            kept[asked] = made
        }
        return made
    }

    /// What a request is made of, by each text's bytes (a text equal only under Unicode's canonical equivalence
    /// is percent-encoded otherwise, so it is another request).
    private struct RequestKey: Hashable {
        /// The base, the path, then each parameter's name and value.
        let texts: [ExactText]

        init(base: String, path: String, parameters: [(key: String, value: String)]) {
            var texts = [ExactText(base), ExactText(path)]
            texts.reserveCapacity(2 + 2 * parameters.count)
            for (key, value) in parameters { texts += [ExactText(key), ExactText(value)] }
            self.texts = texts
        }
    }
    private static let madeRequests = Mutex<[RequestKey: (URL, String)]>([:])

    /// Reads a jsonv2 search answer; `lat` and `lon` come as strings.
    static func parsePlaces(_ body: Data) throws -> [NominatimPlace] {
        guard let array = try? JSONSerialization.jsonObject(with: body) as? [[String: Any]] else {
            throw OnlineLookupError.malformedResponse(service: "Nominatim")
        }
        return array.compactMap { item in
            guard let latText = item["lat"] as? String, let lonText = item["lon"] as? String,
                let lat = Double(latText), let lon = Double(lonText),
                let coordinate = try? Coordinate(latitude: lat, longitude: lon)
            else { return nil }
            let osmID = (item["osm_id"] as? NSNumber)?.int64Value ?? (item["osm_id"] as? String).flatMap { Int64($0) }
            return NominatimPlace(
                displayName: item["display_name"] as? String ?? "", name: item["name"] as? String ?? "",
                coordinate: coordinate, osmType: (item["osm_type"] as? String).flatMap(OSMElementType.init(rawValue:)),
                osmID: osmID, category: item["category"] as? String ?? item["class"] as? String ?? "",
                type: item["type"] as? String ?? "",
                countryCode: ((item["address"] as? [String: Any])?["country_code"] as? String)?.uppercased())
        }
    }
}

/// The User-Agent the usage policies ask for: the tool, its version, and a contact.
public enum LookupIdentity {
    public static func userAgent(contact: String?) -> String {
        let base = "planner/\(ClientIdentity.version)"
        // A settings file edited by hand could still hold a line break: it must never reach a header.
        let contact = contact.map { String($0.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }) }
        guard let contact, !contact.isEmpty else { return base }
        return base + " (contact: \(contact))"
    }
}
