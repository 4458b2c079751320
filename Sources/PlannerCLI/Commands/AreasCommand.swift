import ArgumentParser
import Foundation
import Geo
import Routing
import Theaters

extension PlannerCommand {
    /// `planner areas …`: import OpenStreetMap extracts for road routing and their theaters.
    struct AreasCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "areas",
            abstract: "Import, list and remove areas: OpenStreetMap extracts routed on by road, with their theaters.",
            subcommands: [Import.self, List.self, Remove.self],
            defaultSubcommand: List.self)

        struct Import: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Import an .osm.pbf, .osm or .osm.gz extract (importing again replaces the area).",
                discussion: "The area keeps the cinemas and theatres (a way at its centroid) and a road graph for "
                    + "walking, cycling and driving. nearby, routes, route and suggest then use it wherever it covers "
                    + "the origin.")

            @Argument(help: "The extract.") var file: String
            @Option(name: .long, help: "The area's name (default: the file name).") var name: String?
            @Option(name: .long, help: .hidden) var into: String?
            @Option(name: .long, help: .hidden) var importedAt: String?

            func run() throws {
                let store = into.map { RoadAreaStore(directory: URL(fileURLWithPath: $0)) } ?? Areas(environment: Environment()).user
                let url = URL(fileURLWithPath: file)
                guard FileManager.default.isReadableFile(atPath: url.path) else {
                    throw CLIError.invalidOption("cannot read '\(file)'")
                }
                let stamp = importedAt.flatMap { ISO8601DateFormatter().date(from: $0) } ?? Date()
                let bar = ProgressBar()
                bar.show("importing", completed: 0, total: 1)
                let start = Date()
                let areaName = name ?? RoadGraphBuilder.defaultName(for: url)
                let target = try store.fileURL(for: areaName)
                let area = try RoadGraphBuilder().build(from: url, name: areaName, importedAt: stamp)
                try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
                try area.write(to: target)
                bar.show("importing", completed: 1, total: 1)
                bar.finish()
                let summary = area.summary
                let edges = TravelMode.allCases.map { "\($0.rawValue) \(summary.edgeCountByMode[$0] ?? 0)" }.joined(separator: ", ")
                Console.out([
                    "imported \(summary.name) from \(url.lastPathComponent) in \(String(format: "%.2f", Date().timeIntervalSince(start))) s",
                    "  theaters      \(summary.theaterCount)",
                    "  highway ways  \(summary.statistics.highwayWays)",
                    "  graph nodes   " + TravelMode.allCases.map { "\($0.rawValue) \(summary.nodeCountByMode[$0] ?? 0)" }.joined(separator: ", "),
                    "  graph edges   \(edges)",
                    "  skipped       \(summary.statistics.missingNodeReferences) references to nodes outside the extract",
                    "  covers        \(box(summary.boundingBox))",
                ].joined(separator: "\n"))
            }
        }

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "List the imported and bundled areas.")

            func run() throws {
                let areas = Areas(environment: Environment())
                let all = areas.summaries()
                for problem in areas.problems() { Console.error("warning: \(problem)") }
                guard !all.isEmpty else {
                    Console.out("no areas: import one with 'planner areas import FILE.osm.pbf'")
                    return
                }
                var table = TextTable(
                    headers: ["Name", "Theaters", "Walk edges", "Drive edges", "Covers", "Source"],
                    alignments: [.left, .right, .right, .right, .left, .left])
                for (summary, _, bundled) in all {
                    table.rows.append([
                        summary.name, "\(summary.theaterCount)", "\(summary.edgeCountByMode[.walk] ?? 0)",
                        "\(summary.edgeCountByMode[.drive] ?? 0)", box(summary.boundingBox),
                        bundled ? "bundled" : summary.sourceFileName,
                    ])
                }
                Console.out(table.render())
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Remove an imported area.")

            @Argument(help: "The area's name, as 'planner areas list' shows it.") var name: String

            func run() throws {
                try Areas(environment: Environment()).user.remove(named: name)
                Console.out("removed area \(name)")
            }
        }
    }
}

func box(_ b: BoundingBox) -> String {
    String(format: "%.4f,%.4f – %.4f,%.4f", b.south, b.west, b.north, b.east)
}
