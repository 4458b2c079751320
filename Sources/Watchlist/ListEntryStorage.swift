import Foundation

/// One user's films on the watchlist and the favorites (a port of ``ListStorage``).
public protocol ListEntryStorage: Sendable {
    /// Adds a film to a list, storing it first when new. Already there: nothing changes.
    func add(_ film: Film, to list: FilmList, note: String?, priority: Int, addedAt: Date) throws -> AddResult
    /// Removes a film from a list; whether it was there.
    func remove(filmID: Int, from list: FilmList) throws -> Bool
    /// Empties a list of its films and its series, in one transaction; how many of each went.
    func clear(_ list: FilmList) throws -> ClearedEntries
    /// Whether the film is on the list.
    func contains(filmID: Int, in list: FilmList) throws -> Bool
    /// The films on a list, sorted and filtered.
    func list(_ list: FilmList, query: ListQuery) throws -> [ListItem]
}

extension ListEntryStorage {
    /// Adds a film now, with no note and priority 0 unless given.
    @discardableResult
    public func add(_ film: Film, to list: FilmList, note: String? = nil, priority: Int = 0) throws -> AddResult {
        try add(film, to: list, note: note, priority: priority, addedAt: Date())
    }

    /// The whole list, most recently added first.
    public func list(_ list: FilmList) throws -> [ListItem] { try self.list(list, query: ListQuery()) }
}
