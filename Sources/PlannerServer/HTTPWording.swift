import Foundation
import PlannerApp

/// The HTTP face's words for what the use cases say in the command line's: a problem's detail names query
/// parameters, never flags, commands or settings a client of the API cannot use.
enum HTTPWording {
    /// The options the API takes as query parameters of the same name (`--near` is `near`).
    static let queryParameters: Set<String> = [
        "near", "radius", "keyword", "limit", "mode", "date", "after", "before", "buffer", "area", "film", "region",
        "page", "to", "format", "category", "include_watched", "q", "year",
    ]

    /// Known errors in the API's own words; everything else through ``detail(_:)``.
    static func detail(for error: any Error, line: String) -> String {
        switch error {
        case PlannerAppError.noOrigin:
            return "no starting point: add the query parameter near (a place name or LAT,LON)"
        case FilmServicesError.noRegion:
            return "a region is needed: add the query parameter region (a two-letter country code such as FI)"
        case PlannerAppError.outsideCoverage(let origin, let area, let distance, _, _):
            return PlannerAppError.outsideCoverage(
                origin: origin, area: area, distanceMeters: distance, triedOnline: true, userCatalog: false
            ).description.components(separatedBy: "; ").first ?? line
        default:
            return detail(line)
        }
    }

    /// The line with each clause that tells a command-line user what to do (a flag the API lacks, a
    /// `planner …` command, a setting) left out, and each flag that is a query parameter named as one.
    static func detail(_ line: String) -> String {
        var text = line
        // Parenthesised advice: "(is it a TV series? try planner tv 5)".
        while let open = text.range(of: " ("), let close = text.range(of: ")", range: open.upperBound..<text.endIndex),
            isCommandLineAdvice(String(text[open.upperBound..<close.lowerBound]))
        {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        var clauses = text.components(separatedBy: "; ")
        if clauses.count > 1 {
            let first = clauses.removeFirst()
            clauses = [first] + clauses.filter { !isCommandLineAdvice($0) }
        }
        text = clauses.joined(separator: "; ")
        text = examplesAsParameters(text)
        text = namingParameters(text)
        if let last = text.last, last != ".", line.hasSuffix(".") { text += "." }
        return text
    }

    /// Whether a clause speaks to the command line: a flag the API has no parameter for, a command, a setting.
    static func isCommandLineAdvice(_ clause: String) -> Bool {
        if clause.contains("planner ") || clause.contains("config set") || clause.contains("config unset") {
            return true
        }
        return flags(in: clause).contains { !queryParameters.contains(parameterName($0)) }
    }

    /// "e.g. --near 60.1699,24.9384" → "e.g. near=60.1699,24.9384", for a parameter of the API.
    static func examplesAsParameters(_ text: String) -> String {
        var result = text
        while let range = result.range(of: "e.g. --") {
            let after = result[range.upperBound...]
            let name = after.prefix { $0.isLetter || $0 == "-" }
            guard queryParameters.contains(parameterName(String(name))), after.dropFirst(name.count).first == " "
            else { break }
            result.replaceSubrange(range.lowerBound..<after.index(name.endIndex, offsetBy: 1),
                with: "e.g. \(parameterName(String(name)))=")
        }
        return result
    }

    /// "--limit must be…" → "the query parameter 'limit' must be…".
    static func namingParameters(_ text: String) -> String {
        rewritingFlags(in: text) { name in
            let parameter = parameterName(name)
            return queryParameters.contains(parameter) ? "the query parameter '\(parameter)'" : nil
        }
    }

    private static func flags(in text: String) -> [String] {
        var found: [String] = []
        _ = rewritingFlags(in: text) { name in
            found.append(name)
            return nil
        }
        return found
    }

    /// `text` with each `--name` replaced by what `replacement` gives for `name` (nil keeps it as written).
    private static func rewritingFlags(in text: String, _ replacement: (String) -> String?) -> String {
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: "--") {
            result += rest[..<range.lowerBound]
            let after = rest[range.upperBound...]
            let name = after.prefix { $0.isLetter || $0 == "-" }
            result += (name.isEmpty ? nil : replacement(String(name))) ?? "--" + name
            rest = after[name.endIndex...]
        }
        return result + rest
    }

    /// `include-watched` is the query parameter `include_watched`.
    private static func parameterName(_ flag: String) -> String { flag.replacingOccurrences(of: "-", with: "_") }
}
