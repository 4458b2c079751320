import Foundation
import HTTPTypes
import Hummingbird
import PlannerApp
import PlannerService

/// What every route shares: the configuration, the one open store, the users and their rate limits.
struct ServerState: Sendable {
    let configuration: ServerConfiguration
    let storage: Storage
    let limiter: RateLimiter

    var environment: PlannerApp.Environment { configuration.environment }

    /// The environment for one request, its settings read once (a use case asks for them several times).
    func requestEnvironment() throws -> PlannerApp.Environment { try configuration.environment.readingSettingsOnce() }

    /// The user id no account has: the public routes read lists through it, so they are empty.
    static let nobody: Int64 = 0
    var tokens: UserTokens { UserTokens(store: storage.lists) }

    /// The user a request's bearer token names, rate-limited.
    /// - Throws: a 401 problem without a known token, 403 for a feed key, 429 past the rate limit.
    func user(_ request: Request) async throws -> UserAccount {
        let challenge: HTTPFields = [.wwwAuthenticate: "Bearer realm=\"planner\""]
        guard let header = request.headers[.authorization], header.lowercased().hasPrefix("bearer ") else {
            throw Problem(.unauthorized, "this route needs 'Authorization: Bearer TOKEN'; 'planner users add NAME' makes one", headers: challenge)
        }
        let token = header.dropFirst(7).trimmingSpaces()
        if UserTokens.isFeedKey(token), try tokens.user(feedKey: token) != nil {
            throw Problem(.forbidden, "a feed key opens the upcoming.ics feed only; use the user's token")
        }
        guard let user = try tokens.user(bearer: token) else {
            throw Problem(.unauthorized, "the token is not known (removed or rotated?)", headers: challenge)
        }
        try await limit(user.id)
        return user
    }

    /// The user of the bearer token when one is sent (a public route then answers with their marks), else nil.
    func optionalUser(_ request: Request) async throws -> UserAccount? {
        request.headers[.authorization] == nil ? nil : try await user(request)
    }

    /// Refuses with a 429 and `Retry-After` when `userID` is over the rate limit.
    func limit(_ userID: Int64) async throws {
        if let wait = await limiter.take(for: userID) {
            throw Problem(.tooManyRequests, "too many requests for this token; try again in \(wait) s", headers: [.retryAfter: "\(wait)"])
        }
    }

    /// The film services over the store, scoped to `user` (or shared, for the public routes).
    /// The user's lists.
    func book(for user: UserAccount) -> ListBook { ListBook.of(userID: user.id, in: storage) }

    /// - Parameter requestEnvironment: the request's (``requestEnvironment()``), when it has read the settings already.
    func films(
        region: String?, user: UserAccount? = nil, requestEnvironment: PlannerApp.Environment? = nil
    ) throws -> FilmServices {
        // The public routes see nobody's lists: never the command line's own.
        let scoped = storage.scoped(to: user?.id ?? Self.nobody)
        var services = try FilmServices.make(
            FilmRequest(region: region), storage: scoped, environment: requestEnvironment ?? environment)
        // No account is nobody's: its lists are empty without asking.
        services.listsAreEmpty = user == nil
        return services
    }
}
