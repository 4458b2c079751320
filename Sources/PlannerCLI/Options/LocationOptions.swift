import ArgumentParser
import PlannerApp

/// `--near`, shared by every command that starts from a point.
struct LocationOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Where to search from: LAT,LON (e.g. -33.8688,151.2093) or a place name (Helsinki, 'Paris, FR').",
            discussion: "Without it, the home saved with 'planner config set home' is used.",
            valueName: "place|lat,lon"))
    var near: String?
}
