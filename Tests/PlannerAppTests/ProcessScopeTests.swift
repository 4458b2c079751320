import Foundation
import Settings
import Testing
import Watchlist

@testable import PlannerApp

/// One run of the command line opens the database once for every use case, and reads the settings once, yet sees
/// `planner config set` made in the same run.
@Suite final class ProcessScopeTests {
    let root: URL
    let variables: [String: String]

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("planner-scope-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        variables = [
            "HOME": root.path, "PLANNER_CONFIG": root.appendingPathComponent("config.json").path,
            "PLANNER_DB": root.appendingPathComponent("planner.sqlite").path,
        ]
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @Test func theUseCasesOfOneRunShareTheOpenFileWhileOneHoldsIt() throws {
        // Given the command line's environment, and the file opened once as a pool
        let environment = Environment.commandLine(variables: variables)
        let first = try AppDatabase.open(explicit: nil, environment: environment)

        // When other use cases open it, with one connection, by its default path or its explicit one
        let second = try AppDatabase.open(explicit: nil, environment: environment, concurrentReads: false)
        let third = try AppDatabase.open(explicit: variables["PLANNER_DB"], environment: environment)

        // Then each gets the store already open
        #expect(first === second)
        #expect(first === third)
    }

    @Test func aStoreNoUseCaseHoldsIsNotKept() throws {
        let environment = Environment.commandLine(variables: variables)
        weak var released: PlannerStore?
        do {
            let store = try AppDatabase.open(explicit: nil, environment: environment)
            released = store
            #expect(released != nil)
        }
        #expect(released == nil)
        let again = try AppDatabase.open(explicit: nil, environment: environment)
        #expect(again.path == variables["PLANNER_DB"])
    }

    @Test func otherEnvironmentsOpenTheFileEachTime() throws {
        let environment = Environment(variables: variables)
        let first = try AppDatabase.open(explicit: nil, environment: environment)
        let second = try AppDatabase.open(explicit: nil, environment: environment)
        #expect(first !== second)
    }

    @Test func aRunReadsTheSettingsOnceAndSeesEverySaveAfter() throws {
        let environment = Environment.commandLine(variables: variables)
        let file = SettingsFile(environment: variables)
        #expect(try environment.settings() == Settings())
        try file.save(Settings(radius: "2km"))
        #expect(try environment.settings().radius == "2km")
        #expect(try environment.settings().radius == "2km")
        try file.save(Settings(radius: "3km", keyword: "theatre"))
        #expect(try environment.settings() == Settings(radius: "3km", keyword: "theatre"))
        try FileManager.default.removeItem(at: file.url)
        #expect(try environment.settings() == Settings())
    }
}
