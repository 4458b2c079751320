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
    /// The data folder, once found (``dataDirectory()``); shared by this environment's copies.
    private let foundDataDirectory = FoundDataDirectory()
    /// What one run of the command line opens and reads once (``commandLine(variables:)``); nil elsewhere.
    let processScope: ProcessScope?

    package init(variables: [String: String], cache: DataCache? = nil, storage: Storage? = nil) {
        self.init(variables: variables, cache: cache, storage: storage, processScope: nil)
    }

    private init(variables: [String: String], cache: DataCache?, storage: Storage?, processScope: ProcessScope?) {
        self.variables = variables
        self.cache = cache
        self.storage = storage
        self.processScope = processScope
        settingsFile = SettingsFile(environment: variables)
    }

    /// The command line's environment: one run reads the settings again only when their file changed
    /// (``ProcessScope``).
    package static func commandLine(variables: [String: String]) -> Environment {
        Environment(variables: variables, cache: nil, storage: nil, processScope: ProcessScope())
    }

    /// Where the settings live, worked out once (a command reads them three times).
    package let settingsFile: SettingsFile

    /// The bundled data's folder (``DataDirectory/locate(environment:executable:)``), looked for once: a command
    /// reads the places, the theaters and the areas from it, and each look costs some twenty file-system calls.
    /// A folder not found is looked for again next time.
    package func dataDirectory() throws -> URL {
        try foundDataDirectory.value { try DataDirectory.locate(environment: variables) }
    }

    /// The saved settings; a server and a run of the command line read the file again only when it has changed.
    package func settings() throws -> Settings {
        if let requestSettings { return requestSettings }
        if let cache { return try cache.settings { settingsFile } }
        if let processScope { return try processScope.settings(settingsFile) }
        return try settingsFile.load()
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
        let directory = try dataDirectory()
        let alternateNames = directory.appending(path: "place-names.csv", directoryHint: .notDirectory)
        let alternates = FileManager.default.fileExists(atPath: alternateNames.path) ? alternateNames : nil
        // The index build_data.py writes beside places.csv: mapped, not parsed. A data folder without one (an
        // older Data/) is read from the CSV as before.
        let index = directory.appending(path: "places.index", directoryHint: .notDirectory)
        if FileManager.default.fileExists(atPath: index.path) {
            return try Gazetteer(indexAt: index, alternateNamesAt: alternates)
        }
        return try Gazetteer(
            contentsOf: directory.appending(path: "places.csv", directoryHint: .notDirectory),
            alternateNamesAt: alternates)
    }

    /// The user's catalog when given, else the bundled Helsinki theaters.
    package func catalog(path: String?) throws -> TheaterCatalog {
        guard let cache else { return try loadCatalog(path: path) }
        return try cache.catalog(path: path) { try loadCatalog(path: path) }
    }

    private func loadCatalog(path: String?) throws -> TheaterCatalog {
        if let path { return try TheaterCatalog(contentsOf: URL(fileURLWithPath: path)) }
        let directory = try dataDirectory()
        let coverage = CoverageArea.read(
            contentsOf: directory.appending(path: "coverage.csv", directoryHint: .notDirectory))
        var catalog = try TheaterCatalog(
            contentsOf: directory.appending(path: "theaters.csv", directoryHint: .notDirectory),
            source: "the bundled OpenStreetMap data", coverage: coverage)
        catalog.attribution = "© OpenStreetMap contributors, ODbL 1.0"
        return catalog
    }
}

/// The process's environment variables, read once: `ProcessInfo.environment` builds a new dictionary from
/// `environ` on every call, and a command asked for it several times. planner never changes its own
/// environment.
package enum ProcessEnvironment {
    #if canImport(Glibc)
        /// Read from `environ` here, as `ProcessInfo.environment` reads it, without `ProcessInfo`, whose first use
        /// sets up the whole process's information (host, arguments, locks) for a command that wants none of it.
        package static let variables: [String: String] = variables(of: environ)
    #else
        package static let variables: [String: String] = ProcessInfo.processInfo.environment
    #endif

    /// The variables of a C environment list (`NAME=value` strings up to a null pointer), as
    /// `ProcessInfo.environment` makes them: split at the first `=`, an entry without one left out, a later entry
    /// for the same name winning.
    package static func variables(of entries: UnsafePointer<UnsafeMutablePointer<CChar>?>?) -> [String: String] {
        guard var entry = entries else { return [:] }
        var variables: [String: String] = [:]
        while let text = entry.pointee {
            let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text)).bindMemory(to: UInt8.self)
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                variables[name] = String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
            }
            entry += 1
        }
        return variables
    }
}

/// The data folder an ``Environment`` found, kept for its copies (a class: the environment is passed by value).
private final class FoundDataDirectory: @unchecked Sendable {
    private let lock = NSLock()
    private var found: URL?

    func value(_ locate: () throws -> URL) throws -> URL {
        try lock.withLock {
            if let found { return found }
            let url = try locate()
            found = url
            return url
        }
    }
}
