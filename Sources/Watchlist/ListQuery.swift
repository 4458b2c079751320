import Foundation

/// How to sort and filter a list.
public struct ListQuery: Hashable, Sendable {
    /// The order of a listing.
    public enum Sort: String, CaseIterable, Sendable {
        /// Most recently added first.
        case added
        /// Earliest release first; films without a date last.
        case release
        /// By title, ignoring ASCII case.
        case title
        /// Highest rated first; unrated films last.
        case rating
    }

    /// Which films of a list to keep.
    public enum Filter: String, CaseIterable, Sendable {
        /// Every film.
        case all
        /// Films released after `today`.
        case upcoming
        /// Films released on or before `today`.
        case released
    }

    /// The order.
    public var sort: Sort
    /// The filter.
    public var filter: Filter
    /// Today, written `YYYY-MM-DD`, for the ``Filter/upcoming`` and ``Filter/released`` filters.
    public var today: String
    /// A country (ISO 3166-1, such as `FI`) whose theatrical release date replaces the primary one when known.
    public var region: String?

    /// Creates a query. `today` defaults to the current UTC day.
    public init(sort: Sort = .added, filter: Filter = .all, today: String? = nil, region: String? = nil) {
        self.sort = sort
        self.filter = filter
        self.today = today ?? Day.string(from: Date())
        self.region = region?.uppercased()
    }
}

/// A film on a list, with its entry and diary.
public struct ListItem: Equatable, Sendable {
    /// The film.
    public var film: Film
    /// When the film was added to the list.
    public var addedAt: Date
    /// The note given when adding.
    public var note: String?
    /// The priority given when adding (higher is more urgent).
    public var priority: Int
    /// The user's rating, review and watched day.
    public var diary: Diary
    /// The release date used for sorting and filtering: the query region's when known, else the primary one.
    public var releaseDate: String?

    /// Creates a list item.
    public init(
        film: Film, addedAt: Date, note: String? = nil, priority: Int = 0, diary: Diary = Diary(),
        releaseDate: String? = nil
    ) {
        self.film = film
        self.addedAt = addedAt
        self.note = note
        self.priority = priority
        self.diary = diary
        self.releaseDate = releaseDate ?? film.releaseDate
    }
}
