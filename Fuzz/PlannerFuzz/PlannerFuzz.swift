import CLibFuzzer
import Foundation
import FuzzTargets

/// `planner-fuzz TARGET [libFuzzer options] [CORPUS …]`: one parser's fuzz target (Fuzz/FuzzTargets), run by
/// libFuzzer.
///
/// ```sh
/// PLANNER_FUZZ=1 swift build --product planner-fuzz -Xswiftc -sanitize=fuzzer,address --scratch-path .build-fuzz
/// .build-fuzz/debug/planner-fuzz csv -max_total_time=60 bench-out/fuzz/csv/corpus Fuzz/Corpus/csv
/// .build-fuzz/debug/planner-fuzz csv bench-out/fuzz/csv/crash-…   # runs one saved input again
/// ```
///
/// libFuzzer's own `main` can't be used: SwiftPM links every executable with `main` aliased to the target's
/// entry point, so this entry point hands over to libFuzzer's driver instead.
@main
enum PlannerFuzz {
    /// Where the target's name is kept for the copies of itself libFuzzer starts (`-fork`, `-merge`,
    /// `-minimize_crash`), whose command lines leave the name out.
    static let targetVariable = "PLANNER_FUZZ_TARGET"

    static func main() {
        var arguments = CommandLine.arguments
        var name = ProcessInfo.processInfo.environment[targetVariable]
        if arguments.count > 1, FuzzTarget.named(arguments[1]) != nil { name = arguments.remove(at: 1) }
        guard let name, let target = FuzzTarget.named(name) else {
            let names = FuzzTarget.all.map { target in
                "  " + target.name.padding(toLength: 16, withPad: " ", startingAt: 0) + target.summary
            }
            FileHandle.standardError.write(
                Data(("usage: planner-fuzz TARGET [libFuzzer options] [CORPUS …]\ntargets:\n"
                    + names.joined(separator: "\n") + "\n").utf8))
            exit(64)
        }
        setenv(targetVariable, name, 1)
        selectedTarget = target
        var argc = CInt(arguments.count)
        let cArguments = arguments.map { strdup($0) } + [nil]
        let argvBuffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: cArguments.count)
        argvBuffer.initialize(from: cArguments, count: cArguments.count)
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argvBuffer
        exit(LLVMFuzzerRunDriver(&argc, &argv, testOneInput))
    }
}

/// The target this process runs; set once, before libFuzzer starts calling `testOneInput`.
nonisolated(unsafe) private var selectedTarget: FuzzTarget?

/// libFuzzer's entry point: one input, as bytes. Thrown errors are expected; only a crash, a hang, an
/// AddressSanitizer report or runaway memory is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    selectedTarget?.run(bytes)
    return 0
}
