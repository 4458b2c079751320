import Foundation

/// The films and their regional releases, shared by every user (a port of ``ListStorage``).
public protocol FilmStorage: Sendable {
    /// Stores a film's details (marked detailed) and replaces its regional releases.
    func upsertDetails(_ film: Film, releases: [RegionalRelease]) throws
    /// A stored film, by TMDb id.
    func film(id: Int) throws -> Film?
    /// The stored films whose title or original title contains `text`, ignoring case, by title.
    func films(titled text: String) throws -> [Film]
    /// The placeholders still waiting for their details, by id.
    func filmsNeedingDetails() throws -> [Film]
    /// A film's theatrical release day in `region`, when stored.
    func releaseDate(filmID: Int, region: String) throws -> String?
    /// A film's releases, by region.
    func releases(filmID: Int) throws -> [RegionalRelease]
}

extension FilmStorage {
    /// Stores a film's details with no releases.
    public func upsertDetails(_ film: Film) throws { try upsertDetails(film, releases: []) }
}
