import Foundation

/// A cinema's own web pages for the tests of the web-page showtimes: HTML whose schema.org JSON-LD takes the shapes
/// cinemas publish, and `robots.txt` bodies. Data only: each test serves them from its own fake server.
public enum FakeCinemaSite {
    /// One screening as a page describes it.
    public struct Screening: Sendable {
        /// `workPresented.name`.
        public var title: String
        /// Written as `workPresented.dateCreated` (`YYYY-01-01`) when given.
        public var year: Int?
        /// The `startDate` exactly as written (with or without an offset).
        public var startDate: String
        /// The event's `duration`, such as `PT1H50M`.
        public var duration: String?
        /// `offers.url`, absolute or relative.
        public var bookingURL: String?
        /// The `location`'s name (an auditorium).
        public var screen: String?

        /// Creates a screening.
        public init(
            title: String, year: Int? = nil, startDate: String, duration: String? = nil, bookingURL: String? = nil,
            screen: String? = nil
        ) {
            self.title = title
            self.year = year
            self.startDate = startDate
            self.duration = duration
            self.bookingURL = bookingURL
            self.screen = screen
        }
    }

    /// The theater's name in every page's markup.
    public static let theaterName = "Fake Markup Cinema"

    /// Two screenings on 2026-11-22 in Paris: one with an offset, one in UTC.
    public static let twoScreenings = [
        Screening(
            title: "Bar Film 1", year: 2026, startDate: "2026-11-22T20:00:00+01:00", duration: "PT1H50M",
            bookingURL: "/book/1", screen: "Salle 2"),
        Screening(title: "Bar Film 2", year: 2025, startDate: "2026-11-22T17:15:00Z", bookingURL: "/book/2"),
    ]

    // MARK: - Pages

    /// An HTML page holding each block in a `<script type="application/ld+json">` element, around some ordinary
    /// markup and an ordinary script.
    public static func page(jsonLD blocks: [String], title: String = "Programme") -> String {
        let scripts = blocks.map { "<script type=\"application/ld+json\">\n\($0)\n</script>" }
        return """
            <!DOCTYPE html>
            <html lang="fr"><head><meta charset="utf-8"><title>\(title)</title>
            <script>window.dataLayer = [];</script>
            \(scripts.joined(separator: "\n"))
            </head><body><h1>\(title)</h1><p>Séances de la semaine.</p></body></html>
            """
    }

    /// A page whose one block is an `@graph` holding the `MovieTheater` and one `ScreeningEvent` per screening.
    public static func graphPage(_ screenings: [Screening]) -> String {
        let nodes = [theaterJSON(events: nil)] + screenings.map { screeningJSON($0) }
        return page(jsonLD: [#"{"@context":"https://schema.org","@graph":[\#(nodes.joined(separator: ","))]}"#])
    }

    /// A page whose one block is a `MovieTheater` listing its screenings as its `event`.
    public static func theaterEventListPage(_ screenings: [Screening]) -> String {
        let events = "[" + screenings.map { screeningJSON($0, context: false) }.joined(separator: ",") + "]"
        return page(jsonLD: [#"{"@context":"https://schema.org",\#(theaterBody(events: events))}"#])
    }

    /// A page whose one block is an `Event` presenting a `Movie`, its screenings as `subEvent`s that do not name
    /// the film again.
    public static func eventWithSubEventsPage(
        title: String, year: Int, startDates: [String], bookingBase: String = "/reserver/"
    ) -> String {
        let subEvents = startDates.enumerated().map { index, start in
            #"{"@type":"ScreeningEvent","startDate":"\#(start)","#
                + #""offers":{"@type":"Offer","url":"\#(bookingBase)\#(index + 1)"}}"#
        }
        let block = """
            {"@context":"https://schema.org","@type":"Event","name":\(json(title)),\
            "startDate":"\(startDates.first.map { String($0.prefix(10)) } ?? "2026-11-22")",\
            "workPresented":{"@type":"Movie","name":\(json(title)),"dateCreated":"\(year)-05-01","duration":"PT1H40M"},\
            "location":{"@type":"MovieTheater","name":\(json(theaterName))},\
            "subEvent":[\(subEvents.joined(separator: ","))]}
            """
        return page(jsonLD: [block])
    }

    /// A page whose `MovieTheater` names other pages as its events (by address, relative or absolute), listing no
    /// screening itself.
    public static func theaterPageNamingEventPages(_ addresses: [String]) -> String {
        let events = "[" + addresses.map { json($0) }.joined(separator: ",") + "]"
        return page(jsonLD: [#"{"@context":"https://schema.org",\#(theaterBody(events: events))}"#])
    }

    /// A page with no JSON-LD at all (an ordinary script and microdata-free HTML).
    public static let pageWithoutMarkup = page(jsonLD: [], title: "Accueil")

    /// A page with valid markup padded past `bytes` with an HTML comment.
    public static func oversizedPage(bytes: Int = 2_100_000, screenings: [Screening] = twoScreenings) -> String {
        let markup = graphPage(screenings)
        let padding = max(0, bytes - markup.utf8.count) + 16
        return markup.replacingOccurrences(
            of: "</body>", with: "<!-- " + String(repeating: "x", count: padding) + " --></body>")
    }

    // MARK: - robots.txt

    /// Allows everyone everything, and names a sitemap.
    public static let robotsAllowingEveryone = """
        User-agent: *
        Disallow:

        Sitemap: https://cinema.example/sitemap.xml
        """

    /// Refuses planner the whole site, while allowing every other crawler.
    public static let robotsDisallowingPlanner = """
        # Programme pages are for people
        User-agent: Googlebot
        Allow: /

        User-agent: planner
        Disallow: /

        User-agent: *
        Allow: /
        """

    /// Refuses every crawler `path`, allowing the rest.
    public static func robotsDisallowingEveryone(path: String) -> String {
        """
        User-agent: *
        Disallow: \(path)
        Allow: /
        """
    }

    // MARK: - JSON pieces

    /// A JSON string literal.
    public static func json(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// One `ScreeningEvent` object.
    public static func screeningJSON(_ screening: Screening, context: Bool = false) -> String {
        var fields = [#""@type":"ScreeningEvent""#, #""name":\#(json(screening.title))"#]
        if context { fields.insert(#""@context":"https://schema.org""#, at: 0) }
        fields.append(#""startDate":\#(json(screening.startDate))"#)
        if let duration = screening.duration { fields.append(#""duration":\#(json(duration))"#) }
        var movie = [#""@type":"Movie""#, #""name":\#(json(screening.title))"#]
        if let year = screening.year { movie.append(#""dateCreated":"\#(year)-01-01""#) }
        fields.append(#""workPresented":{\#(movie.joined(separator: ","))}"#)
        if let screen = screening.screen {
            fields.append(#""location":{"@type":"Place","name":\#(json(screen))}"#)
        }
        if let booking = screening.bookingURL {
            fields.append(#""offers":[{"@type":"Offer","url":\#(json(booking)),"price":"9.50","priceCurrency":"EUR"}]"#)
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// The `MovieTheater` object, with `events` (a JSON value) as its `event` when given.
    static func theaterJSON(events: String?) -> String {
        "{" + theaterBody(events: events) + "}"
    }

    /// The `MovieTheater`'s members, without braces.
    static func theaterBody(events: String?) -> String {
        var body = #""@type":"MovieTheater","name":\#(json(theaterName)),"#
            + #""address":{"@type":"PostalAddress","streetAddress":"1 rue du Faux","addressLocality":"Paris"}"#
        if let events { body += #","event":\#(events)"# }
        return body
    }
}
