// Debug builds only, for `@testable import` (FuzzTarget.swift).
#if DEBUG
import Foundation
@testable import NowPlaying
@testable import OnlineLookup
import Showtimes

extension FuzzTarget {
    /// Finnkino's `<Schedule>` and `<TheatreAreas>` XML.
    static let finnkino = FuzzTarget(name: "finnkino", summary: "Finnkino schedule / areas XML (FinnkinoParsing)") {
        bytes in
        let data = Data(bytes)
        _ = try? FinnkinoParsing.schedule(from: data)
        _ = try? FinnkinoParsing.areas(from: data)
    }

    /// Gracenote's `/movies/showings` and `/theatres` JSON.
    static let gracenote = FuzzTarget(
        name: "gracenote", summary: "Gracenote showings / theatres JSON (GracenoteParsing)"
    ) { bytes in
        let data = Data(bytes)
        _ = try? GracenoteParsing.schedule(fromShowings: data) { _ in "America/New_York" }
        _ = try? GracenoteParsing.theatres(from: data)
    }

    /// MovieGlu's `cinemasNearby` and `cinemaShowTimes` JSON.
    static let movieGlu = FuzzTarget(
        name: "movieglu", summary: "MovieGlu cinemas / showtimes JSON (MovieGluParsing)"
    ) { bytes in
        let data = Data(bytes)
        _ = try? MovieGluParsing.cinemas(from: data)
        _ = try? MovieGluParsing.shows(
            fromCinemaShowTimes: data, cinemaID: "1", cinemaName: "Fuzz", date: "2026-10-25", zone: "Europe/London")
    }

    /// A cinema's page (its schema.org JSON-LD) and a robots.txt, from the same bytes.
    static let webMarkup = FuzzTarget(
        name: "web-markup", summary: "cinema pages' JSON-LD and robots.txt (ScreeningMarkup, RobotsTxt)"
    ) { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        _ = ScreeningMarkup.events(
            inPage: text, pageURL: URL(string: "https://cinema.example/programme")!, theaterZone: "Europe/Paris")
        let robots = RobotsTxt(text)
        _ = robots.isAllowed(path: "/programme?week=2")
        _ = robots.isAllowed(path: "/")
    }

    /// The TMDb and OMDb answers, each decoded as every model `planner` reads, and the dates in them used.
    static let filmJSON = FuzzTarget(name: "film-json", summary: "TMDb / OMDb JSON (Page, MovieDetails, TVShow, …)") {
        bytes in
        let data = Data(bytes)
        func decode<T: Decodable>(_ type: T.Type) -> T? {
            try? TMDbClient.decode(type, from: data, endpoint: "fuzz")
        }
        if let page = decode(Page<Movie>.self) { _ = page.results.map(\.releaseYear) }
        _ = decode(Page<TVShow>.self)
        if let details = decode(MovieDetails.self) { _ = details.theatricalReleaseDate(region: "FI") }
        _ = decode(TVShow.self)
        if let show = decode(TVShowDetails.self) { _ = show.nextEpisode?.code }
        if let releases = decode(ReleaseDates.self) { _ = releases.certification(region: "US") }
        if let images = decode(ImageConfiguration.self) { _ = images.posterURL(path: "/poster.jpg") }
        _ = decode(OMDbMovie.self)
    }

    /// Nominatim's jsonv2 search and reverse answers, and Overpass's JSON.
    static let lookupJSON = FuzzTarget(name: "lookup-json", summary: "Nominatim / Overpass JSON (OnlineLookup)") {
        bytes in
        let data = Data(bytes)
        _ = try? NominatimClient.parsePlaces(data)
        _ = try? NominatimClient.parseObject(data)
        _ = try? OverpassClient.parse(data)
    }
}
#endif
