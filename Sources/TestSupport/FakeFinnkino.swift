import FlyingFox
import Foundation

/// One show for the fake Finnkino, with its start on the Helsinki clock.
public struct FinnkinoShowSpec: Sendable {
    /// Finnkino's show ID.
    public var id: Int
    /// The listed (Finnish) title.
    public var title: String
    /// nil leaves the `<OriginalTitle>` element out.
    public var originalTitle: String?
    /// The ProductionYear.
    public var year: Int
    /// `YYYY-MM-DD` in Europe/Helsinki.
    public var day: String
    /// `HH:MM` in Europe/Helsinki.
    public var time: String
    /// LengthInMinutes; the end is start + length.
    public var lengthMinutes: Int
    /// Finnkino's TheatreID.
    public var theatreID: Int
    /// Finnkino's Theatre name, such as "Kinopalatsi, Helsinki".
    public var theatre: String

    /// Creates a show.
    public init(
        id: Int, title: String, originalTitle: String?, year: Int, day: String, time: String, lengthMinutes: Int = 110,
        theatreID: Int, theatre: String
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.day = day
        self.time = time
        self.lengthMinutes = lengthMinutes
        self.theatreID = theatreID
        self.theatre = theatre
    }
}

/// A fake of Finnkino's XML API (`/xml/TheatreAreas/`, `/xml/Schedule/?area=&dt=dd.MM.yyyy`), in its documented shape.
public enum FakeFinnkino {
    /// Kinopalatsi, as Finnkino numbers it.
    public static let kinopalatsi = (id: 1031, name: "Kinopalatsi, Helsinki")
    /// Tennispalatsi, which the bundled OSM extract lacks.
    public static let tennispalatsi = (id: 1033, name: "Tennispalatsi, Helsinki")

    /// Europe/Helsinki.
    public static let helsinki = zone("Europe/Helsinki")
    /// UTC.
    public static let utc = zone("UTC")

    static func zone(_ identifier: String) -> TimeZone { TimeZone(identifier: identifier)! }

    /// `YYYY-MM-DD` `offset` days from today on the Helsinki clock.
    public static func helsinkiDay(_ offset: Int, from now: Date = Date()) -> String {
        format(now.addingTimeInterval(Double(offset) * 86_400), "yyyy-MM-dd", helsinki)
    }

    static func format(_ date: Date, _ pattern: String, _ zone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = pattern
        return formatter.string(from: date)
    }

    /// The instant a Helsinki wall clock reads `day` `time`.
    public static func instant(day: String, time: String) -> Date {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = helsinki
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.date(from: "\(day) \(time)")!
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// One `<Show>` element.
    public static func showXML(_ show: FinnkinoShowSpec) -> String {
        let start = instant(day: show.day, time: show.time)
        let end = start.addingTimeInterval(Double(show.lengthMinutes) * 60)
        let original = show.originalTitle.map { "<OriginalTitle>\(escape($0))</OriginalTitle>" } ?? ""
        return """
            <Show><ID>\(show.id)</ID><dttmShowStart>\(format(start, "yyyy-MM-dd'T'HH:mm:ss", helsinki))</dttmShowStart>\
            <dttmShowStartUTC>\(format(start, "yyyy-MM-dd'T'HH:mm:ss'Z'", utc))</dttmShowStartUTC>\
            <dttmShowEnd>\(format(end, "yyyy-MM-dd'T'HH:mm:ss", helsinki))</dttmShowEnd>\
            <EventID>\(300_000 + show.id)</EventID><Title>\(escape(show.title))</Title>\(original)\
            <ProductionYear>\(show.year)</ProductionYear><LengthInMinutes>\(show.lengthMinutes)</LengthInMinutes>\
            <TheatreID>\(show.theatreID)</TheatreID><Theatre>\(escape(show.theatre))</Theatre>\
            <TheatreAuditorium>sali \(show.id % 7 + 1)</TheatreAuditorium><PresentationMethod>2D</PresentationMethod>\
            <ShowURL>http://www.finnkino.fi/websales/show/\(show.id)/</ShowURL></Show>
            """
    }

    /// A `<Schedule>` document.
    public static func scheduleXML(_ shows: [FinnkinoShowSpec]) -> String {
        """
        <?xml version="1.0"?>
        <Schedule xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
        <PubDate>2026-11-22T00:00:00</PubDate><Shows>\(shows.map(showXML).joined(separator: "\n"))</Shows></Schedule>
        """
    }

    /// A `<TheatreAreas>` document with the capital-region areas, with Finnkino's real ids (Helsinki is 1002;
    /// 1031, 1032 and 1033 are single theatres).
    public static let areasXML = """
        <?xml version="1.0"?>
        <TheatreAreas><TheatreArea><ID>1029</ID><Name>Valitse alue/teatteri</Name></TheatreArea>\
        <TheatreArea><ID>1014</ID><Name>Pääkaupunkiseutu</Name></TheatreArea>\
        <TheatreArea><ID>1012</ID><Name>Espoo</Name></TheatreArea>\
        <TheatreArea><ID>1002</ID><Name>Helsinki</Name></TheatreArea>\
        <TheatreArea><ID>1045</ID><Name>Helsinki: ITIS</Name></TheatreArea>\
        <TheatreArea><ID>1031</ID><Name>Helsinki: KINOPALATSI</Name></TheatreArea>\
        <TheatreArea><ID>1032</ID><Name>Helsinki: MAXIM</Name></TheatreArea>\
        <TheatreArea><ID>1033</ID><Name>Helsinki: TENNISPALATSI</Name></TheatreArea></TheatreAreas>
        """

    /// An XML body.
    public static func xml(_ body: String, status: Int = 200) -> FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        fields[.contentType] = "application/xml; charset=utf-8"
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: fields, body: Data(body.utf8))
    }

    /// Serves `shows`: a day's schedule holds the shows whose day is `dt` (`dd.MM.yyyy`).
    public static func handler(_ shows: [FinnkinoShowSpec]) -> FakeServer.Handler {
        { request, _ in
            switch request.path {
            case "/xml/TheatreAreas/", "/xml/TheatreAreas":
                return xml(areasXML)
            case "/xml/Schedule/", "/xml/Schedule":
                let parts = (request.query["dt"] ?? "").split(separator: ".")
                let day = parts.count == 3 ? "\(parts[2])-\(parts[1])-\(parts[0])" : helsinkiDay(0)
                return xml(scheduleXML(shows.filter { $0.day == day }))
            default:
                return xml("<Error>not found</Error>", status: 404)
            }
        }
    }
}
