import Basics
import Foundation
import Geo
import Theaters

/// A provider's theater as its shows name it.
public struct ProviderTheater: Sendable, Hashable, Codable {
    /// The provider's id ("1031" for Finnkino's Kinopalatsi).
    public var id: String
    /// The provider's name ("Kinopalatsi, Helsinki").
    public var name: String

    /// Creates a provider theater.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }

    /// The distinct theaters of `shows`, in order of first appearance.
    public static func of(_ shows: [Show]) -> [ProviderTheater] {
        var seen = Set<ProviderTheater>()
        return shows.map { ProviderTheater(id: $0.providerTheaterID, name: $0.providerTheaterName) }
            .filter { seen.insert($0).inserted }
    }
}

/// A provider theater found in the catalog.
public struct TheaterMatch: Sendable, Equatable {
    /// The provider's theater.
    public var provider: ProviderTheater
    /// The catalog's theater.
    public var theater: Theater
    /// How sure the match is.
    public var confidence: MatchConfidence
    /// Why it matched, in a few words.
    public var reason: String

    /// Creates a match.
    public init(provider: ProviderTheater, theater: Theater, confidence: MatchConfidence, reason: String) {
        self.provider = provider
        self.theater = theater
        self.confidence = confidence
        self.reason = reason
    }
}

/// Which provider theaters were found in the catalog and which were not.
public struct TheaterMatching: Sendable {
    /// The matches, by provider theater id.
    public var matches: [String: TheaterMatch]
    /// The provider theaters not found, in the order they came.
    public var unmatched: [ProviderTheater]

    /// Creates a matching.
    public init(matches: [String: TheaterMatch], unmatched: [ProviderTheater]) {
        self.matches = matches
        self.unmatched = unmatched
    }
}

/// Matches a provider's theaters to catalog theaters by normalized name, city and distance.
///
/// A provider name "Venue, City" is split at its last comma. A catalog theater matches when its name (or
/// `name:en`) equals the venue, or one contains the other (weak); a catalog theater whose `addr:city` names
/// another city never matches; and, when a reference point is given, neither does one farther from it than
/// `maxDistanceMeters` (Finnkino has a Kinopalatsi in Helsinki and another in Turku).
///
/// Matching more than once against one catalog (a day's shows are matched twice, a week's seven times), make a
/// ``TheaterMatcherCatalog`` once and use the functions that take it.
public enum TheaterMatcher {
    /// How far from the reference point a matched theater may be, in meters, unless told otherwise.
    public static let defaultMaxDistanceMeters = 50_000.0

    /// Matches every provider theater against `catalog`.
    public static func match(
        _ providerTheaters: [ProviderTheater], catalog: [Theater], near reference: Coordinate?,
        maxDistanceMeters: Double = defaultMaxDistanceMeters
    ) -> TheaterMatching {
        match(
            providerTheaters, in: TheaterMatcherCatalog(catalog), near: reference, maxDistanceMeters: maxDistanceMeters)
    }

    /// Matches every provider theater against `catalog`.
    public static func match(
        _ providerTheaters: [ProviderTheater], in catalog: TheaterMatcherCatalog, near reference: Coordinate?,
        maxDistanceMeters: Double = defaultMaxDistanceMeters
    ) -> TheaterMatching {
        var matches: [String: TheaterMatch] = [:]
        var unmatched: [ProviderTheater] = []
        for provider in providerTheaters {
            if let match = best(provider, in: catalog, near: reference, maxDistanceMeters: maxDistanceMeters) {
                matches[provider.id] = match
            } else {
                unmatched.append(provider)
            }
        }
        return TheaterMatching(matches: matches, unmatched: unmatched)
    }

    /// The best catalog theater for one provider theater: best confidence, then nearest the reference.
    public static func best(
        _ provider: ProviderTheater, catalog: [Theater], near reference: Coordinate?,
        maxDistanceMeters: Double = defaultMaxDistanceMeters
    ) -> TheaterMatch? {
        best(provider, in: TheaterMatcherCatalog(catalog), near: reference, maxDistanceMeters: maxDistanceMeters)
    }

    /// The best catalog theater for one provider theater: best confidence, then nearest the reference. Asked again
    /// for the same provider theater, reference and distance, the catalog answers what it found the first time.
    public static func best(
        _ provider: ProviderTheater, in catalog: TheaterMatcherCatalog, near reference: Coordinate?,
        maxDistanceMeters: Double = defaultMaxDistanceMeters
    ) -> TheaterMatch? {
        catalog.best(provider, near: reference, maxDistanceMeters: maxDistanceMeters)
    }

