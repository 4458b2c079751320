import Foundation
import Places
import Settings
import Theaters

/// What every command reads from the machine: the environment, the settings and the bundled data.
package struct Environment {
    package let variables: [String: String]

    package init(variables: [String: String] = ProcessInfo.processInfo.environment) {
        self.variables = variables
    }

    package var settingsFile: SettingsFile { SettingsFile(environment: variables) }

    package func settings() throws -> Settings { try settingsFile.load() }

    package func gazetteer() throws -> Gazetteer {
        let directory = try DataDirectory.locate(environment: variables)
        let alternateNames = directory.appendingPathComponent("place-names.csv")
        return try Gazetteer(
            contentsOf: directory.appendingPathComponent("places.csv"),
            alternateNamesAt: FileManager.default.fileExists(atPath: alternateNames.path) ? alternateNames : nil)
    }

    /// The user's catalog when given, else the bundled Helsinki theaters.
    package func catalog(path: String?) throws -> TheaterCatalog {
        if let path { return try TheaterCatalog(contentsOf: URL(fileURLWithPath: path)) }
        let directory = try DataDirectory.locate(environment: variables)
        let coverage = CoverageArea.read(contentsOf: directory.appendingPathComponent("coverage.csv"))
        var catalog = try TheaterCatalog(
            contentsOf: directory.appendingPathComponent("theaters.csv"),
            source: "the bundled OpenStreetMap data", coverage: coverage)
        catalog.attribution = "© OpenStreetMap contributors, ODbL 1.0"
        return catalog
    }
}
