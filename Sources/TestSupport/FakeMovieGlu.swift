import FlyingFox
import Foundation

/// One cinema for the fake MovieGlu, as `cinemasNearby` lists it.
public struct MovieGluCinemaSpec: Sendable {
    /// MovieGlu's numeric `cinema_id`, as text.
    public var id: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var address: String
    public var city: String
    public var postcode: String
    /// `distance` from the asker, in miles.
    public var distanceMiles: Double

    /// Creates a cinema.
    public init(
        id: String, name: String, latitude: Double, longitude: Double, address: String, city: String = "London",
        postcode: String, distanceMiles: Double
    ) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.address = address
        self.city = city
        self.postcode = postcode
        self.distanceMiles = distanceMiles
    }
}

/// One show for the fake MovieGlu, as `cinemaShowTimes` lists it: wall-clock times on a cinema day.
public struct MovieGluShowSpec: Sendable {
    /// MovieGlu's numeric `film_id`.
    public var filmID: Int
    /// `imdb_title_id`, such as "tt0076759"; nil leaves it out.
    public var imdbID: String?
    /// `film_name`.
    public var filmName: String
    /// The year of its one `release_dates` entry; nil lists none.
    public var releaseYear: Int?
    /// The cinema's `cinema_id`.
    public var cinemaID: String
    /// The cinema day it is listed on, `YYYY-MM-DD` (a 01:00 start belongs to the day before's listing).
    public var date: String
    /// `start_time`, `HH:MM` on the cinema's clock (free text, so that tests can send unreadable ones).
    public var start: String
    /// `end_time`, `HH:MM`; nil leaves it out.
    public var end: String?
    /// The `showings` key: "Standard", "3D", "IMAX".
    public var format: String

    /// Creates a show.
    public init(
        filmID: Int, imdbID: String?, filmName: String, releaseYear: Int?, cinemaID: String, date: String,
        start: String, end: String?, format: String = "Standard"
    ) {
        self.filmID = filmID
        self.imdbID = imdbID
        self.filmName = filmName
        self.releaseYear = releaseYear
        self.cinemaID = cinemaID
        self.date = date
        self.start = start
        self.end = end
        self.format = format
    }
}

/// A fake of MovieGlu's API v200 (`cinemasNearby/`, `cinemaShowTimes/`), in its documented shapes: every request
/// must carry the seven headers (401 when a credential is wrong, 400 when a context header is missing or
/// malformed), and an empty answer is `204 No Content` with no body, as is a geolocation outside the territory.
public enum FakeMovieGlu {
    /// The credentials it accepts: fakes, and no secrets.
    public static let client = "FAKE_0"
    public static let apiKey = "fakemoviegluapikey00000000000000000000001"
    public static let authorization = "Basic RkFLRV8wOm5vdC1hLXJlYWwtcGFzc3dvcmQ="
    /// The territory its (evaluation) key covers.
    public static let territory = "UK"
    /// The `api-version` it serves.
    public static let apiVersion = "v200"

    /// Two cinemas near Leicester Square, London (Europe/London).
    public static let odeonLeicesterSquare = MovieGluCinemaSpec(
        id: "9101", name: "Fake Odeon Leicester Square", latitude: 51.5103, longitude: -0.1302,
        address: "1 Fake Square", postcode: "WC2H 7JY", distanceMiles: 0.1)
    public static let picturehouseCentral = MovieGluCinemaSpec(
        id: "9102", name: "Fake Picturehouse Central", latitude: 51.5136, longitude: -0.1365,
        address: "2 Fake Street", postcode: "W1D 7DH", distanceMiles: 0.4)

    /// Europe/London.
    public static let london = TimeZone(identifier: "Europe/London")!