    /// ``best(_:in:near:maxDistanceMeters:)`` worked out, with the catalog theaters' keys from `keys`.
    static func best(
        _ provider: ProviderTheater, catalog: [Theater], keys: (Int) -> TheaterMatcherCatalog.Keys,
        near reference: Coordinate?, maxDistanceMeters: Double
    ) -> TheaterMatch? {
        let (venue, city) = split(provider.name)
        guard !venue.isEmpty else { return nil }
        var candidates: [(match: TheaterMatch, distance: Double)] = []
        for (index, theater) in catalog.enumerated() {
            // The distance first: it is cheap, and a theater too far needs no keys (either test alone rules it out).
            let distance = reference.map { $0.distanceMeters(to: theater.coordinate) } ?? 0
            if distance > maxDistanceMeters { continue }
            let theaterKeys = keys(index)
            let names = theaterKeys.names
            let theaterCity = theaterKeys.city
            if let city, let theaterCity, !theaterCity.isEmpty, theaterCity != city { continue }
            let confidence: MatchConfidence
            let reason: String
            if names.contains(venue) {
                let cityAgrees = city == nil || theaterCity == city
                confidence = cityAgrees ? .exact : .likely
                reason = cityAgrees ? "same name and city" : "same name; the catalog gives no city"
            } else if venue.count >= 4,
                names.contains(where: { $0.count >= 4 && ($0.contains(venue) || venue.contains($0)) })
            {
                confidence = .weak
                reason = "one name contains the other"
            } else {
                continue
            }
            candidates.append(
                (TheaterMatch(provider: provider, theater: theater, confidence: confidence, reason: reason), distance))
        }
        return candidates.min { a, b in
            a.match.confidence != b.match.confidence ? a.match.confidence < b.match.confidence : a.distance < b.distance
        }?.match
    }

    /// "Kinopalatsi, Helsinki" → ("kinopalatsi", "helsinki"); "Bio Rex" → ("bio rex", nil).
    static func split(_ name: String) -> (venue: String, city: String?) {
        guard let comma = name.lastIndex(of: ",") else { return (NameKey.of(name), nil) }
        let city = NameKey.of(String(name[name.index(after: comma)...]))
        return (NameKey.of(String(name[..<comma])), city.isEmpty ? nil : city)
    }
}

/// A catalog made ready for matching: each theater's name keys worked out when first needed, and each provider
/// theater's best match remembered, by its id and name, the reference point and the distance allowed.
///
/// Made for one request's matching (its catalog does not change under it). Guarded by an `NSLock`, so that it
/// may be shared.
public final class TheaterMatcherCatalog: @unchecked Sendable {
    /// A catalog theater's keys: its name's and `name:en`'s (the empty ones left out), and its `addr:city`'s.
    struct Keys {
        let names: [String]
        let city: String?
    }

    /// One call's arguments; the provider theater by its exact text (see ``ExactText``), as its match carries it.
    private struct Question: Hashable {
        let providerID: ExactText
        let providerName: ExactText
        let reference: Coordinate?
        let maxDistanceMeters: Double
    }

    /// The catalog's theaters.
    public let theaters: [Theater]
    private let lock = NSLock()
    private var keys: [Int: Keys] = [:]
    private var answers: [Question: TheaterMatch?] = [:]

    /// How many answers are kept at most.
    static let keptAnswers = 4_096

    /// Prepares `theaters` for matching.
    public init(_ theaters: [Theater]) {
        self.theaters = theaters
    }

    func best(_ provider: ProviderTheater, near reference: Coordinate?, maxDistanceMeters: Double) -> TheaterMatch? {
        let question = Question(
            providerID: ExactText(provider.id), providerName: ExactText(provider.name), reference: reference,
            maxDistanceMeters: maxDistanceMeters)
        return lock.withLock {
            if let known = answers[question] { return known }
            let answer = TheaterMatcher.best(
                provider, catalog: theaters, keys: self.keys(at:), near: reference,
                maxDistanceMeters: maxDistanceMeters)
            // A server keeps one for its life: past its bound it starts afresh rather than grow with every origin.
            if answers.count >= Self.keptAnswers { answers.removeAll(keepingCapacity: true) }
            answers[question] = .some(answer)
            return answer
        }
    }

    /// Called with the lock held.
    private func keys(at index: Int) -> Keys {
        if let known = keys[index] { return known }
        let theater = theaters[index]
        let made = Keys(
            names: [theater.name, theater.tags["name:en"]].compactMap { $0 }.map(NameKey.of).filter { !$0.isEmpty },
            city: theater.tags["addr:city"].map(NameKey.of))
        keys[index] = made
        return made
    }
}
