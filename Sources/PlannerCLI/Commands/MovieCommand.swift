import ArgumentParser
import Foundation
import NowPlaying

extension PlannerCommand {
    /// `planner movie`: one film's details, with its cinema release date in the region.
    struct MovieCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "movie",
            abstract: "Show one film's details and its cinema release date in a region (cached for 7 days).",
            discussion: "Example: planner movie 550 --region GB")

        @Argument(help: "The film's TMDb id, as 'planner search' shows it.")
        var id: Int

        @OptionGroup var film: FilmOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            try output.requireTableOrJSON()
            guard id > 0 else { throw ValidationError("the TMDb id must be a positive number, not \(id)") }
        }

        func run() async throws {
            let services = try FilmServices.make(film)
            let details = try await services.client.movie(id: id, language: services.language, policy: services.policy)
            // A poster URL is a nicety: without the image configuration at hand, go without.
            let images = try? await services.client.imageConfiguration(policy: services.policy).value
            let report = MovieReport(
                details: details.value, region: services.region, provenance: details.provenance,
                posterURL: images?.posterURL(path: details.value.movie.posterPath))
            switch output.format {
            case .json: try output.target.write(try report.json())
            case .csv: try output.target.write(report.csv())
            default: try output.target.write(report.text())
            }
        }
    }
}
