import Foundation

/// A showtimes provider as the planner chooses it: by where it works, and whether it is configured.
///
/// For an origin, every configured provider that covers its country is asked, and their shows are merged; a
/// provider is never asked for a country it does not cover. Where nothing configured covers the origin,
/// ``noneConfigured(_:configured:)`` says in one line which provider would, and how to configure it.
///
/// ```swift
/// ShowtimesProvider.covering("US").map(\.name)   // ["Gracenote", "MovieGlu", "cinemas' web pages"]
/// ShowtimesProvider.finnkino.covers("FR")        // false
/// ```
public struct ShowtimesProvider: Sendable, Hashable, CustomStringConvertible {
    /// The id shows carry in ``Show/provider``: `finnkino`, `gracenote`, `movieglu`, `web`.
    public let id: String
    /// The name in messages: "Finnkino", "Gracenote".
    public let name: String
    /// The ISO 3166-1 alpha-2 codes of the countries it covers; nil for anywhere.
    public let countries: [String]?
    /// Where it works, in words: "FI", "US and CA", "125+ countries".
    public let coverage: String
    /// The environment variable that overrides its base URL, when it has one.
    public let baseURLVariable: String?
    /// The environment variables that configure it (its key or keys); empty for a provider that needs none.
    public let keyVariables: [String]
    /// What it costs, in words, for the README's table and `showtimes providers`.
    public let cost: String

    /// Finnkino's free XML API: Finland.
    public static let finnkino = ShowtimesProvider(
        id: "finnkino", name: FinnkinoParsing.providerName, countries: ["FI"], coverage: "FI",
        baseURLVariable: "FINNKINO_BASE_URL", keyVariables: [], cost: "free, no key")
    /// Gracenote's OnConnect API v1.1: the United States and Canada.
    public static let gracenote = ShowtimesProvider(
        id: "gracenote", name: GracenoteParsing.providerName, countries: ["US", "CA"], coverage: "US and CA",
        baseURLVariable: "GRACENOTE_BASE_URL", keyVariables: [gracenoteKeyVariable], cost: "paid key")
    /// Where Gracenote's key comes from.
    public static let gracenoteKeyVariable = "GRACENOTE_API_KEY"
    /// MovieGlu's API v200: "125+ countries" by its own account, which publishes no list that could be found, so
    /// it is asked anywhere it is configured, but only in `MOVIEGLU_TERRITORY` when that is set (an evaluation key
    /// is limited to one territory).
    public static let movieGlu = ShowtimesProvider(
        id: "movieglu", name: "MovieGlu", countries: nil, coverage: "125+ countries",
        baseURLVariable: "MOVIEGLU_BASE_URL", keyVariables: movieGluKeyVariables,
        cost: "per request; free evaluation keys (one territory)")
    /// MovieGlu's three credentials, all needed.
    public static let movieGluKeyVariables = ["MOVIEGLU_CLIENT", "MOVIEGLU_API_KEY", "MOVIEGLU_AUTHORIZATION"]
    /// The schema.org markup on cinemas' own web pages (OpenStreetMap's `website` tag): anywhere such markup is.
    public static let webPages = ShowtimesProvider(
        id: "web", name: "cinemas' web pages", countries: nil, coverage: "anywhere a cinema's page carries them",
        baseURLVariable: nil, keyVariables: [], cost: "free, no key; 'planner config set showtimes.websites never' turns it off")
    /// Every provider, in the order messages list them.
    public static let all: [ShowtimesProvider] = [.finnkino, .gracenote, .movieGlu, .webPages]

    /// Whether it works in `country` (case-insensitive; nil: a place whose country is unknown).
    public func covers(_ country: String?) -> Bool {
        guard let countries else { return true }
        guard let country = country?.uppercased() else { return false }
        return countries.contains(country)
    }

    /// The providers that work in `country`, in the order of ``all``.
    public static func covering(_ country: String?) -> [ShowtimesProvider] {
        all.filter { $0.covers(country) }
    }

    /// "set MOVIEGLU_CLIENT, MOVIEGLU_API_KEY and MOVIEGLU_AUTHORIZATION"; nil for a provider that needs no key.
    public var configureHint: String? {
        guard !keyVariables.isEmpty else { return nil }
        // By index: a slice's `joined` in a command reads its generic requirements at run time, a conformance scan.
        var list = keyVariables[0]
        for index in keyVariables.indices.dropFirst() {
            list += (index == keyVariables.count - 1 ? " and " : ", ") + keyVariables[index]
        }
        return "set \(list)"
    }

    /// The one line said where none of the providers with a service of their own that cover `country` is
    /// configured: which would, and how to configure it. Cinemas' web pages and imported shows still count.
    public static func noneConfigured(_ country: String?, configured: [ShowtimesProvider]) -> String {
        let place = country.map { $0.uppercased() } ?? "this place (its country is unknown)"
        let hint = wouldCover(country, configured: configured)
        return "nothing configured covers \(place)"
            + (hint.isEmpty ? "" : " (" + hint.joined(separator: "; ") + ")")
            + "; cinemas' own web pages and imported shows are used (planner showtimes import FILE)"
    }

    /// The providers with a service of their own that would cover `country` but are not configured, each with how
    /// to configure it: "MovieGlu covers JP: set MOVIEGLU_CLIENT, MOVIEGLU_API_KEY and MOVIEGLU_AUTHORIZATION".
    public static func wouldCover(_ country: String?, configured: [ShowtimesProvider]) -> [String] {
        let place = country.map { $0.uppercased() } ?? "this place"
        return covering(country).filter { $0 != .webPages && !configured.contains($0) }.compactMap { provider in
            provider.configureHint.map { "\(provider.name) covers \(place): \($0)" }
        }
    }

    /// "Gracenote covers US and CA".
    public var description: String { "\(name) covers \(coverage)" }
}
