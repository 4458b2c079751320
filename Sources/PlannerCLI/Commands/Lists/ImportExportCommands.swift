import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

/// `planner watchlist export --format json|letterboxd [--output FILE]`
struct WatchlistExport: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case json, letterboxd }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export the whole store as JSON (lossless), or the watchlist as a Letterboxd CSV.")

    @Option(name: .long, help: "json or letterboxd.") var format: Format = .json
    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write to this file.", valueName: "file"))
    var output: String?
    @OptionGroup var store: StoreOptions

    func run() throws {
        let book = try store.open()
        let text: String
        switch format {
        case .json: text = String(decoding: try book.exportJSON(), as: UTF8.self)
        case .letterboxd: text = try book.exportLetterboxdCSV(.watchlist)
        }
        try OutputTarget(path: output).write(text)
    }
}

/// `planner watchlist import FILE`
struct WatchlistImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a planner JSON export or a Letterboxd watchlist CSV (detected from the content).",
        discussion: "CSV rows are matched to TMDb films by title and year; every unmatched row is reported, and "
            + "everything matched is written in one transaction.")

    @Argument(help: "The file to import.") var file: String
    @OptionGroup var options: FilmOptions

    func run() async throws {
        let data = try InputFile.read(file, what: "watchlist imports")
        let bar = ProgressBar()
        let report = try await ListImport.run(data, into: .watchlist, film: options.request, environment: CompositionRoot.environment) { done, total in
            bar.show("titles", completed: done, total: total)
        }
        bar.finish()
        var lines = [
            "imported \(file): \(report.added) added, \(report.alreadyPresent) already there, "
                + "\(report.unmatched.count) unmatched"
        ]
        for row in report.unmatched {
            lines.append("  unmatched line \(row.line): \(row.title)\(row.year.map { " (\($0))" } ?? ""): \(row.reason)")
        }
        Console.out(lines.joined(separator: "\n"))
    }
}
