import Foundation
import Hummingbird
import PlannerApp
import Tabular

/// `/v1/me/…`: one user's watchlist, favorites, ratings, reviews, stats, suggestions and release calendar,
/// behind their bearer token (the calendar also behind its feed key).
enum MeRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, state: ServerState) {
        for (path, list) in [("watchlist", FilmList.watchlist), ("favorites", .favorites)] {
            router.get(RouterPath("/v1/me/\(path)")) { request, _ in
                let user = try await state.user(request)
                let images = try await state.films(region: nil, user: user).imageLinks()
                return Reply.json(try FilmFormat.json(try state.book(for: user).filmsAndSeriesJSON(list, images: images)))
            }
            router.post(RouterPath("/v1/me/\(path)")) { request, context in
                let user = try await state.user(request)
                let body = try await decode(FilmID.self, from: request, context: context, state: state)
                let films = try state.films(region: nil, user: user)
                let id: Int
                if let imdbID = body.imdbID { id = try await films.filmID(imdbID: imdbID) } else { id = body.id ?? 0 }
                let addition = try await films.add(id: id, to: list)
                let images = await films.imageLinks()
                let item = try ListBook(store: films.store).listJSON(list, images: images).first {
                    $0.id == addition.film.id
                }
                return Reply.json(try FilmFormat.json(item), status: addition.result == .added ? .created : .ok)
            }
            router.delete(RouterPath("/v1/me/\(path)/{id}")) { request, context in
                let user = try await state.user(request)
                let id = try filmID(context)
                guard try state.book(for: user).remove(filmID: id, from: list) else {
                    throw Problem(.notFound, "film \(id) is not on your \(list.displayName)")
                }
                return Reply.noContent()
            }
        }
        router.put("/v1/me/ratings/{id}") { request, context in
            let user = try await state.user(request)
            let body = try await decode(RatingBody.self, from: request, context: context, state: state)
            let id = try filmID(context)
            try onAList(id, book: state.book(for: user)).rate(filmID: id, stars: body.rating)
            return Reply.json(try FilmFormat.json(RatingBody(id: id, rating: body.rating)))
        }
        router.delete("/v1/me/ratings/{id}") { request, context in
            let user = try await state.user(request)
            let id = try filmID(context)
            try onAList(id, book: state.book(for: user)).rate(filmID: id, stars: nil)
            return Reply.noContent()
        }
        router.put("/v1/me/reviews/{id}") { request, context in
            let user = try await state.user(request)
            let body = try await decode(ReviewBody.self, from: request, context: context, state: state)
            let id = try filmID(context)
            try onAList(id, book: state.book(for: user)).review(filmID: id, text: body.review)
            return Reply.json(try FilmFormat.json(ReviewBody(id: id, review: body.review)))
        }
        router.delete("/v1/me/reviews/{id}") { request, context in
            let user = try await state.user(request)
            let id = try filmID(context)
            try onAList(id, book: state.book(for: user)).review(filmID: id, text: nil)
            return Reply.noContent()
        }
        router.get("/v1/me/stats") { request, _ in
            let user = try await state.user(request)
            return Reply.json(String(decoding: try state.book(for: user).stats().jsonData(), as: UTF8.self))
        }
        router.get("/v1/me/rated") { request, _ in
            let user = try await state.user(request)
            let stars = try Self.stars(try Query(request))
            var report = try state.book(for: user).rated(stars: stars)
            report.images = try await state.films(region: nil, user: user).imageLinks()
            return Reply.json(try report.json())
        }
        router.get("/v1/me/suggest") { request, _ in
            let user = try await state.user(request)
            let query = try Query(request)
            let environment = try state.requestEnvironment()
            let search = try TheaterRoutes.searchRequest(query, settings: environment.settings())
            // Only the GeoJSON draws the routes' lines. A format that is refused is refused below, as before.
            let plainJSON =
                (try? TheaterRoutes.format(query, request: request, default: .json, allowed: [.json, .geojson]))
                == .json
            let films = try state.films(
                region: try FilmRoutes.region(query), user: user, requestEnvironment: environment)
            let report = try await films
                .suggestReport(
                    near: query.string("near"), search: search, includeWatched: query.string("include_watched") == "true",
                    showtimes: try ShowtimesServices.make(
                        ShowtimesRequest(), storage: state.storage.scoped(to: user.id), environment: environment),
                    environment: environment, routeLines: !plainJSON)
            switch try TheaterRoutes.format(query, request: request, default: .json, allowed: [.json, .geojson]) {
            case .geojson: return Reply.geoJSON(report.geoJSON())
            default:
                var report = report
                // The posters of the saved region's image configuration: the route's own services when the
                // query named no region, else services made as with none.
                let images =
                    try films.requestedRegion == nil
                    ? films : state.films(region: nil, user: user, requestEnvironment: environment)
                report.images = await images.imageLinks()
                return Reply.json(utf8: try report.jsonUTF8())
            }
        }
        router.get("/v1/me/upcoming.ics") { request, _ in
            let query = try Query(request)
            let user: UserAccount
            if let key = query.string("key") {
                guard let owner = try state.tokens.user(feedKey: key) else {
                    throw Problem(.unauthorized, "the feed key is not known (rotated or removed?)")
                }
                try await state.limit(owner.id)
                user = owner
            } else {
                user = try await state.user(request)
            }
            let releases = try await state.films(region: try FilmRoutes.region(query), user: user).upcomingReleases(
                fallbackRegion: state.configuration.region, environment: state.environment)
            // An empty feed is still a calendar a subscribed app can read: RFC 5545 wants a component, so the
            // feed says "nothing to come" with no events only as an empty VCALENDAR would be invalid.
            guard let calendar = releases.calendar() else {
                throw Problem(.notFound, "none of your watchlisted films has a future release date in \(releases.region)")
            }
            return Reply.text(calendar, type: "text/calendar; charset=utf-8")
        }
    }

    /// `{"id": 550}` or `{"id": "tt0137523"}`: a TMDb id, or an IMDb id that TMDb's `/find` turns into one.
    struct FilmID: Decodable {
        let id: Int?
        let imdbID: String?

        enum CodingKeys: String, CodingKey { case id }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let number = try? container.decode(Int.self, forKey: .id) {
                id = number
                imdbID = nil
                return
            }
            let text = try container.decode(String.self, forKey: .id)
            guard FilmRoutes.isIMDbID(text) else {
                throw DecodingError.typeMismatch(
                    Int.self,
                    DecodingError.Context(
                        codingPath: [CodingKeys.id], debugDescription: "neither a TMDb id nor an IMDb id"))
            }
            id = nil
            imdbID = text
        }
    }

    /// The `stars` of `GET /v1/me/rated`: a rating, 0.5 to 5 in steps of 0.5.
    static func stars(_ query: Query) throws -> Double {
        let text = try query.required("stars")
        guard let stars = Double(text), stars >= 0.5, stars <= 5, (stars * 2).rounded() == stars * 2 else {
            throw Problem(
                .badRequest,
                "the query parameter 'stars' must be a rating from 0.5 to 5 in steps of 0.5, not '\(text.prefix(80))'")
        }
        return stars
    }

    struct RatingBody: Codable {
        var id: Int?
        let rating: Double
    }

    struct ReviewBody: Codable {
        var id: Int?
        let review: String
    }

    /// The user's store, once the film is known to be on one of their lists (a diary is kept for those only).
    static func onAList(_ id: Int, book: ListBook) throws -> ListBook {
        guard try book.isListed(filmID: id) else {
            throw Problem(.notFound, "film \(id) is on none of your lists; add it first with POST /v1/me/watchlist")
        }
        return book
    }

    static func filmID(_ context: BasicRequestContext) throws -> Int {
        let text = context.parameters.get("id") ?? ""
        guard let id = Int(text), (1...Int(Int32.max)).contains(id) else {
            throw Problem(.badRequest, "the TMDb id must be a positive number, not '\(text.prefix(80))'")
        }
        return id
    }

    /// The JSON body, at most the configured size (413 past it), read as `T` (400 with the reason otherwise).
    static func decode<T: Decodable>(_ type: T.Type, from request: Request, context: BasicRequestContext, state: ServerState)
        async throws -> T
    {
        var request = request
        let buffer: ByteBuffer
        do {
            buffer = try await request.collectBody(upTo: state.configuration.maxBodyBytes)
        } catch {
            throw Problem(.contentTooLarge, "the request body is over \(state.configuration.maxBodyBytes) bytes")
        }
        guard JSONDepth.isWithinLimit(buffer.readableBytesView) else {
            throw Problem(.badRequest, "the request body nests arrays or objects more than \(JSONDepth.limit) deep")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer: buffer))
        } catch {
            throw Problem(.badRequest, "the request body is not the JSON this route takes: \(BodyError.describe(error))")
        }
    }
}

/// A decoding failure in words, naming the field, never Swift's own dump.
enum BodyError {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "it is not JSON" }
        switch error {
        case .keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "it is not a JSON object" : "'\(path)' has the wrong type"
        case .dataCorrupted: return "it is not valid JSON"
        @unknown default: return "it cannot be read"
        }
    }
}
