import Foundation

/// What a search needs to charge turns on a graph: each edge's source and heading, and how many roads meet at
/// each node. Built when a router is prepared, so graph files do not change with the turn model.
struct TurnTable: Sendable {
    let costs: TurnCosts
    /// The node each edge leaves.
    let edgeSources: [Int32]
    /// Each edge's heading, in degrees clockwise from north.
    let bearings: [Float]
    /// The number of distinct neighbours of each node, either direction (the roads meeting there), at most 255.
    let roads: [UInt8]
    /// Per edge, true when no edge runs the other way along it (a one-way segment).
    let isOneway: [Bool]
    /// How sharp a turn from one one-way segment onto another must be to count as a U-turn, in degrees: OSRM
    /// merges the two carriageways of a divided road at a junction, so turning from one onto the other is a U-turn
    /// for it (we have no road names, so the test is the two one-way segments and the angle).
    static let dividedRoadUTurnDegrees = 150.0

    init(_ graph: RoadGraph, reverse: ReverseAdjacency, costs: TurnCosts) {
        self.costs = costs
        var sources = [Int32](repeating: 0, count: graph.edgeCount)
        var bearings = [Float](repeating: 0, count: graph.edgeCount)
        var roads = [UInt8](repeating: 0, count: graph.nodeCount)
        var neighbours = Set<Int32>()
        var isOneway = [Bool](repeating: true, count: graph.edgeCount)
        for node in 0..<graph.nodeCount {
            neighbours.removeAll(keepingCapacity: true)
            for edge in graph.edgeRange(of: node) {
                sources[edge] = Int32(node)
                let target = Int(graph.edgeTargets[edge])
                let latitude = graph.latitudes[node] * .pi / 180
                let east = (graph.longitudes[target] - graph.longitudes[node]) * cos(latitude)
                let north = graph.latitudes[target] - graph.latitudes[node]
                bearings[edge] = Float(atan2(east, north) * 180 / .pi)
                if target != node { neighbours.insert(Int32(target)) }
                if graph.edgeRange(of: target).contains(where: { Int(graph.edgeTargets[$0]) == node }) {
                    isOneway[edge] = false
                }
            }
            for slot in reverse.range(of: node) where Int(reverse.sources[slot]) != node {
                neighbours.insert(reverse.sources[slot])
            }
            roads[node] = UInt8(min(255, neighbours.count))
        }
        edgeSources = sources
        self.bearings = bearings
        self.roads = roads
        self.isOneway = isOneway
    }

    /// The seconds the turn from `inEdge` into `outEdge` costs at their common node, or +∞ for a U-turn other
    /// than at a dead end (OSRM allows those only there). A sharp turn from one one-way segment onto another at a
    /// junction is charged as the U-turn it is on a divided road.
    @inline(__always)
    func seconds(from inEdge: Int, to outEdge: Int, graph: RoadGraph) -> Double {
        let node = Int(graph.edgeTargets[inEdge])
        let roadCount = Int(roads[node])
        let isUTurn = graph.edgeTargets[outEdge] == edgeSources[inEdge]
        if isUTurn && roadCount > 1 { return .infinity }
        guard roadCount > 2 || isUTurn else { return 0 }
        var angle = Double(bearings[outEdge] - bearings[inEdge])
        if angle > 180 { angle -= 360 } else if angle <= -180 { angle += 360 }
        if isUTurn { angle = 180 }
        let isDividedUTurn =
            !isUTurn && abs(angle) >= Self.dividedRoadUTurnDegrees && isOneway[inEdge] && isOneway[outEdge]
        return costs.seconds(angleDegrees: angle, roads: roadCount, isUTurn: isUTurn || isDividedUTurn)
    }
}