    /// `YYYY-MM-DD` `offset` days from today on the London clock.
    public static func londonDay(_ offset: Int, from now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = london
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: now.addingTimeInterval(Double(offset) * 86_400))
    }

    /// The `cinemasNearby` object.
    public static func cinemasJSON(_ cinemas: [MovieGluCinemaSpec]) -> String {
        let entries = cinemas.map { cinema -> String in
            [
                #"{"cinema_id":\#(number(cinema.id)),"cinema_name":\#(quoted(cinema.name)),"#,
                #""address":\#(quoted(cinema.address)),"city":\#(quoted(cinema.city)),"#,
                #""county":"Greater London","postcode":\#(quoted(cinema.postcode)),"#,
                #""lat":\#(cinema.latitude),"lng":\#(cinema.longitude),"distance":\#(cinema.distanceMiles),"#,
                #""logo_url":"https://assets.example/logo.jpg"}"#,
            ].joined()
        }
        return #"{"cinemas":[\#(entries.joined(separator: ","))],"status":\#(status("cinemasNearby", entries.count))}"#
    }

    /// The `cinemaShowTimes` object: one entry per film, its shows grouped under their `showings` key.
    public static func cinemaShowTimesJSON(cinemaID: String, cinemaName: String, shows: [MovieGluShowSpec]) -> String {
        var order: [Int] = []
        var byFilm: [Int: [MovieGluShowSpec]] = [:]
        for show in shows {
            if byFilm[show.filmID] == nil { order.append(show.filmID) }
            byFilm[show.filmID, default: []].append(show)
        }
        let films = order.map { filmID -> String in
            let showsOfFilm = byFilm[filmID]!
            let first = showsOfFilm[0]
            var formats: [String] = []
            for show in showsOfFilm where !formats.contains(show.format) { formats.append(show.format) }
            let showings = formats.map { format -> String in
                let times = showsOfFilm.filter { $0.format == format }.map { show -> String in
                    let end: String = show.end.map { #","end_time":\#(quoted($0))"# } ?? ""
                    return #"{"start_time":\#(quoted(show.start))\#(end)}"#
                }
                return [
                    #"\#(quoted(format)):{"film_id":\#(filmID),"film_name":\#(quoted(first.filmName)),"#,
                    #""times":[\#(times.joined(separator: ","))]}"#,
                ].joined()
            }
            var imdb = ""
            if let id = first.imdbID {
                imdb = #""imdb_id":\#(Int(id.dropFirst(2)) ?? 0),"imdb_title_id":\#(quoted(id)),"#
            }
            var released = "[]"
            if let year = first.releaseYear { released = #"[{"release_date":"\#(year)-01-01","notes":"UK"}]"# }
            return [
                #"{"film_id":\#(filmID),\#(imdb)"film_name":\#(quoted(first.filmName)),"other_titles":null,"#,
                #""version_type":"Standard","release_dates":\#(released),"age_rating":[{"rating":"12A"}],"#,
                #""showings":{\#(showings.joined(separator: ","))}}"#,
            ].joined()
        }
        return [
            #"{"cinema":{"cinema_id":\#(number(cinemaID)),"cinema_name":\#(quoted(cinemaName))},"#,
            #""films":[\#(films.joined(separator: ","))],"status":\#(status("cinemaShowTimes", films.count))}"#,
        ].joined()
    }

    /// Why a request's headers are refused, or nil: a 401 for a credential that is not the fake's, a 400 for a
    /// context header that is missing or malformed.
    public static func refusal(of request: SeenRequest) -> FlyingFox.HTTPResponse? {
        guard request.header("client") == client, request.header("x-api-key") == apiKey,
            request.header("authorization") == authorization
        else {
            return Reply.json(#"{"message":"Unauthorized"}"#, status: 401)
        }
        for name in ["territory", "api-version", "geolocation", "device-datetime"]
        where (request.header(name) ?? "").isEmpty {
            return Reply.json(#"{"message":"Missing header: \#(name)"}"#, status: 400)
        }
        guard request.header("api-version") == apiVersion else {
            return Reply.json(#"{"message":"Unknown api-version"}"#, status: 400)
        }
        guard geolocation(of: request) != nil else {
            return Reply.json(#"{"message":"geolocation must be lat;lng"}"#, status: 400)
        }
        guard isDeviceDateTime(request.header("device-datetime") ?? "") else {
            return Reply.json(#"{"message":"device-datetime must be yyyy-mm-ddThh:mm:ss.sss"}"#, status: 400)
        }
        return nil
    }

    /// Serves `cinemas` (nearest first, as given) and `shows`: 204 with no body for a cinema day without shows,
    /// and for a geolocation outside the United Kingdom.
    public static func handler(cinemas: [MovieGluCinemaSpec], shows: [MovieGluShowSpec]) -> FakeServer.Handler {
        { request, _ in
            if let refused = refusal(of: request) { return refused }
            var path = request.path
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            switch path {
            case "/cinemasNearby":
                // Outside the territory (the United Kingdom, roughly), MovieGlu answers 204.
                guard let point = geolocation(of: request), (49.8...60.9).contains(point.latitude),
                    (-8.7...1.8).contains(point.longitude)
                else { return noContent() }
                let n = min(max(Int(request.query["n"] ?? "10") ?? 10, 1), 25)
                let listed = Array(cinemas.prefix(n))
                return listed.isEmpty ? noContent() : Reply.json(cinemasJSON(listed))
            case "/cinemaShowTimes":
                guard let cinemaID = request.query["cinema_id"], let date = request.query["date"] else {
                    return Reply.json(#"{"message":"cinema_id and date are required"}"#, status: 400)
                }
                let listed = shows.filter { $0.cinemaID == cinemaID && $0.date == date }
                guard !listed.isEmpty else { return noContent() }
                let name = cinemas.first { $0.id == cinemaID }?.name ?? cinemaID
                return Reply.json(cinemaShowTimesJSON(cinemaID: cinemaID, cinemaName: name, shows: listed))
            default:
                return Reply.json(#"{"message":"Not Found"}"#, status: 404)
            }
        }
    }

    /// `204 No Content`, with no body.
    public static func noContent() -> FlyingFox.HTTPResponse {
        FlyingFox.HTTPResponse(statusCode: HTTPStatusCode(204, phrase: "No Content"))
    }

    /// The two numbers of the `geolocation` header (`lat;lng`), or nil.
    static func geolocation(of request: SeenRequest) -> (latitude: Double, longitude: Double)? {
        let parts = (request.header("geolocation") ?? "").split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        return (latitude, longitude)
    }

    /// `yyyy-mm-ddThh:mm:ss` with optional fractional seconds and no offset, as the documentation asks.
    static func isDeviceDateTime(_ text: String) -> Bool {
        let pattern = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?$"#
        return text.range(of: pattern, options: .regularExpression) != nil
    }

    /// MovieGlu's `status` object.
    static func status(_ method: String, _ count: Int) -> String {
        [
            #"{"count":\#(count),"state":"OK","method":"\#(method)","message":null,"request_method":"GET","#,
            #""version":"MGv200","territory":"\#(territory)"}"#,
        ].joined()
    }

    /// A numeric id as a JSON number (as MovieGlu writes ids), anything else as a string.
    static func number(_ id: String) -> String {
        Int(id) != nil ? id : quoted(id)
    }

    /// `text` as a JSON string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
