import Foundation
import Showtimes

/// `planner showtimes providers [--near PLACE]`: every showtimes provider, where it works, whether it is configured
/// (and by which variable), and for an origin which were asked and what each gave.
package struct ProvidersReport {
    package struct Row {
        package let provider: ShowtimesProvider
        package let configuration: String
        /// For an origin: whether it covers it, and what it gave when asked.
        package let atOrigin: String?
    }

    package let rows: [Row]
    /// The origin's label and country, when one was given.
    package let origin: String?
    package let notes: [String]

    package func table() -> String {
        var lines: [String] = []
        if let origin { lines.append("Showtimes providers near \(origin)") } else { lines.append("Showtimes providers") }
        var table = TextTable(
            headers: origin == nil ? ["Provider", "Where", "Cost", "Configured"]
                : ["Provider", "Where", "Cost", "Configured", "Here"],
            alignments: origin == nil ? [.left, .left, .left, .left] : [.left, .left, .left, .left, .left])
        for row in rows {
            table.rows.append(
                [row.provider.name, row.provider.coverage, row.provider.cost, row.configuration]
                    + (origin == nil ? [] : [row.atOrigin ?? ""]))
        }
        lines.append("")
        lines.append(table.render())
        lines += notes.map { "note: " + $0 }
        return lines.joined(separator: "\n")
    }
}

extension ShowtimesServices {
    /// The providers; with `nearby` (the day's shows at an origin), what each did there.
    package func providersReport(nearby: NearbyShows?) -> ProvidersReport {
        let asked = nearby.map { Dictionary($0.asked.map { ($0.provider, $0.outcome) }, uniquingKeysWith: { a, _ in a }) }
        let rows = ShowtimesProvider.all.map { provider -> ProvidersReport.Row in
            var here: String?
            if let nearby, let asked {
                if let outcome = asked[provider] {
                    here = "asked: \(outcome)"
                } else if !provider.covers(nearby.region.country) {
                    here = "does not cover \(nearby.region.country ?? "this place")"
                } else if !configured.contains(provider) {
                    here = "would cover it; not configured"
                } else if provider == .webPages {
                    here = "no nearby cinema's page to read"
                } else {
                    here = "not asked"
                }
            }
            return ProvidersReport.Row(provider: provider, configuration: configuration(of: provider), atOrigin: here)
        }
        let origin = nearby.map { n in
            n.found.origin.displayName + (n.region.country.map { " (\($0))" } ?? "")
        }
        return ProvidersReport(rows: rows, origin: origin, notes: nearby?.notes ?? [])
    }
}
