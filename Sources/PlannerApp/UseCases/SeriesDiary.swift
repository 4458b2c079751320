import Foundation
import Watchlist

/// The series use cases of `watchlist rate --tv` and `watchlist review --tv`: a series' rating and review, kept
/// apart from films' (TMDb numbers them apart).
extension ListBook {
    /// The stored series a reference names: by id, else by the name of exactly one series on either list.
    /// - Throws: ``PlannerAppError/invalidOption(_:)`` for a series not stored, a name no series on a list has, or
    ///   one that several have.
    package func storedSeries(_ reference: FilmReference) throws -> Series {
        if let id = reference.id {
            guard let series = try store.series(id: id) else {
                throw PlannerAppError.invalidOption(
                    "series \(id) is not in the store; add it with 'planner watchlist add --tv \(id)'")
            }
            return series
        }
        let folded = FilmBridge.fold(reference.title)
        var matches: [Series] = []
        for list in FilmList.allCases {
            for item in try store.series(on: list)
            where FilmBridge.fold(item.series.name) == folded && !matches.contains(where: { $0.id == item.series.id }) {
                matches.append(item.series)
            }
        }
        let shown = PlannerAppError.shortened(reference.title)
        guard let only = matches.first else {
            throw PlannerAppError.invalidOption(
                "no series on your lists is called '\(shown)'; 'planner watchlist list --tv' shows them")
        }
        guard matches.count == 1 else {
            let names = matches.prefix(10).map { "\($0.name) (tv \($0.id))" }.joined(separator: "; ")
            throw PlannerAppError.invalidOption("'\(shown)' matches \(matches.count) series: \(names); use the id")
        }
        return only
    }

    /// Rates the series (0.5 to 5 in halves; nil removes the rating) and returns it.
    @discardableResult
    package func rateSeries(_ reference: FilmReference, stars: Double?) throws -> Series {
        let series = try storedSeries(reference)
        try store.rate(seriesID: series.id, stars: stars)
        return series
    }

    /// Saves (or, with nil, removes) the series' review and returns the series.
    @discardableResult
    package func reviewSeries(_ reference: FilmReference, text: String?) throws -> Series {
        let series = try storedSeries(reference)
        try store.review(seriesID: series.id, text: text)
        return series
    }
}
