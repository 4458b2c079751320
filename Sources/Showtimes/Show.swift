import Foundation

/// One screening of one film in one auditorium, whoever listed it (Finnkino, an import, …).
///
/// Start and end are instants; ``timeZoneIdentifier`` is the theater's zone, in which times are shown.
///
/// ```swift
/// let shows = try await FinnkinoClient(baseURL: url, transport: CurlTransport()).schedule(area: "1002", on: day)
/// let local = shows[0].localTime(of: shows[0].start)   // "18:30" in Europe/Helsinki
/// ```
public struct Show: Sendable, Equatable, Hashable, Codable {
    /// Who listed the show: `finnkino` or `import`.
    public var provider: String
    /// The provider's id of the show, when it has one.
    public var providerShowID: String?
    /// The provider's id of the theater (Finnkino's TheatreID; an import's theater name).
    public var providerTheaterID: String
    /// The provider's name of the theater, such as "Kinopalatsi, Helsinki".
    public var providerTheaterName: String
    /// The title as listed (often in the local language).
    public var title: String
    /// The title in the film's original language, when the provider gives it.
    public var originalTitle: String?
    /// The film's production year, when given.
    public var year: Int?
    /// When the show starts.
    public var start: Date
    /// When the show ends, when known.
    public var end: Date?
    /// The theater's IANA time zone, such as `Europe/Helsinki`.
    public var timeZoneIdentifier: String
    /// The auditorium (Finnkino's TheatreAuditorium, "sali 1").
    public var auditorium: String?
    /// The presentation format (Finnkino's PresentationMethod: "2D", "3D", "IMAX").
    public var format: String?
    /// Where to book a seat.
    public var bookingURL: String?
    /// The film's IMDb title id (`tt0076759`), when the provider gives it (MovieGlu's `imdb_title_id`): the surest
    /// way to match the show to a film. Optional, so that shows encoded before it existed still decode.
    public var imdbID: String?

    /// Creates a show.
    public init(
        provider: String, providerShowID: String? = nil, providerTheaterID: String, providerTheaterName: String,
        title: String, originalTitle: String? = nil, year: Int? = nil, start: Date, end: Date? = nil,
        timeZoneIdentifier: String, auditorium: String? = nil, format: String? = nil, bookingURL: String? = nil,
        imdbID: String? = nil
    ) {
        self.provider = provider
        self.providerShowID = providerShowID
        self.providerTheaterID = providerTheaterID
        self.providerTheaterName = providerTheaterName
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.start = start
        self.end = end
        self.timeZoneIdentifier = timeZoneIdentifier
        self.auditorium = auditorium
        self.format = format
        self.bookingURL = bookingURL
        self.imdbID = imdbID
    }

    /// The theater's time zone (UTC if the identifier is unknown), looked up once per identifier.
    public var timeZone: TimeZone {
        LocalClock.timeZone(identifier: timeZoneIdentifier) ?? LocalClock.timeZone(identifier: "UTC")!
    }

    /// The calendar day the show starts on, in the theater's zone, as `YYYY-MM-DD`.
    public var localDay: String { LocalClock.day(of: start, in: timeZone) }

    /// `date` as `HH:MM` on the theater's clock.
    public func localTime(of date: Date) -> String { LocalClock.time(of: date, in: timeZone) }

    /// Minutes past local midnight of `date` on the theater's clock (0–1439).
    public func localMinutes(of date: Date) -> Int { LocalClock.minutesPastMidnight(of: date, in: timeZone) }
}
