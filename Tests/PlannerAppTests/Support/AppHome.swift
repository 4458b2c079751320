import Foundation
import TestSupport

import class Watchlist.PlannerStore

@testable import PlannerApp

/// One test's private planner: a temporary folder holding the settings file and the SQLite database, the
/// repository's Data/ for the bundled theaters and places, and an ``Environment`` built from these variables alone
/// (never the process's), as `PlannerProcess` sets them for the command-line tests.
///
/// Every service that is not a fake on loopback points at port 9 (discard) on loopback, which refuses at once:
/// OpenStreetMap's services, Gracenote, and TMDb and Finnkino unless a test gives fakes.
struct AppHome {
    /// The repository root (three folders above this file's).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The repository's bundled data.
    static let dataDirectory = repositoryRoot.appendingPathComponent("Data")

    /// The variables of a planner that may reach nothing but loopback.
    static func baseVariables(in folder: URL) -> [String: String] {
        [
            "HOME": folder.path,
            "PLANNER_CONFIG": folder.appendingPathComponent("config.json").path,
            "PLANNER_DB": folder.appendingPathComponent("planner.sqlite").path,
            "PLANNER_DATA_DIR": dataDirectory.path,
            "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": folder.appendingPathComponent("xdg-config").path,
            "OVERPASS_URL": "http://127.0.0.1:9/api/interpreter",
            "NOMINATIM_URL": "http://127.0.0.1:9",
            "TMDB_BASE_URL": "http://127.0.0.1:9/3",
            "FINNKINO_BASE_URL": "http://127.0.0.1:9/xml",
            "GRACENOTE_BASE_URL": "http://127.0.0.1:9/v1.1",
            // Cinemas' own pages are real web sites: never read from a test.
            "PLANNER_SHOWTIMES_WEBSITES": "never",
        ]
    }

    /// The variables that point planner at a fake TMDb, with the token it accepts.
    static func tmdb(_ tmdb: FakeServer) -> [String: String] {
        ["TMDB_BASE_URL": tmdb.baseURL.absoluteString, "TMDB_READ_ACCESS_TOKEN": FakeTMDbService.token]
    }

    /// The variables that point planner at a fake TMDb and a fake Finnkino.
    static func tmdb(_ tmdb: FakeServer, finnkino: FakeServer) -> [String: String] {
        Self.tmdb(tmdb).merging(["FINNKINO_BASE_URL": finnkino.baseURL.absoluteString]) { _, new in new }
    }

    let folder: URL
    let environment: Environment

    /// A fresh folder; `extra` adds or replaces variables, `without` leaves some out. With a `cache`, the
    /// environment is a server's, which keeps what it reads there.
    init(_ extra: [String: String] = [:], without: Set<String> = [], cache: DataCache? = nil) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("planner-app-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var variables = Self.baseVariables(in: folder)
        for (key, value) in extra { variables[key] = value }
        for key in without { variables.removeValue(forKey: key) }
        environment = Environment(variables: variables, cache: cache)
    }

    /// The database file.
    var databasePath: String { folder.appendingPathComponent("planner.sqlite").path }

    /// Opens the database file as every command does (the store's and the caches' migrations).
    func openStore() throws -> PlannerStore {
        try AppDatabase.open(explicit: databasePath, environment: environment)
    }

    /// The film services over `store`, for `region` (nil: the saved one, else the home's country).
    func filmServices(_ store: PlannerStore, region: String? = "FI") throws -> FilmServices {
        try FilmServices.make(FilmRequest(region: region), storage: .sqlite(store), environment: environment)
    }

    /// The showtimes services over `store`, for `date` ("today", "tomorrow" or YYYY-MM-DD).
    func showtimesServices(_ store: PlannerStore, date: String = "today") throws -> ShowtimesServices {
        try ShowtimesServices.make(ShowtimesRequest(date: date), storage: .sqlite(store), environment: environment)
    }

    /// Removes the folder.
    func remove() { try? FileManager.default.removeItem(at: folder) }
}

/// A film or series named as the command line names it: "101", or a title.
func reference(_ text: String) -> FilmReference {
    guard let reference = FilmReference(text: text) else { fatalError("'\(text)' names nothing") }
    return reference
}

/// What `body` threw, or nil when it returned.
func thrown<R>(_ body: () throws -> R) -> (any Error)? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// What the asynchronous `body` threw, or nil when it returned.
func thrownAsync<R>(_ body: () async throws -> R) async -> (any Error)? {
    do {
        _ = try await body()
        return nil
    } catch {
        return error
    }
}

/// The message of a use case's typed error, when it is of the kind asked for (else nil): the kind decides the
/// face's answer (the server's 404 for `notFound`, 400 for the others), the message is what both faces show.
enum UseCaseError {
    static func notFound(_ error: (any Error)?) -> String? {
        if case .notFound(let message)? = error as? PlannerAppError { return message }
        return nil
    }

    static func invalidOption(_ error: (any Error)?) -> String? {
        if case .invalidOption(let message)? = error as? PlannerAppError { return message }
        return nil
    }

    static func invalidArgument(_ error: (any Error)?) -> String? {
        if case .invalidArgument(let message)? = error as? PlannerAppError { return message }
        return nil
    }
}

/// The one-line description of any error, as the faces print it.
func describe(_ error: (any Error)?) -> String? {
    error.map { "\($0)" }
}
