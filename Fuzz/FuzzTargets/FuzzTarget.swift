// Debug builds only: the targets reach the parsers' internal entry points through `@testable import`, which
// SwiftPM allows where it passes `-enable-testing` (debug). A bare `swift build -c release` builds this module too
// (no product needs it), and finds it empty.
#if DEBUG
import Foundation
import Geo

/// One parser under fuzzing: the name `planner-fuzz` and `Scripts/fuzz.sh` know it by, and what it does with
/// one input. Its seeds are in `Fuzz/Corpus/NAME`; the test command replays them (Tests/FuzzReplayTests).
///
/// ```swift
/// FuzzTarget.named("csv")?.run(Array("name,lat,lon\n".utf8))   // a thrown error is fine; a trap is a finding
/// ```
public struct FuzzTarget: Sendable {
    /// The target's name on the command line, also its corpus folder's name.
    public let name: String
    /// What it reads, in a few words.
    public let summary: String
    /// Reads one input, ignoring every thrown error.
    public let run: @Sendable ([UInt8]) -> Void

    /// Every target, in the order `Scripts/fuzz.sh` runs them.
    public static let all: [FuzzTarget] = [
        .pbfFile, .pbfBlock, .protobuf, .osmXML, .gzip, .csv, .catalogCSV, .catalogGeoJSON, .finnkino,
        .gracenote, .movieGlu, .webMarkup, .filmJSON, .lookupJSON, .roadGraph, .nearRadius,
    ]

    /// The target with this name, if there is one.
    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }

    /// Central Helsinki, where the seeds' data lies: the origin the targets search and route from.
    static let helsinki = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
}

/// The error a target's callback throws to stop reading, e.g. once output passes a size limit.
struct StopReading: Error {}

/// The current input as a file, for the readers that take only a URL: one folder per process, removed at exit.
enum ScratchFile {
    static let directory: URL = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm")
            : FileManager.default.temporaryDirectory
        let directory = base.appendingPathComponent("planner-fuzz-\(getpid())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: ScratchFile.directory) }
        return directory
    }()

    /// Writes `bytes` to the file `name` in the scratch folder and returns its URL.
    static func write(_ bytes: [UInt8], name: String) -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.createFile(atPath: url.path, contents: Data(bytes)) else {
            fatalError("planner-fuzz: cannot write the scratch file \(url.path)")
        }
        return url
    }
}
#endif
