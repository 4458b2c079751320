import Basics
import Foundation
import Testing

/// What was just read, used again for a window and then read anew.
@Suite struct RecentReadsTests {
    @Test func aValueIsUsedAgainWithinItsWindowAndAMissingRowToo() {
        let recent = RecentReads<String, Int?>(windowSeconds: 60)
        #expect(recent.value(forKey: "a") == nil)
        recent.keep(1, forKey: "a")
        recent.keep(nil, forKey: "gone")
        #expect(recent.value(forKey: "a") == .some(1))
        // A row that was not there is kept as such: known missing, not unknown
        #expect(recent.value(forKey: "gone") == .some(nil))
        recent.forget("a")
        #expect(recent.value(forKey: "a") == nil)
    }

    @Test func aValueIsReadAnewOnceItsWindowHasPassed() async throws {
        let recent = RecentReads<String, Int>(windowSeconds: 0.05)
        recent.keep(1, forKey: "a")
        try await Task.sleep(for: .milliseconds(150))
        #expect(recent.value(forKey: "a") == nil)
    }

    @Test func aWindowOfZeroKeepsNothing() {
        let recent = RecentReads<String, Int>(windowSeconds: 0)
        recent.keep(1, forKey: "a")
        #expect(!recent.isEnabled)
        #expect(recent.value(forKey: "a") == nil)
        #expect(recent.count == 0)
    }

    @Test func aFullMemoStartsOverRatherThanGrow() {
        let recent = RecentReads<Int, Int>(windowSeconds: 60, capacity: 4)
        for key in 0..<4 { recent.keep(key, forKey: key) }
        #expect(recent.count == 4)
        // A key already kept is replaced in place; a new one finds every entry fresh, so all go
        recent.keep(10, forKey: 3)
        #expect(recent.count == 4)
        recent.keep(5, forKey: 5)
        #expect(recent.count == 1)
        #expect(recent.value(forKey: 5) == 5)
    }
}
