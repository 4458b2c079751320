import FlyingFox
import Foundation

/// One theatre for the fake Gracenote, as `/theatres` lists it.
public struct GracenoteTheatreSpec: Sendable {
    /// Gracenote's `theatreId`.
    public var id: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    public var street: String
    public var city: String
    public var state: String
    public var postalCode: String

    /// Creates a theatre.
    public init(
        id: String, name: String, latitude: Double, longitude: Double, street: String, city: String = "Columbus",
        state: String = "OH", postalCode: String = "43215"
    ) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
    }
}

/// One showtime for the fake Gracenote, on the theatre's wall clock as Gracenote writes it (no offset).
public struct GracenoteShowSpec: Sendable {
    /// The movie's `tmsId`.
    public var tmsID: String
    public var title: String
    public var releaseYear: Int
    /// The theatre's id; its name is looked up among the theatres.
    public var theatreID: String
    /// `YYYY-MM-DDTHH:MM` on the theatre's clock.
    public var dateTime: String
    /// The ticket link, when the theatre sells online.
    public var ticketURI: String?

    /// Creates a showtime.
    public init(
        tmsID: String, title: String, releaseYear: Int, theatreID: String, dateTime: String, ticketURI: String? = nil
    ) {
        self.tmsID = tmsID
        self.title = title
        self.releaseYear = releaseYear
        self.theatreID = theatreID
        self.dateTime = dateTime
        self.ticketURI = ticketURI
    }
}

/// A fake of Gracenote's OnConnect v1.1 (`/v1.1/movies/showings`, `/v1.1/theatres`), in its documented shapes:
/// JSON arrays, coordinates as strings, `dateTime` without an offset, and a 403 with an HTML body for any key but
/// ``key``.
public enum FakeGracenote {
    /// The one key it accepts: 24 characters, like Gracenote's, and not a secret.
    public static let key = "fakegracenotekey00000001"

    /// Two theatres in Columbus, Ohio (America/New_York): the first in the test catalogs, the second in none.
    public static let cinema1 = GracenoteTheatreSpec(
        id: "9001", name: "Fake Gracenote Cinema 1", latitude: 39.9690, longitude: -83.0030,
        street: "1 Fake Street")
    public static let cinema2 = GracenoteTheatreSpec(
        id: "9002", name: "Fake Gracenote Cinema 2", latitude: 39.9450, longitude: -82.9900,
        street: "2 Unmapped Avenue", postalCode: "43206")

    /// America/New_York.
    public static let newYork = TimeZone(identifier: "America/New_York")!

    /// `YYYY-MM-DD` `offset` days from today on the New York clock.
    public static func newYorkDay(_ offset: Int, from now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = newYork
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: now.addingTimeInterval(Double(offset) * 86_400))
    }

    /// The `/theatres` array.
    public static func theatresJSON(_ theatres: [GracenoteTheatreSpec]) -> String {
        "["
            + theatres.map { theatre in
                """
                {"theatreId":"\(theatre.id)","name":"\(theatre.name)","location":{"distance":1.2,\
                "telephone":"614-555-0100","geoCode":{"latitude":"\(theatre.latitude)","longitude":"\(theatre.longitude)"},\
                "address":{"street":"\(theatre.street)","state":"\(theatre.state)","city":"\(theatre.city)",\
                "country":"USA","postalCode":"\(theatre.postalCode)"}}}
                """
            }.joined(separator: ",") + "]"
    }

    /// The `/movies/showings` array: one entry per movie, with its showtimes.
    public static func showingsJSON(_ shows: [GracenoteShowSpec], theatres: [GracenoteTheatreSpec]) -> String {
        var order: [String] = []
        var byMovie: [String: [GracenoteShowSpec]] = [:]
        for show in shows {
            if byMovie[show.tmsID] == nil { order.append(show.tmsID) }
            byMovie[show.tmsID, default: []].append(show)
        }
        let names = Dictionary(theatres.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let movies = order.map { id -> String in
            let showings = byMovie[id]!
            let first = showings[0]
            let times = showings.map { show in
                let ticket = show.ticketURI.map { #","ticketURI":"\#($0)""# } ?? ""
                return #"{"theatre":{"id":"\#(show.theatreID)","name":"\#(names[show.theatreID] ?? show.theatreID)"},"#
                    + #""dateTime":"\#(show.dateTime)","barg":false\#(ticket),"quals":"Closed Captioned|Recliner Seats"}"#
            }
            return """
                {"tmsId":"\(id)","rootId":"\(id.filter(\.isNumber))","subType":"Feature Film",\
                "title":"\(first.title)","releaseYear":\(first.releaseYear),"releaseDate":"\(first.releaseYear)-01-01",\
                "titleLang":"en","descriptionLang":"en","entityType":"Movie","genres":["Drama"],\
                "runTime":"PT01H46M","showtimes":[\(times.joined(separator: ","))]}
                """
        }
        return "[" + movies.joined(separator: ",") + "]"
    }

    /// What Gracenote answers a missing or inactive key with.
    public static let refusedHTML = "<h1>Developer Inactive</h1>"

    /// Serves `theatres` and `shows`: a day's showings hold the shows whose `dateTime` falls in
    /// `startDate` + `numDays`.
    public static func handler(theatres: [GracenoteTheatreSpec], shows: [GracenoteShowSpec]) -> FakeServer.Handler {
        { request, _ in
            guard request.query["api_key"] == key else {
                var fields = HTTPHeaders()
                fields[.contentType] = "text/html"
                return FlyingFox.HTTPResponse(
                    statusCode: HTTPStatusCode(403, phrase: "Forbidden"), headers: fields,
                    body: Data(refusedHTML.utf8))
            }
            switch request.path {
            case "/v1.1/theatres":
                return Reply.json(theatresJSON(theatres))
            case "/v1.1/movies/showings":
                let start = request.query["startDate"] ?? ""
                let days = Int(request.query["numDays"] ?? "1") ?? 1
                var wanted: Set<String> = []
                let parser = DateFormatter()
                parser.locale = Locale(identifier: "en_US_POSIX")
                parser.timeZone = TimeZone(identifier: "UTC")
                parser.dateFormat = "yyyy-MM-dd"
                if let first = parser.date(from: start) {
                    for offset in 0..<days { wanted.insert(parser.string(from: first.addingTimeInterval(Double(offset) * 86_400))) }
                }
                return Reply.json(showingsJSON(shows.filter { wanted.contains(String($0.dateTime.prefix(10))) }, theatres: theatres))
            default:
                return Reply.json(#"{"error":"not found"}"#, status: 404)
            }
        }
    }
}
