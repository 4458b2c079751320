import Foundation

/// TMDb's release types, 1 to 6.
public enum ReleaseType: Int, Sendable, Equatable, Hashable, CaseIterable, Decodable {
    /// A premiere or festival screening.
    case premiere = 1
    /// A limited theatrical run.
    case theatricalLimited = 2
    /// A wide theatrical release.
    case theatrical = 3
    /// Streaming or download.
    case digital = 4
    /// DVD or Blu-ray.
    case physical = 5
    /// Television.
    case tv = 6

    /// Whether films of this release type play in cinemas for the public (types 2 and 3).
    public var isTheatrical: Bool { self == .theatricalLimited || self == .theatrical }
}

/// One release of a film in one country.
public struct ReleaseDate: Sendable, Equatable, Hashable, Decodable {
    /// The kind of release.
    public var type: ReleaseType
    /// The day (UTC midnight).
    public var date: Date
    /// The age certificate, such as "R" or "18"; empty when none.
    public var certification: String
    /// A note such as "CMJ Film Festival"; empty when none.
    public var note: String

    /// Creates a release date.
    public init(type: ReleaseType, date: Date, certification: String = "", note: String = "") {
        self.type = type
        self.date = date
        self.certification = certification
        self.note = note
    }

    enum CodingKeys: String, CodingKey {
        case type, certification, note
        case date = "release_date"
    }

    /// Decodes one entry of `release_dates`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        type = try c.decode(ReleaseType.self, forKey: .type)
        guard let date = try c.decodeTMDbDate(forKey: .date) else {
            throw DecodingError.dataCorruptedError(forKey: .date, in: c, debugDescription: "bad release date")
        }
        self.date = date
        certification = try c.decodeIfPresent(String.self, forKey: .certification) ?? ""
        note = try c.decodeIfPresent(String.self, forKey: .note) ?? ""
    }
}

/// A film's releases, by country (`/movie/{id}/release_dates`).
public struct ReleaseDates: Sendable, Equatable, Decodable {
    /// Releases by ISO 3166-1 country code, such as "US" or "GB". Entries TMDb sends with an unknown type or
    /// an unreadable date are left out.
    public var byRegion: [String: [ReleaseDate]]

    /// Creates release dates.
    public init(byRegion: [String: [ReleaseDate]]) {
        self.byRegion = byRegion
    }

    /// The earliest theatrical release (types 2 and 3) in `region`, if there is one.
    public func theatricalReleaseDate(region: String) -> Date? {
        byRegion[region.uppercased()]?.filter { $0.type.isTheatrical }.map(\.date).min()
    }

    /// The certification of the first theatrical release in `region`, if TMDb has one.
    public func certification(region: String) -> String? {
        byRegion[region.uppercased()]?
            .filter { $0.type.isTheatrical && !$0.certification.isEmpty }
            .min { $0.date < $1.date }?
            .certification
    }

    private struct Country: Decodable {
        var region: String
        var releases: [Lenient]
        enum CodingKeys: String, CodingKey {
            case region = "iso_3166_1"
            case releases = "release_dates"
        }
    }

    /// Decodes one release, or nothing when TMDb sent a type or date we can't read.
    private struct Lenient: Decodable {
        var release: ReleaseDate?
        init(from decoder: any Decoder) throws {
            release = try? ReleaseDate(from: decoder)
        }
    }

    enum CodingKeys: String, CodingKey { case results }

    /// Decodes `{"id": 550, "results": [{"iso_3166_1": "US", "release_dates": […]}]}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let countries = try c.decode([Country].self, forKey: .results)
        var byRegion: [String: [ReleaseDate]] = [:]
        for country in countries {
            byRegion[country.region.uppercased(), default: []] += country.releases.compactMap(\.release)
        }
        self.byRegion = byRegion
    }
}
