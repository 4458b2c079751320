import Foundation
import Testing

@testable import PlannerApp

/// The environment read from `environ` without `ProcessInfo` is `ProcessInfo.environment`, entry for entry.
@Suite struct ProcessEnvironmentTests {
    @Test func theProcesssVariablesAreProcessInfosVariables() {
        #expect(ProcessEnvironment.variables == ProcessInfo.processInfo.environment)
        #expect(!ProcessEnvironment.variables.isEmpty)
    }

    /// As `ProcessInfo.environment` reads a list given to execve(2): `A=1 A=2 B==x EMPTY= NOEQ =v` is
    /// A=2, B="=x", EMPTY="", ""="v" (checked with a program that printed it, execve'd with that list).
    @Test func aListIsSplitAtItsFirstEqualsSignAndALaterNameWins() {
        let texts = ["A=1", "A=2", "B==x", "EMPTY=", "NOEQ", "=v", "CAFÉ=crème"]
        let copies = texts.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let entries = copies + [nil]
        let variables = entries.withUnsafeBufferPointer { ProcessEnvironment.variables(of: $0.baseAddress) }
        #expect(variables == ["A": "2", "B": "=x", "EMPTY": "", "": "v", "CAFÉ": "crème"])
        #expect(ProcessEnvironment.variables(of: nil) == [:])
    }
}
