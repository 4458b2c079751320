import ArgumentParser
import Foundation
import Geo
import PlannerApp
import PlannerTerminal
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
            static let configuration = CommandConfiguration(commandName: "import", 
                abstract: "Import an .osm.pbf, .osm or .osm.gz extract, or a GeoJSON/CSV catalog (importing again replaces the area).",
                discussion: "From an extract, the area keeps the cinemas and theatres (a way at its centroid) and a "
                    + "road graph for walking, cycling and driving; from a catalog (the files --catalog reads), the "
                    + "theaters only, covering their bounding box and 5 km around. nearby, routes, route and suggest then use it "
                    + "wherever it covers the origin, on top of the bundled data.")

            @Argument(help: "The extract.") var file: String
            @Option(name: .long, help: "The area's name (default: the file name).") var name: String?
            @Option(name: .long, help: .hidden) var into: String?
            @Option(name: .long, help: .hidden) var importedAt: String?
            /// The largest car graph (directed edges) contracted at import; for benchmarks.
            @Option(name: .long, help: .hidden) var hierarchyEdgeLimit: Int = AreaImport.defaultHierarchyEdgeLimit

            func run() throws {
                let stamp = importedAt.flatMap { ISO8601DateFormatter().date(from: $0) } ?? Date()
                let bar = ProgressBar()
                let start = Date()
                let result = try AreaImport.run(
                    file: file, name: name, intoDirectory: into, environment: CompositionRoot.environment, importedAt: stamp, hierarchyEdgeLimit: hierarchyEdgeLimit
                ) { progress in
                    let counts = [
                        progress.ways > 0 ? "\(progress.ways) ways" : nil,
                        progress.nodes > 0 ? "\(progress.nodes) nodes" : nil,
                    ].compactMap { $0 }.joined(separator: ", ")
                    bar.show(
                        progress.stage.label, completed: progress.stage.rawValue,
                        total: ImportProgress.Stage.done.rawValue, detail: counts)
                }
                bar.finish()
                let (summary, read) = (result.area.summary, result.read)
                let edges = TravelMode.allCases.map { "\($0.rawValue) \(summary.edgeCountByMode[$0] ?? 0)" }.joined(separator: ", ")
                let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
                let nodes = TravelMode.allCases.map { "\($0.rawValue) \(summary.nodeCountByMode[$0] ?? 0)" }
                var lines: [String] = []
                lines.append("imported \(summary.name) from \(URL(fileURLWithPath: file).lastPathComponent) in \(seconds) s")
                lines.append("  theaters      \(summary.placeCount)")
                if result.isCatalog {
                    // A catalog has theaters only: no roads to count.
                    lines.append("  skipped       \(result.skippedRows) rows without a name or a valid lat/lon")
                    lines.append("  roads         none (times are estimates here, unless an extract's area covers them)")
                } else {
                    lines.append("  read          \(read.nodes) nodes, \(read.ways) ways, \(read.relations) relations")
                    lines.append("  highway ways  \(summary.statistics.highwayWays)")
                    lines.append("  graph nodes   " + nodes.joined(separator: ", "))
                    lines.append("  graph edges   \(edges)")
                    lines.append("  skipped       \(summary.statistics.missingNodeReferences) references to nodes outside the extract")
                }
                lines.append("  covers        \(box(summary.boundingBox))")
                Console.out(lines.joined(separator: "\n"))
            }
        }

        struct List: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "list", abstract: "List the imported and bundled areas.")

            func run() throws {
                let areas = Areas(environment: CompositionRoot.environment)
                let all = areas.summaries()
                for problem in areas.problems() { Console.error("warning: \(problem)") }
                guard !all.isEmpty else {
                    Console.out("no areas: import one with 'planner areas import FILE.osm.pbf'")
                    return
                }
                var table = TextTable(
                    headers: ["Name", "Theaters", "Walk edges", "Drive edges", "Covers", "Source"],
                    alignments: [.left, .right, .right, .right, .left, .left])
                for (summary, store, bundled) in all {
                    let readable = areas.isReadable(summary, in: store)
                    table.rows.append([
                        summary.name, "\(summary.placeCount)", "\(summary.edgeCountByMode[.walk] ?? 0)",
                        "\(summary.edgeCountByMode[.drive] ?? 0)", box(summary.boundingBox),
                        readable ? (bundled ? "bundled" : summary.sourceFileName) : "DAMAGED: import it again",
                    ])
                }
                Console.out(table.render())
            }
        }

        struct Remove: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an imported area.")

            @Argument(help: "The area's name, as 'planner areas list' shows it.") var name: String

            func run() throws {
                try Areas(environment: CompositionRoot.environment).user.remove(named: name)
                Console.out("removed area \(name)")
            }
        }
    }
}

func box(_ b: BoundingBox) -> String {
    String(format: "%.4f,%.4f – %.4f,%.4f", b.south, b.west, b.north, b.east)
}
