import Foundation

/// Draws stats for the terminal: the counts, then the rating histogram as horizontal bars, as Movie Box did.
public enum StatsRenderer {
    /// Renders stats as lines of text, ending with a newline. Pure: the same stats give the same text. The
    /// "Rated TV" line is there only when a series is rated.
    ///
    /// ```
    /// Watchlist   12
    /// Favorites    3
    /// Watched      5
    /// Rated        4   average 3.5
    /// Rated TV     1
    ///
    /// Ratings
    /// 0.5 │                                0
    /// 5.0 │██████████████████████████████  2
    /// ```
    /// - Parameters:
    ///   - stats: What to draw.
    ///   - barWidth: The length of the longest bar, in characters (at least 1).
    ///   - bar: The character bars are drawn with; `#` suits terminals without Unicode.
    /// - Returns: The text.
    public static func render(_ stats: WatchlistStats, barWidth: Int = 30, bar: Character = "█") -> String {
        let width = max(1, barWidth)
        // "Rated TV" only when a series is rated: without one, the text is as it was before series had ratings.
        let counts = [
            ("Watchlist", stats.watchlist), ("Favorites", stats.favorites),
            ("Watched", stats.watched), ("Rated", stats.rated),
        ] + (stats.ratedSeries.map { [("Rated TV", $0)] } ?? [])
        let numberWidth = counts.map { String($0.1).count }.max() ?? 1
        var lines = counts.map { label, count in
            label.padding(toLength: 10, withPad: " ", startingAt: 0) + leftPadded(String(count), to: numberWidth)
        }
        if let average = stats.averageRating {
            lines[3] += "   average " + String(format: "%.1f", average)
        }
        lines.append("")
        lines.append("Ratings")
        let maximum = stats.ratingHistogram.map(\.count).max() ?? 0
        let countWidth = stats.ratingHistogram.map { String($0.count).count }.max() ?? 1
        for bucket in stats.ratingHistogram {
            let length =
                maximum == 0 || bucket.count == 0
                ? 0 : max(1, Int((Double(bucket.count) * Double(width) / Double(maximum)).rounded()))
            let drawn = String(repeating: bar, count: length) + String(repeating: " ", count: width - length)
            lines.append(
                String(format: "%.1f", bucket.stars) + " │" + drawn + "  "
                    + leftPadded(String(bucket.count), to: countWidth))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func leftPadded(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
