import ArgumentParser
import PlannerApp
import PlannerTerminal

extension PlannerCommand {
    /// `planner about`: version, data sources and their licences.
    struct About: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "about", abstract: "Show the version, the data sources and their licences.")

        static let text = """
            planner \(PlannerCommand.version): a theater finder and showtime planner for the terminal.

            Data:
              Theaters and roads: © OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)
              Places: GeoNames, CC BY 4.0 (https://www.geonames.org)
              Films: This product uses the TMDB API but is not endorsed or certified by TMDB.
            """

        func run() throws {
            Console.out(About.text)
        }
    }
}
