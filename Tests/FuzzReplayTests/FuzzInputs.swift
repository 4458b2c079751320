// Debug builds only, as FuzzTargets (Fuzz/FuzzTargets/FuzzTarget.swift says why).
#if DEBUG
import Foundation
import FuzzTargets

/// The files the replay feeds the fuzz targets: each target's seeds (`Fuzz/Corpus/TARGET/`), and the inputs fuzzing
/// found, kept under `Tests/MODULETests/Fixtures/Fuzz/` (FUZZING.md), which every target is fed, not only the one
/// that found them.
enum FuzzInputs {
    /// The repository: three folders up from this file (Tests/FuzzReplayTests/FuzzInputs.swift).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The seeds' folder, with one folder per target.
    static let corpus = repository.appendingPathComponent("Fuzz/Corpus")

    /// The inputs fuzzing found, from every test target's `Fixtures/Fuzz` folder.
    static let findings: [URL] = entries(of: repository.appendingPathComponent("Tests")).flatMap { folder in
        entries(of: folder.appendingPathComponent("Fixtures/Fuzz"))
    }

    /// The target's own seeds.
    static func seeds(of target: String) -> [URL] {
        entries(of: corpus.appendingPathComponent(target))
    }

    /// What the replay feeds the target: its seeds, then every finding, as absolute paths.
    static func paths(for target: String) -> [String] {
        (seeds(of: target) + findings).map(\.path)
    }

    /// The entries of `folder` (none where it is missing), hidden ones left out, sorted by name.
    static func entries(of folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// `path` from the repository, for messages.
    static func relative(_ path: String) -> String {
        path.hasPrefix(repository.path + "/") ? String(path.dropFirst(repository.path.count + 1)) : path
    }
}
#endif
