import ArgumentParser

/// `--region`, `--language`, `--offline`, `--refresh`, `--db` and `--verbose`, shared by the film commands.
struct FilmOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The country whose cinemas count, as a two-letter code (FI, GB, US).",
            discussion: "Without it, the region saved with 'planner config set region' is used.", valueName: "CC"))
    var region: String?

    @Option(name: .long, help: ArgumentHelp("Language of titles and overviews, e.g. fi-FI.", valueName: "tag"))
    var language: String?

    @Flag(name: .long, help: "Answer from the local cache only; never go online.")
    var offline = false

    @Flag(name: .long, help: "Ask TMDb even when the cache holds a fresh answer.")
    var refresh = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (watchlist and TMDb cache).",
            discussion: "Default: $PLANNER_DB, else $XDG_DATA_HOME/planner/planner.sqlite.", valueName: "file"))
    var db: String?

    @Flag(name: .long, help: "Report each request to TMDb on standard error: URL (without keys), status, time.")
    var verbose = false

    func validate() throws {
        if offline && refresh { throw ValidationError("--offline and --refresh can't be used together") }
        if let region, !(region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter }) {
            throw ValidationError("--region must be a two-letter country code such as FI, not '\(region)'")
        }
    }
}

/// `--page`, `--all` and `--limit`, shared by the list commands.
struct PageOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: "Which page of TMDb's list (1–500).")
    var page: Int = 1

    @Flag(name: .long, help: "Fetch every page of the list (up to 500), 20 requests at a time.")
    var all = false

    @Option(name: .long, parsing: .unconditional, help: "At most this many films.")
    var limit: Int?

    func validate() throws {
        guard (1...500).contains(page) else { throw ValidationError("--page must be from 1 to 500, not \(page)") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
        if all && page != 1 { throw ValidationError("--all and --page can't be used together") }
    }
}
