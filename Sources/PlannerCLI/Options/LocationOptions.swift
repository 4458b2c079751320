import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

/// `--near`, shared by every command that starts from a point.
struct LocationOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Where to search from: LAT,LON (e.g. -33.8688,151.2093) or a place name (Helsinki, 'Paris, FR').",
            discussion: """
                Without it, the home saved with 'planner config set home' is used; with none saved, planner asks \
                once on a terminal (offering the principal city of the system's time zone) and saves the answer.
                """,
            valueName: "place|lat,lon"))
    var near: String?

    /// `--near`, else nil when a home is saved; on a first run at a terminal, the place the user names when asked
    /// (saved as home, so the next run does not ask). Without a terminal, nil: the use case says what to do.
    func resolvedNear(environment: Environment) throws -> String? {
        try Self.resolved(near, environment: environment)
    }

    /// `resolvedNear` for a `--near` read without argument-parser (``QuickNearby``).
    static func resolved(_ near: String?, environment: Environment) throws -> String? {
        if let near { return near }
        guard (try? environment.settings().home) == nil, Console.isInteractive else { return nil }
        let suggestion = environment.suggestedHome()
        let offer = suggestion.map { " [\($0.name)]" } ?? ""
        Console.prompt("Where are you? (a place or lat,lon)\(offer): ")
        let answer = (readLine() ?? "").trimmingCharacters(in: .whitespaces)
        guard let place = answer.isEmpty ? suggestion.map({ "\($0.name), \($0.countryCode)" }) : answer else {
            return nil
        }
        let label = try environment.saveHome(place)
        Console.error("saved \(label) as your home; 'planner config set home PLACE' changes it")
        return place
    }
}
