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

    @OptionGroup var cache: CacheOptions

    var offline: Bool { cache.offline }
    var refresh: Bool { cache.refresh }
    var db: String? { cache.db }
    var verbose: Bool { cache.verbose }

    func validate() throws {
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
