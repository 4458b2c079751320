import Foundation
import Settings
import Testing

@testable import PlannerApp

/// One run of the command line reads the settings once, yet sees `planner config set` made in the same run.
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
