import Foundation
import Geo
import Transport
import Theaters

/// Finds theaters around a point with OpenStreetMap's Overpass API (https://wiki.openstreetmap.org/wiki/Overpass_API).
///
/// ```swift
/// let overpass = OverpassClient(baseURL: OverpassClient.defaultBaseURL, userAgent: agent, cache: cache)
/// let (theaters, provenance) = try await overpass.theaters(matching: .category(.cinema, driveIn: false),
///                                                         around: lyon, radiusMeters: 2_000)
/// ```
public struct OverpassClient: Sendable {
    /// The main public instance.
    public static let defaultBaseURL = URL(string: "https://overpass-api.de/api/interpreter")!
    /// The server-side time limit written into every query, in seconds.
    public static let serverTimeoutSeconds = 25

    let baseURL: URL
    let client: ServiceClient

    public init(
        baseURL: URL, userAgent: String, cache: LookupCache?, offline: Bool = false,
        transport: any HTTPTransport = CurlTransport(), timeoutSeconds: Double = 30,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelaySeconds: 1, maxDelaySeconds: 4, maxRetryAfterSeconds: 10),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.baseURL = baseURL
        client = ServiceClient(
            service: "Overpass", transport: transport, userAgent: userAgent, timeoutSeconds: timeoutSeconds,
            retry: retry, cache: cache, offline: offline, now: now)
    }

    /// Starts what a request to Overpass will need first (its host name's look-up, `HTTPTransport.lookUpAhead`) and
    /// returns at once.
    public func lookUpAhead() {
        client.transport.lookUpAhead(baseURL)
    }

    /// The Overpass QL for a keyword's query around a point, e.g.
    /// `[out:json][timeout:25];nwr["amenity"="cinema"](around:2000,45.75,4.85);out center tags;`.
    public static func query(for query: TheaterQuery, around center: Coordinate, radiusMeters: Double) -> String {
        let filter: String
        switch query {
        case .category(let category, let driveIn):
            filter = "[\"amenity\"=\"\(escape(category.tagValue))\"]" + (driveIn ? "[\"drive_in\"=\"yes\"]" : "")
        case .name(let text):
            filter = "[\"amenity\"~\"^(cinema|theatre)$\"][\"name\"~\"\(escape(namePattern(text)))\",i]"
        }
        let around = "(around:\(Int(radiusMeters.rounded(.up))),\(center.latitude),\(center.longitude))"
        return "[out:json][timeout:\(serverTimeoutSeconds)];nwr\(filter)\(around);out center tags;"
    }

    /// The theaters Overpass finds, with where the answer came from.
    /// - Throws: `OnlineLookupError` (a `remark`, overload after retries, timeouts, malformed JSON).
    public func theaters(matching query: TheaterQuery, around center: Coordinate, radiusMeters: Double) async throws
        -> (theaters: [Theater], provenance: LookupProvenance)
    {
        let ql = Self.query(for: query, around: center, radiusMeters: radiusMeters)
        var request = HTTPRequest(url: baseURL, method: "POST")
        request.headers["Content-Type"] = "application/x-www-form-urlencoded"
        request.body = Data(utf8Of: "data=" + Self.formEncode(ql))
        let (body, provenance) = try await client.fetch(
            request, cacheKey: "overpass " + ql, freshSeconds: LookupCache.theaterLookupSeconds,
            validate: { _ = try Self.parse($0) })
        return (try Self.parse(body), provenance)
    }

    /// Reads Overpass JSON: nodes at their position, ways and relations at their `center`.
    /// - Throws: `.overpassRemark` when the answer carries a `remark`, `.malformedResponse` when it isn't JSON.
    public static func parse(_ body: Data) throws -> [Theater] {
        struct Response: Decodable {
            let elements: [Element]
            let remark: String?
        }
        struct Point: Decodable {
            let lat: Double
            let lon: Double
        }
        struct Element: Decodable {
            let type: String
            let id: Int64
            let lat: Double?
            let lon: Double?
            let center: Point?
            let tags: [String: String]?
        }
        let response: Response
        do {
            response = try JSONDecoder().decode(Response.self, from: body)
        } catch {
            throw OnlineLookupError.malformedResponse(service: "Overpass")
        }
        if let remark = response.remark, !remark.isEmpty { throw OnlineLookupError.overpassRemark(remark) }
        return response.elements.compactMap { element in
            guard let lat = element.lat ?? element.center?.lat, let lon = element.lon ?? element.center?.lon,
                let coordinate = try? Coordinate(latitude: lat, longitude: lon)
            else { return nil }
            var tags = element.tags ?? [:]
            let category = TheaterCategory(tagValue: tags["amenity"] ?? "")
            let name = tags["name"] ?? "unnamed \(category.tagValue)"
            tags["name"] = nil
            tags["amenity"] = nil
            return Theater(
                osmType: OSMElementType(rawValue: element.type), osmID: element.id, name: name, coordinate: coordinate,
                category: category, tags: tags, fallbackID: "\(element.type)/\(element.id)")
        }
    }

    /// Escapes a string for a double-quoted Overpass QL literal.
    static func escape(_ text: String) -> String {
        // Character by character, as `replacingOccurrences` would: its bridging to NSString costs a command run-time
        // checks of generic requirements, each a scan of every protocol conformance in the binary.
        guard text.contains(where: { $0 == "\\" || $0 == "\"" }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for character in text {
            if character == "\\" || character == "\"" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Letters and the accented forms of them that a name search should also match: "Cinema Opera" must find
    /// "Cinéma Opéra", as the offline search does (Overpass's `,i` folds case but not accents).
    static let accentVariants: [Character: String] = [
        "a": "aàáâãäåāăą", "c": "cçćĉċč", "d": "dďđ", "e": "eèéêëēĕėęě", "g": "gĝğġģ", "i": "iìíîïĩīĭįı",
        "l": "lĺļľł", "n": "nñńņň", "o": "oòóôõöøōŏő", "r": "rŕŗř", "s": "sśŝşšș", "t": "tţťț",
        "u": "uùúûüũūŭůűų", "y": "yýÿŷ", "z": "zźżž",
    ]

    /// A regular expression matching `text` literally, ignoring case and accents: each letter that has accented
    /// forms becomes a class of them, in both cases ("Opera" → "[oòó…OÒÓ…]p[eèé…EÈÉ…]r[aàá…AÀÁ…]").
    static func namePattern(_ text: String) -> String {
        var out = ""
        for c in text {
            // Folding can give several characters ("ß" → "ss") or none (a lone combining mark): only a single
            // base letter has a class; anything else is matched as it is.
            let folded = String(c).folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            if folded.count == 1, let base = folded.first, let variants = accentVariants[base] {
                out += "[" + variants + variants.uppercased() + "]"
            } else {
                out += regexEscape(String(c))
            }
        }
        return out
    }

    /// Escapes regular-expression metacharacters, so that a name matches literally.
    static func regexEscape(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\^$.|?*+()[]{}".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// `application/x-www-form-urlencoded` value encoding.
    static func formEncode(_ text: String) -> String {
        // The bytes `addingPercentEncoding(withAllowedCharacters:)` gives with `CharacterSet.alphanumerics` and
        // "-._*" (`OverpassClientTests`), without Foundation's character sets, whose first use builds Unicode tables:
        // a third of a millisecond of every online search. Foundation encodes every byte beyond ASCII, whatever
        // the allowed set holds.
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if isFormSafe(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hex[Int(byte >> 4)])
                encoded.append(hex[Int(byte & 15)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// ASCII letters and digits, and `-._*`: what a form body carries as it is.
    private static func isFormSafe(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "*")
    }
}
