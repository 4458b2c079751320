import Foundation

/// A TV series' details (`/tv/{id}`): seasons, episodes, networks, air dates and the next episode.
public struct TVShowDetails: Sendable, Equatable, Decodable {
    /// One episode, as `next_episode_to_air` and `last_episode_to_air` give it.
    public struct Episode: Sendable, Equatable, Decodable {
        public var name: String
        public var airDate: Date?
        public var seasonNumber: Int
        public var episodeNumber: Int

        enum CodingKeys: String, CodingKey {
            case name
            case airDate = "air_date"
            case seasonNumber = "season_number"
            case episodeNumber = "episode_number"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
            airDate = try c.decodeTMDbDate(forKey: .airDate)
            seasonNumber = try c.decodeIfPresent(Int.self, forKey: .seasonNumber) ?? 0
            episodeNumber = try c.decodeIfPresent(Int.self, forKey: .episodeNumber) ?? 0
        }

        /// "S02E05".
        public var code: String { String(format: "S%02dE%02d", seasonNumber, episodeNumber) }
    }

    /// The series as lists show it (name, overview, first air date, votes).
    public var show: TVShow
    /// The last air date, or nil while it has not aired.
    public var lastAirDate: Date?
    public var numberOfSeasons: Int
    public var numberOfEpisodes: Int
    /// The networks that air it, by name.
    public var networks: [String]
    /// "Returning Series", "Ended", "Canceled", …
    public var status: String
    public var nextEpisode: Episode?
    public var lastEpisode: Episode?

    enum CodingKeys: String, CodingKey {
        case networks, status
        case lastAirDate = "last_air_date"
        case numberOfSeasons = "number_of_seasons"
        case numberOfEpisodes = "number_of_episodes"
        case nextEpisode = "next_episode_to_air"
        case lastEpisode = "last_episode_to_air"
    }

    private struct Network: Decodable { var name: String }

    public init(from decoder: any Decoder) throws {
        show = try TVShow(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        lastAirDate = try c.decodeTMDbDate(forKey: .lastAirDate)
        numberOfSeasons = try c.decodeIfPresent(Int.self, forKey: .numberOfSeasons) ?? 0
        numberOfEpisodes = try c.decodeIfPresent(Int.self, forKey: .numberOfEpisodes) ?? 0
        networks = (try c.decodeIfPresent([Network].self, forKey: .networks) ?? []).map(\.name)
        status = try c.decodeIfPresent(String.self, forKey: .status) ?? ""
        nextEpisode = try c.decodeIfPresent(Episode.self, forKey: .nextEpisode)
        lastEpisode = try c.decodeIfPresent(Episode.self, forKey: .lastEpisode)
    }
}
