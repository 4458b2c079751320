import ArgumentParser
import Foundation
import Geo
import Planner
import PlannerApp
import PlannerTerminal
import Theaters

extension PlannerCommand {
    /// `planner map`: an HTML page with an SVG map of the origin, the nearest theaters and the routes, over the
    /// streets of the area that covers the origin.
    struct MapCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "map",
            abstract: "Write a self-contained HTML map of the nearest theaters and the routes to them.")

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var network: PlaceNetworkOptions

        @Option(name: [.customShort("o"), .long], help: ArgumentHelp("The HTML file to write.", valueName: "file"))
        var output: String = "map.html"

        func run() async throws {
            let request = search.request.offline(network.offline, verbose: network.verbose)
            let found = try await TheaterSearch.resolve(near: try location.resolvedNear(environment: CompositionRoot.environment), search: request, environment: CompositionRoot.environment)
            let page = found.mapPage(search: request)
            try OutputTarget(path: output).write(page.html)
            let streets =
                page.areaName.map { " over \(page.streetCount.formatted()) streets and paths of area \($0)" }
                ?? " (no streets: no imported area covers the origin)"
            Console.out("wrote \(output): \(page.routeCount) theaters and routes\(streets)")
        }
    }
}
