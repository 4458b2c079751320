import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

extension PlannerCommand {
    /// `planner showtimes import FILE`: shows from any cinema, in CSV or JSON, into the database.
    struct ShowtimesImport: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Import shows from a CSV or JSON file into the database.",
            discussion: """
                Columns: theater,title,year,start,end,auditorium,url (and optionally time_zone). start and end are \
                ISO 8601 with an offset, e.g. 2026-11-22T18:30:00+02:00. A bad row stops the import and nothing is \
                stored. A show with the same theater, title and start replaces the one stored.
                """)

        @Argument(help: ArgumentHelp("The file (.csv or .json).", valueName: "file"))
        var file: String

        @Option(name: .long, help: ArgumentHelp("The database file.", valueName: "file"))
        var db: String?

        func run() async throws {
            let data = try InputFile.read(file, what: "showtimes imports")
            let (count, theaters) = try await ShowtimesFileImport.run(data, fileName: file, databaseFile: db, environment: CompositionRoot.environment)
            Console.out(
                "imported \(count) show\(count == 1 ? "" : "s") at \(theaters) theater\(theaters == 1 ? "" : "s")")
        }
    }
}
