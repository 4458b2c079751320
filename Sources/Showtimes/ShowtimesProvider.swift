import Foundation

/// A showtimes provider as the planner chooses it: by the countries it covers.
///
/// A provider never answers for a country it does not cover; where none covers the origin, only imported shows
/// are used, and ``noneCovers(_:)`` says so in one line.
///
/// ```swift
/// ShowtimesProvider.covering("US")?.name   // "Gracenote"
/// ShowtimesProvider.covering("FR")         // nil
/// ShowtimesProvider.noneCovers("FR")
/// // "no showtimes provider covers FR: Finnkino covers FI, Gracenote covers US and CA; imported shows are used …"
/// ```
public struct ShowtimesProvider: Sendable, Hashable, CustomStringConvertible {
    /// The id shows carry in ``Show/provider``: `finnkino`, `gracenote`.
    public let id: String
    /// The name in messages: "Finnkino", "Gracenote".
    public let name: String
    /// The ISO 3166-1 alpha-2 codes of the countries it covers.
    public let countries: [String]
    /// The environment variable that overrides its base URL.
    public let baseURLVariable: String
    /// The environment variable that holds its key, for a provider that needs one.
    public let keyVariable: String?

    /// Finnkino's free XML API: Finland.
    public static let finnkino = ShowtimesProvider(
        id: "finnkino", name: FinnkinoParsing.providerName, countries: ["FI"], baseURLVariable: "FINNKINO_BASE_URL",
        keyVariable: nil)
    /// Gracenote's OnConnect API v1.1: the United States and Canada.
    public static let gracenote = ShowtimesProvider(
        id: "gracenote", name: GracenoteParsing.providerName, countries: ["US", "CA"],
        baseURLVariable: "GRACENOTE_BASE_URL", keyVariable: gracenoteKeyVariable)
    /// Where Gracenote's key comes from.
    public static let gracenoteKeyVariable = "GRACENOTE_API_KEY"
    /// Every provider, in the order messages list them.
    public static let all: [ShowtimesProvider] = [.finnkino, .gracenote]

    /// The provider covering `country` (case-insensitive), or nil.
    public static func covering(_ country: String?) -> ShowtimesProvider? {
        guard let country = country?.uppercased() else { return nil }
        return all.first { $0.countries.contains(country) }
    }

    /// The one line said where no provider covers `country` (nil: the origin's country is unknown).
    public static func noneCovers(_ country: String?) -> String {
        let place = country.map { $0.uppercased() } ?? "this place (its country is unknown)"
        return "no showtimes provider covers \(place): "
            + all.map(\.description).joined(separator: ", ")
            + "; imported shows are used (planner showtimes import FILE)"
    }

    /// "Gracenote covers US and CA".
    public var description: String {
        let list =
            countries.count <= 1
            ? countries.joined() : countries.dropLast().joined(separator: ", ") + " and " + countries.last!
        return "\(name) covers \(list)"
    }
}
