import Foundation

/// One row of the table: a peer and its measurements.
struct PeerRow {
    var name: String
    var setup: String
    var measurements: [Workload: Measurement]
}

/// Counts the queries whose answers differ from the reference's (over the queries both answered).
func mismatches(_ measurement: Measurement, against reference: Measurement) -> (differing: Int, compared: Int) {
    let compared = min(measurement.answers.count, reference.answers.count)
    let differing = (0..<compared).filter { measurement.answers[$0] != reference.answers[$0] }.count
    return (differing, compared)
}

/// The markdown table: queries per second (and ratio to PointIndex) per workload, and whether answers match.
func markdownTable(rows: [PeerRow]) -> String {
    guard let reference = rows.first else { return "" }
    var out = "| peer | setup | " + Workload.allCases.map { "\($0.title) q/s (× PointIndex)" }.joined(separator: " | ")
    out += " | identical to PointIndex |\n"
    out += "|---|---|" + String(repeating: "---:|", count: Workload.allCases.count) + "---|\n"
    for row in rows {
        var cells: [String] = [row.name, row.setup]
        var verdicts: [String] = []
        for workload in Workload.allCases {
            guard let m = row.measurements[workload], let base = reference.measurements[workload] else {
                cells.append("–")
                continue
            }
            let ratio = m.queriesPerSecond / base.queriesPerSecond
            let ratioText = String(format: ratio < 0.01 ? "%.1e" : "%.2f", ratio)
            cells.append("\(grouped(m.queriesPerSecond)) (\(ratioText)×) [\(m.queryCount) q]")
            if row.name != reference.name {
                let (differing, compared) = mismatches(m, against: base)
                verdicts.append(differing == 0 ? "\(workload.title): yes (\(compared))" :
                    "\(workload.title): NO, \(differing)/\(compared) differ")
            }
        }
        cells.append(row.name == reference.name ? "(reference)" : verdicts.joined(separator: "; "))
        out += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return out
}

/// An integer with thousands separators: 127,431.
func grouped(_ value: Double) -> String {
    guard value.isFinite else { return "?" }
    let digits = String(Int(value.rounded()))
    var out = ""
    for (i, c) in digits.reversed().enumerated() {
        if i > 0 && i % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return String(out.reversed())
}
