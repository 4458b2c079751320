import ArgumentParser
import PlannerApp

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

    @OptionGroup var cache: CacheOptions

    var offline: Bool { cache.offline }
    var refresh: Bool { cache.refresh }
    var db: String? { cache.db }
    var verbose: Bool { cache.verbose }

    /// The same choices as plain values, for the core.
    var request: FilmRequest { FilmRequest(region: region, language: language, cache: cache.request) }

    func validate() throws {
        try ValidationError.rethrowing { try request.validate() }
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

    /// The same choices as plain values, for the core.
    var request: PageRequest { PageRequest(page: page, all: all, limit: limit) }

    func validate() throws {
        try ValidationError.rethrowing { try request.validate() }
    }
}
