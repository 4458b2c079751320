import Foundation
import Settings
import Testing

@testable import PlannerApp

/// A server keeps its settings between requests, yet sees every change to the file on the next request.
@Suite final class SettingsCacheTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("planner-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    @Test func aServerSeesEverySaveRemovalAndInPlaceEditOfTheSettingsOnItsNextRequest() throws {
        let path = root.appendingPathComponent("config.json").path
        let environment = Environment(variables: ["PLANNER_CONFIG": path, "HOME": root.path], cache: DataCache())
        let file = SettingsFile(environment: environment.variables)
        // No file yet: the defaults.
        #expect(try environment.settings() == Settings())
        // `planner config set` saves by renaming a new file over the old one.
        try file.save(Settings(radius: "2km"))
        #expect(try environment.settings().radius == "2km")
        #expect(try environment.settings().radius == "2km")
        try file.save(Settings(radius: "3km", keyword: "theatre"))
        #expect(try environment.settings() == Settings(radius: "3km", keyword: "theatre"))
        // An editor that writes the same file in place, to the same length.
        try Data(#"{"radius":"4km","keyword":"theatre"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try environment.settings().radius == "4km")
        try FileManager.default.removeItem(atPath: path)
        #expect(try environment.settings() == Settings())
        // A broken file is reported, not hidden behind the last good one.
        try Data("{".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SettingsError.self) { try environment.settings() }
    }
}
