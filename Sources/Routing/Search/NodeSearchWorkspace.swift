import Foundation
import Geo

/// Labels for `PathSearch.oneToMany`, kept between queries and reset through the nodes touched, so that a query
/// costs the nodes it reaches rather than a fresh array per node of the graph.
struct NodeSearchWorkspace: Sendable {
    /// The duration from the seeds, per node (+∞ when unreached).
    var duration: [Double]
    var parentNode: [Int32]
    var parentEdge: [Int32]
    /// The lower bound of the time from a node to the nearest destination entry, in seconds (-1: not computed).
    var bound: [Double]
    /// Whether a node is an entry of some destination.
    var isEntry: [Bool]
    var heap = MinHeap()
    private var touched: [Int32] = []
    /// The length each seed brings, by its node (the last seed that labelled the node wins, as in `SearchTree`).
    private var seedLengths: [(node: Int32, lengthMeters: Double)] = []

    init(nodeCount: Int) {
        duration = [Double](repeating: .infinity, count: nodeCount)
        parentNode = [Int32](repeating: -1, count: nodeCount)
        parentEdge = [Int32](repeating: -1, count: nodeCount)
        bound = [Double](repeating: -1, count: nodeCount)
        isEntry = [Bool](repeating: false, count: nodeCount)
    }

    mutating func markEntry(_ node: Int32) {
        if !isEntry[Int(node)] {
            touch(node)
            isEntry[Int(node)] = true
        }
    }

    /// Sets `node`'s bound once, before its first label.
    mutating func setBound(_ node: Int, _ seconds: Double) {
        touch(Int32(node))
        bound[node] = seconds
    }

    mutating func seed(_ seed: SearchSeed, boundSeconds: () -> Double) {
        let node = Int(seed.node)
        guard seed.durationSeconds < duration[node] else { return }
        if bound[node] < 0 { setBound(node, boundSeconds()) }
        label(node, duration: seed.durationSeconds, parentNode: -1, parentEdge: -1)
        seedLengths.append((seed.node, seed.lengthMeters))
    }

    /// Lowers `node`'s duration and pushes it, keyed by duration plus its bound (which must be computed).
    mutating func label(_ node: Int, duration newDuration: Double, parentNode from: Int32, parentEdge edge: Int32) {
        touch(Int32(node))
        duration[node] = newDuration
        parentNode[node] = from
        parentEdge[node] = edge
        heap.push(newDuration + bound[node], Int32(node))
    }

    private mutating func touch(_ node: Int32) {
        if duration[Int(node)] == .infinity && bound[Int(node)] < 0 && !isEntry[Int(node)] { touched.append(node) }
    }

    /// The nodes from the seed `node` was reached from, to `node`.
    func path(to node: Int32) -> [Int32] {
        PathSearch.pathBack(to: node, parents: parentNode)
    }

    /// The length of a path of this search (its first node a seed), the seed's own length included.
    func lengthMeters(of nodes: [Int32], graph: RoadGraph) -> Double {
        guard let first = nodes.first else { return 0 }
        var total = seedLengths.last { $0.node == first }?.lengthMeters ?? 0
        for node in nodes.dropFirst() { total += graph.edgeLengthsMeters[Int(parentEdge[Int(node)])] }
        return total
    }

    /// Back to the state `init` leaves.
    mutating func reset() {
        for node in touched {
            let index = Int(node)
            duration[index] = .infinity
            parentNode[index] = -1
            parentEdge[index] = -1
            bound[index] = -1
            isEntry[index] = false
        }
        touched.removeAll(keepingCapacity: true)
        seedLengths.removeAll(keepingCapacity: true)
        heap.removeAll()
    }
}

/// A lower bound of the travel time between two nodes of one graph, for goal-directed node searches: the
/// straight distance on a plane that never stretches the Earth (longitude scaled at the graph's highest
/// latitude), at the graph's fastest speed, less 1 %, so rounding and the Earth's shape keep it admissible.
struct GoalBound: Sendable {
    /// The fewest seconds any edge takes per meter, less 1 %.
    let secondsPerMeter: Double
    /// Meters per degree of longitude at the graph's highest latitude (the narrowest).
    let metersPerDegreeLongitude: Double

    /// The most goal nodes a search takes a bound towards; beyond, the bound costs more than it saves.
    static let maximumGoals = 64

    /// The bound for `graph`, or nil when it would be useless (no edge with both time and length, or a graph
    /// across the antimeridian, where the plane would stretch).
    init?(_ graph: RoadGraph) {
        var secondsPerMeter = Double.infinity
        for edge in 0..<graph.edgeCount where graph.edgeLengthsMeters[edge] > 0 {
            secondsPerMeter = min(secondsPerMeter, graph.edgeDurationsSeconds[edge] / graph.edgeLengthsMeters[edge])
        }
        guard secondsPerMeter.isFinite, secondsPerMeter > 0,
            let west = graph.longitudes.min(), let east = graph.longitudes.max(), east - west < 180,
            let highest = graph.latitudes.map(abs).max()
        else { return nil }
        self.secondsPerMeter = secondsPerMeter * 0.99
        metersPerDegreeLongitude = Earth.metersPerDegreeOfArc * cos(min(highest, 90) * .pi / 180)
    }

    /// A bound saved with its graph (`GraphPreparation`), or nil when its numbers could not be a bound's.
    init?(secondsPerMeter: Double, metersPerDegreeLongitude: Double) {
        guard secondsPerMeter.isFinite, secondsPerMeter > 0, metersPerDegreeLongitude.isFinite,
            metersPerDegreeLongitude >= 0
        else { return nil }
        self.secondsPerMeter = secondsPerMeter
        self.metersPerDegreeLongitude = metersPerDegreeLongitude
    }

    /// The goal nodes of one search, on the bound's plane.
    struct Goals {
        private let x: [Double]
        private let y: [Double]
        private let secondsPerMeter: Double
        private let metersPerDegreeLongitude: Double

        /// Nil when there are no goals or more than `maximumGoals` (the search is then plain Dijkstra).
        init?(_ bound: GoalBound, nodes: [Int32], graph: RoadGraph) {
            // A few goals at most: a look along the array, not a Set (whose first use in a process costs a scan
            // of every protocol conformance in the binary).
            var unique: [Int32] = []
            for node in nodes where !unique.contains(node) {
                unique.append(node)
                if unique.count > GoalBound.maximumGoals { return nil }
            }
            guard !unique.isEmpty else { return nil }
            secondsPerMeter = bound.secondsPerMeter
            metersPerDegreeLongitude = bound.metersPerDegreeLongitude
            x = unique.map { graph.longitudes[Int($0)] * bound.metersPerDegreeLongitude }
            y = unique.map { graph.latitudes[Int($0)] * Earth.metersPerDegreeOfArc }
        }

        /// The fewest seconds from `node` to the nearest goal.
        func seconds(to node: Int, graph: RoadGraph) -> Double {
            let px = graph.longitudes[node] * metersPerDegreeLongitude
            let py = graph.latitudes[node] * Earth.metersPerDegreeOfArc
            var nearestSquared = Double.infinity
            for index in x.indices {
                let dx = x[index] - px
                let dy = y[index] - py
                nearestSquared = min(nearestSquared, dx * dx + dy * dy)
            }
            return nearestSquared.squareRoot() * secondsPerMeter
        }
    }
}
