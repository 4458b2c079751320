import Foundation

/// The window of dates a now-playing or upcoming list covers (UTC midnights).
public struct DateWindow: Sendable, Equatable, Hashable, Decodable {
    /// The first day.
    public var minimum: Date
    /// The last day.
    public var maximum: Date

    /// Creates a window.
    public init(minimum: Date, maximum: Date) {
        self.minimum = minimum
        self.maximum = maximum
    }

    enum CodingKeys: String, CodingKey { case minimum, maximum }

    /// Decodes `{"minimum": "2022-10-14", "maximum": "2022-12-01"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        guard let minimum = try c.decodeTMDbDate(forKey: .minimum),
            let maximum = try c.decodeTMDbDate(forKey: .maximum)
        else {
            throw DecodingError.dataCorruptedError(forKey: .minimum, in: c, debugDescription: "bad date window")
        }
        self.minimum = minimum
        self.maximum = maximum
    }
}

/// One page of a TMDb list or search.
public struct Page<Item: Sendable & Decodable & Equatable>: Sendable, Equatable, Decodable {
    /// The page number, from 1.
    public var page: Int
    /// How many pages the list has.
    public var totalPages: Int
    /// How many items the list has.
    public var totalResults: Int
    /// This page's items.
    public var results: [Item]
    /// The dates the list covers: now playing and upcoming only.
    public var dates: DateWindow?

    /// Creates a page.
    public init(page: Int, totalPages: Int, totalResults: Int, results: [Item], dates: DateWindow? = nil) {
        self.page = page
        self.totalPages = totalPages
        self.totalResults = totalResults
        self.results = results
        self.dates = dates
    }

    enum CodingKeys: String, CodingKey {
        case page, results, dates
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }

    /// Decodes a TMDb page; missing totals default to this page alone.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        page = try c.decodeIfPresent(Int.self, forKey: .page) ?? 1
        results = try c.decode([Item].self, forKey: .results)
        totalPages = try c.decodeIfPresent(Int.self, forKey: .totalPages) ?? page
        totalResults = try c.decodeIfPresent(Int.self, forKey: .totalResults) ?? results.count
        dates = try c.decodeIfPresent(DateWindow.self, forKey: .dates)
    }
}
