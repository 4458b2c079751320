import Foundation
import Showtimes

/// The shows of several providers as one list: the same film at the same theater starting within five minutes
/// is one show, and the one with a ticket link is kept (Finnkino's and a cinema's own page list the same show).
package enum ShowMerge {
    /// How far apart two providers' starts of one show may be, in seconds.
    package static let sameShowSeconds: Double = 5 * 60

    /// `shows` with the duplicates across providers taken out, by start. `theaterOf` gives the catalog theater a
    /// show is at (nil: unmatched, never merged). Imported shows are the user's own and never merged; two shows in
    /// different formats (2D, IMAX) are two shows; a kept show stands for at most one show of each other provider.
    package static func merged(_ shows: [Show], theaterOf: (Show) -> String?) -> [Show] {
        guard Set(shows.map(\.provider)).count > 1 else { return shows }
        var kept: [Show] = []
        var absorbed: [Set<String>] = []
        var byKey: [String: [Int]] = [:]
        for show in shows.sorted(by: { $0.start < $1.start }) {
            guard show.provider != "import", let theater = theaterOf(show) else {
                kept.append(show)
                absorbed.append([])
                continue
            }
            let key = theater + "\u{1F}" + NameKey.of(show.title)
            if let index = byKey[key, default: []].first(where: { index in
                let other = kept[index]
                return other.provider != show.provider && !absorbed[index].contains(show.provider)
                    && abs(other.start.timeIntervalSince(show.start)) <= sameShowSeconds
                    && (other.format == nil || show.format == nil || other.format == show.format)
            }) {
                absorbed[index].insert(show.provider)
                if kept[index].bookingURL == nil, show.bookingURL != nil {
                    let providers = absorbed[index].union([kept[index].provider])
                    kept[index] = show
                    absorbed[index] = providers
                }
                continue
            }
            byKey[key, default: []].append(kept.count)
            kept.append(show)
            absorbed.append([])
        }
        return kept
    }
}
