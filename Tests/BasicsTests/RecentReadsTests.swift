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

    @Test func aLargeMemoSplitAmongLocksStillKeepsEachKeysOwnValueAndItsCapacity() {
        let recent = RecentReads<String, Int>(windowSeconds: 60, capacity: 128)
        for key in 0..<1_000 {
            recent.keep(key, forKey: "key \(key)")
            // The key just kept is always there, whichever stripe it fell in
            #expect(recent.value(forKey: "key \(key)") == key)
        }
        #expect(recent.count <= 128)
        #expect(recent.count > 0)
        recent.forgetAll()
        #expect(recent.count == 0)
    }

    @Test func threadsReadingAndWritingAtOnceEachFindTheirOwnKeys() async {
        let recent = RecentReads<String, Int>(windowSeconds: 60)
        let wrong = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for round in 0..<500 {
                        let key = "task \(task) key \(round % 50)"
                        recent.keep(task * 1_000 + round, forKey: key)
                        if recent.value(forKey: key) != task * 1_000 + round { wrong += 1 }
                        if round % 100 == 99 { recent.forget(key) }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
        // Each task's last round forgot its 50th key: 49 of its keys are left, none lost to another stripe
        #expect(recent.count == 8 * 49)
    }
}
