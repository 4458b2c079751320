// Debug builds only, as FuzzTargets (Fuzz/FuzzTargets/FuzzTarget.swift says why).
#if DEBUG
import Foundation
import FuzzTargets
import Testing

/// The test command's fuzzing: every fuzz target fed its seeds and every input fuzzing found, with no sanitizer
/// build. `Scripts/fuzz.sh` explores; this replays (FUZZING.md).
///
/// A thrown error is the expected answer to a bad input. A crash (a trap, a signal) fails the target's case, and so
/// does an input still running after a minute. Each target reads its inputs in a process of its own (an exit test),
/// so that a crash fails that one case, naming the input, instead of ending the whole test run.
// One child process for every target: a waiting exit test holds one of the pool's threads, and the suites that time
// fake servers need the others.
@Suite struct FuzzReplayTests {
    @Test func everyTargetReadsItsSeedsAndEveryFindingWithoutACrash() async {
        // Given every target's inputs, and a file where the child process notes the one it is reading
        let inputs = FuzzTarget.all.map { ($0.name, FuzzInputs.paths(for: $0.name)) }
        let names = inputs.map(\.0)
        let paths = inputs.map(\.1)
        let reading = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-replay-\(UUID()).txt").path
        defer { try? FileManager.default.removeItem(atPath: reading) }
        // When each target reads each of them, in another process
        let result = await #expect(processExitsWith: .success) {
            [names = names as [String], paths = paths as [[String]], reading = reading as String] in
            for (name, targetPaths) in zip(names, paths) {
                guard let target = FuzzTarget.named(name) else { exit(2) }
                for path in targetPaths {
                    try Data("\(name) \(path)".utf8).write(to: URL(fileURLWithPath: reading))
                    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
                    // A minute for each input: SIGALRM then ends the process, as a hang
                    _ = alarm(60)
                    target.run(bytes)
                }
            }
        }
        // Then the process got through them all, whatever the parsers threw; if not, the input it stopped on is named
        if result == nil, let line = try? String(contentsOfFile: reading, encoding: .utf8) {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            Issue.record("\(parts.first ?? "?") crashed or hung on \(FuzzInputs.relative(parts.last ?? line))")
        }
    }

    @Test func everyTargetHasSeedsAndEverySeedFolderNamesATarget() {
        let folders = FuzzInputs.entries(of: FuzzInputs.corpus).filter { folder in
            (try? folder.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
        }
        #expect(Set(folders.map(\.lastPathComponent)) == Set(FuzzTarget.all.map(\.name)))
        for target in FuzzTarget.all {
            #expect(!FuzzInputs.seeds(of: target.name).isEmpty, "no seed for \(target.name)")
        }
    }

    @Test func theFindingsKeptBesideTheTestsAreReplayed() {
        // Eight files in OSMTests and RoutingTests when this was written (FUZZING.md, "Findings and fixes"); the
        // other findings are inline in their tests. Findings are only ever added.
        #expect(FuzzInputs.findings.count >= 8)
        #expect(FuzzInputs.findings.contains { $0.lastPathComponent == "count-beyond-int.roadgraph" })
    }
}
#endif
