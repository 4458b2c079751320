import Foundation
import Showtimes

/// The shows of several providers as one list: the same film at the same theater starting within five minutes
/// is one show, and the one with a ticket link is kept (Finnkino's and a cinema's own page list the same show).
package enum ShowMerge {
    /// How far apart two providers' starts of one show may be, in seconds.
    package static let sameShowSeconds: Double = 5 * 60

    /// `shows` with the duplicates across providers taken out, by start. `theaterOf` gives the catalog theater a
    /// show is at (nil: unmatched, never merged).
    package static func merged(_ shows: [Show], theaterOf: (Show) -> String?) -> [Show] {
        guard Set(shows.map(\.provider)).count > 1 else { return shows }
        var kept: [Show] = []
        var byKey: [String: [Int]] = [:]
        for show in shows.sorted(by: { $0.start < $1.start }) {
            guard let theater = theaterOf(show) else {
                kept.append(show)
                continue
            }
            let key = theater + "\u{1F}" + NameKey.of(show.title)
            if let index = byKey[key, default: []].first(where: {
                kept[$0].provider != show.provider && abs(kept[$0].start.timeIntervalSince(show.start)) <= sameShowSeconds
            }) {
                if kept[index].bookingURL == nil, show.bookingURL != nil { kept[index] = show }
                continue
            }
            byKey[key, default: []].append(kept.count)
            kept.append(show)
        }
        return kept
    }
}
