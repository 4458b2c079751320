/// A binary min-heap of (key, node) pairs, for Dijkstra with lazy deletion (stale entries are skipped by the
/// caller when popped).
struct MinHeap {
    private var keys: [Double] = []
    private var nodes: [Int32] = []

    var isEmpty: Bool { keys.isEmpty }
    var count: Int { keys.count }

    /// The smallest key, or +∞ when empty.
    var minimumKey: Double { keys.first ?? .infinity }

    mutating func push(_ key: Double, _ node: Int32) {
        keys.append(key)
        nodes.append(node)
        var child = keys.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard keys[child] < keys[parent] else { break }
            keys.swapAt(child, parent)
            nodes.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (key: Double, node: Int32)? {
        guard let key = keys.first else { return nil }
        let node = nodes[0]
        let lastKey = keys.removeLast()
        let lastNode = nodes.removeLast()
        if !keys.isEmpty {
            keys[0] = lastKey
            nodes[0] = lastNode
            var parent = 0
            let count = keys.count
            while true {
                let left = 2 * parent + 1
                guard left < count else { break }
                let right = left + 1
                let smaller = right < count && keys[right] < keys[left] ? right : left
                guard keys[smaller] < keys[parent] else { break }
                keys.swapAt(smaller, parent)
                nodes.swapAt(smaller, parent)
                parent = smaller
            }
        }
        return (key, node)
    }
}
