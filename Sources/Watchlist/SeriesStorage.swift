import Foundation

/// The series' details, and one user's series on the lists (a port of ``ListStorage``).
public protocol SeriesStorage: Sendable {
    /// Stores a series' details.
    func upsertSeries(_ series: Series) throws
    /// Adds a series to a list, storing its details.
    func add(_ series: Series, to list: FilmList, note: String?, priority: Int, addedAt: Date) throws -> AddResult
    /// Removes a series from a list; whether it was there.
    func remove(seriesID: Int, from list: FilmList) throws -> Bool
    /// The series on a list.
    func series(on list: FilmList) throws -> [SeriesItem]
    /// A stored series, by id.
    func series(id: Int) throws -> Series?
}

extension SeriesStorage {
    /// Adds a series now, with no note and priority 0 unless given.
    @discardableResult
    public func add(_ series: Series, to list: FilmList, note: String? = nil, priority: Int = 0) throws -> AddResult {
        try add(series, to: list, note: note, priority: priority, addedAt: Date())
    }
}
