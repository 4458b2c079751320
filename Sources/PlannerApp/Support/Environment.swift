import Foundation
import Places
import Settings
import Theaters

/// What every command reads from the machine: the environment, the settings and the bundled data.
package struct Environment: Sendable {
    package let variables: [String: String]
    /// Data read once and kept, for the server; nil for the command line, which runs once.
    package var cache: DataCache?
    /// The storage a long-running face opened once (the server's); nil for the command line, whose commands open
    /// the SQLite file themselves.
    package var storage: Storage?
    /// Settings read once for the whole of one request (a server's): `settings()` answers them without another
    /// look at the file. Nil reads the file (or the server's cache) on every call.
    package var requestSettings: Settings?

    package init(
        variables: [String: String] = ProcessInfo.processInfo.environment, cache: DataCache? = nil, storage: Storage? = nil
    ) {
        self.variables = variables
        self.cache = cache
        self.storage = storage
    }

    package var settingsFile: SettingsFile { SettingsFile(environment: variables) }

    /// The saved settings; a server reads the file again only when it has changed.
    package func settings() throws -> Settings {
        if let requestSettings { return requestSettings }
        guard let cache else { return try settingsFile.load() }
        return try cache.settings { settingsFile }
    }

    /// This environment with the settings read now and kept: one request sees one version of them, read once.
    package func readingSettingsOnce() throws -> Environment {
        var environment = self
        environment.requestSettings = try settings()
        return environment
    }

    package func gazetteer() throws -> Gazetteer {
        guard let cache else { return try loadGazetteer() }
        return try cache.gazetteer(loadGazetteer)
    }

    private func loadGazetteer() throws -> Gazetteer {
        let directory = try DataDirectory.locate(environment: variables)
        let alternateNames = directory.appendingPathComponent("place-names.csv")
        let alternates = FileManager.default.fileExists(atPath: alternateNames.path) ? alternateNames : nil
        // The index build_data.py writes beside places.csv: mapped, not parsed. A data folder without one (an
        // older Data/) is read from the CSV as before.
        let index = directory.appendingPathComponent("places.index")
        if FileManager.default.fileExists(atPath: index.path) {
            return try Gazetteer(indexAt: index, alternateNamesAt: alternates)
        }
        return try Gazetteer(
            contentsOf: directory.appendingPathComponent("places.csv"),
            alternateNamesAt: alternates)
    }

    /// The user's catalog when given, else the bundled Helsinki theaters.
    package func catalog(path: String?) throws -> TheaterCatalog {
        guard let cache else { return try loadCatalog(path: path) }
        return try cache.catalog(path: path) { try loadCatalog(path: path) }
    }

    private func loadCatalog(path: String?) throws -> TheaterCatalog {
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
