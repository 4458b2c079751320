import Foundation
import Testing
import Theaters

@testable import PlannerApp

/// Where the binary finds its data: `$PLANNER_DATA_DIR`, beside itself (or above, in the repository), or in
/// `PREFIX/share/planner` when installed.
@Suite final class DataDirectoryTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("planner-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// A folder at `path` (under the test's root) holding a `theaters.csv`.
    @discardableResult
    func dataFolder(_ path: String) throws -> URL {
        let folder = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("name,lat,lon\n".utf8).write(to: folder.appendingPathComponent("theaters.csv"))
        return folder.resolvingSymlinksInPath()
    }

    func binary(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The path of the data folder found for a binary at `path` (under the test's root).
    func located(from path: String, environment: [String: String] = [:]) throws -> String {
        try DataDirectory.locate(environment: environment, executable: binary(path)).path
    }

    @Test func anEnvironmentLooksForItsDataFolderOnce() throws {
        // Given an environment whose $PLANNER_DATA_DIR holds the data
        let data = try dataFolder("first/Data")
        let environment = Environment(variables: ["PLANNER_DATA_DIR": data.path])
        #expect(try environment.dataDirectory().path == data.path)
        // When the folder loses its data, the environment and its copies still name it: they looked once
        try FileManager.default.removeItem(at: data.appendingPathComponent("theaters.csv"))
        let copy = environment
        #expect(try copy.dataDirectory().path == data.path)
        // And a new environment looks again, and passes it over
        #expect(try Environment(variables: ["PLANNER_DATA_DIR": data.path]).dataDirectory().path != data.path)
    }

    @Test func aBinaryFindsTheDataFolderBesideItself() throws {
        let data = try dataFolder("opt/bin/Data")
        #expect(try located(from: "opt/bin/planner") == data.path)
    }

    @Test func anInstalledBinaryFindsItsDataInShareBesideBin() throws {
        let data = try dataFolder("prefix/share/planner")
        #expect(try located(from: "prefix/bin/planner") == data.path)
    }

    @Test func aDebugBuildFindsTheRepositorysDataAboveIt() throws {
        let data = try dataFolder("repo/Data")
        #expect(try located(from: "repo/.build/x86_64-unknown-linux-gnu/debug/planner") == data.path)
    }

    @Test func theInstalledDataComesBeforeADataFolderFurtherUp() throws {
        // Given a stray Data/ above an installed prefix
        try dataFolder("Data")
        let installed = try dataFolder("usr/local/share/planner")
        // Then the prefix's own data is used
        #expect(try located(from: "usr/local/bin/planner") == installed.path)
    }

    @Test func aSymlinkedBinaryFindsTheDataOfTheFileItPointsTo() throws {
        // Given /usr/local/bin/planner → /opt/planner/bin/planner, with the data in /opt/planner/share/planner
        let data = try dataFolder("opt/planner/share/planner")
        let real = binary("opt/planner/bin/planner")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: real)
        let link = binary("usr/local/bin/planner")
        try FileManager.default.createDirectory(at: link.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        // Then the link's target decides
        #expect(try DataDirectory.locate(environment: [:], executable: link).path == data.path)
    }

    @Test func linksAreFollowedAsFoundationFollowsThem() throws {
        // A binary behind two links, one of them relative and through "..", and paths that do not exist.
        let real = binary("opt/real/bin/planner")
        try FileManager.default.createDirectory(at: real.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: real)
        let first = binary("usr/bin/planner")
        try FileManager.default.createDirectory(at: first.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: first.path, withDestinationPath: "../../opt/real/bin/planner")
        let second = binary("links/planner")
        try FileManager.default.createDirectory(at: second.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: second, withDestinationURL: first)
        for url in [real, first, second, binary("missing/planner"), binary("opt/real/bin/../bin/planner")] {
            #expect(DataDirectory.resolvingLinks(url).path == url.resolvingSymlinksInPath().path, "\(url.path)")
        }
        #expect(DataDirectory.resolvingLinks(second).path == real.resolvingSymlinksInPath().path)
    }

    @Test func anExplicitPlannerDataDirWinsOverTheInstalledData() throws {
        try dataFolder("prefix/share/planner")
        let mine = try dataFolder("mine")
        let environment = ["PLANNER_DATA_DIR": mine.path]
        #expect(try located(from: "prefix/bin/planner", environment: environment) == mine.path)
    }

    @Test func aPlannerDataDirWithoutDataIsPassedOver() throws {
        let installed = try dataFolder("prefix/share/planner")
        let environment = ["PLANNER_DATA_DIR": root.appendingPathComponent("empty").path]
        #expect(try located(from: "prefix/bin/planner", environment: environment) == installed.path)
    }

    @Test func whenNothingIsFoundTheErrorNamesAllThreePlaces() throws {
        let executable = binary("nowhere/bin/planner")
        let bin = root.appendingPathComponent("nowhere/bin").resolvingSymlinksInPath().path
        let prefix = root.appendingPathComponent("nowhere").resolvingSymlinksInPath().path
        #expect(throws: TheatersError.bundledDataNotFound(searched: [
            "PLANNER_DATA_DIR (not set)", "\(bin)/Data (and a Data folder above it)", "\(prefix)/share/planner",
        ])) {
            try DataDirectory.locate(environment: [:], executable: executable)
        }
        let error = TheatersError.bundledDataNotFound(searched: ["PLANNER_DATA_DIR=/x", "/p/bin/Data", "/p/share"])
        #expect(error.description.contains("looked in PLANNER_DATA_DIR=/x, /p/bin/Data, /p/share"))
    }

    @Test func theRunningBinaryIsARealFile() {
        #expect(FileManager.default.isExecutableFile(atPath: Executable.url().path))
    }

    @Test func aBareCommandNameIsLookedUpInPath() throws {
        // Given a `planner` in one folder of PATH (as argv[0] is when a shell runs it from PATH)
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let file = bin.appendingPathComponent("planner")
        try Data("#!/bin/sh\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        // Then it is found there (when /proc/self/exe cannot say)
        let found = Executable.url(
            arguments: ["planner"], environment: ["PATH": "/nonexistent:\(bin.path)"], procSelf: nil)
        #expect(found.path == file.path)
    }
}
