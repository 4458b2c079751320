/// A binary min-heap of (key, node) pairs, for Dijkstra with lazy deletion (stale entries are skipped by the
/// caller when popped).
///
/// Entries sit in one array and sift by moving a hole rather than swapping, through an unsafe buffer, so a push
/// or pop does no bounds or uniqueness check per level. The order of pops is the same as with swaps.
struct MinHeap {
    private struct Entry {
        var key: Double
        var node: Int32
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }
    var count: Int { entries.count }

    /// The smallest key, or +∞ when empty.
    var minimumKey: Double { entries.first?.key ?? .infinity }

    /// Empties the heap, keeping its storage.
    mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    mutating func push(_ key: Double, _ node: Int32) {
        entries.append(Entry(key: key, node: node))
        entries.withUnsafeMutableBufferPointer { heap in
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard key < heap[parent].key else { break }
                heap[child] = heap[parent]
                child = parent
            }
            heap[child] = Entry(key: key, node: node)
        }
    }

    mutating func pop() -> (key: Double, node: Int32)? {
        guard let top = entries.first else { return nil }
        let last = entries.removeLast()
        if !entries.isEmpty {
            entries.withUnsafeMutableBufferPointer { heap in
                let count = heap.count
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    guard left < count else { break }
                    let right = left + 1
                    let smaller = right < count && heap[right].key < heap[left].key ? right : left
                    guard heap[smaller].key < last.key else { break }
                    heap[parent] = heap[smaller]
                    parent = smaller
                }
                heap[parent] = last
            }
        }
        return (top.key, top.node)
    }
}
