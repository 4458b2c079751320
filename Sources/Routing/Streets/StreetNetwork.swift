import Geo

/// The undirected segments of an area's road graphs inside a box, joined into lines between junctions.
///
/// The graphs share OSM nodes but not node indexes, so nodes are matched by position. A segment that cars drive
/// is a road, whatever the other modes say; one that only walkers or cyclists use is a path.
struct StreetNetwork {
    /// How segments are grouped before major roads are picked out: a line joins segments of one group only.
    enum Group: Comparable {
        case path, minor, road
    }

    /// One undirected segment between two nodes of the network.
    struct Segment {
        let a: Int
        let b: Int
        var group: Group
        /// The faster of its two directions by car, in km/h (0 for a path).
        var speedKilometersPerHour: Double
        let lengthMeters: Double
    }

    /// One joined line: node indexes in order, with its group, fastest speed and length.
    struct Chain {
        let nodes: [Int]
        let group: Group
        let speedKilometersPerHour: Double
        let lengthMeters: Double
    }

    private(set) var coordinates: [Coordinate] = []
    private(set) var segments: [Segment] = []
    private var nodeIndex: [Coordinate: Int] = [:]
    private var segmentIndex: [SIMD2<Int32>: Int] = [:]

    /// Adds the graph's edges that touch `box`; `driven` says whether the graph is the car's.
    mutating func add(_ graph: RoadGraph, in box: BoundingBox, driven: Bool) {
        for node in 0..<graph.nodeCount {
            let a = graph.coordinate(of: node)
            for edge in graph.edgeRange(of: node) {
                let target = Int(graph.edgeTargets[edge])
                let b = graph.coordinate(of: target)
                guard a != b, Self.segment(from: a, to: b, touches: box) else { continue }
                let duration = graph.edgeDurationsSeconds[edge]
                // Node penalties count in duration and weight alike, so only a weight factor below 1 (an avoided
                // road) makes the weight the larger.
                let group: Group =
                    !driven ? .path : graph.edgeWeightsSeconds[edge] > duration * 1.001 ? .minor : .road
                let speed = driven && duration > 0 ? graph.edgeLengthsMeters[edge] / duration * 3.6 : 0
                add(
                    from: a, to: b, group: group, speedKilometersPerHour: speed,
                    lengthMeters: graph.edgeLengthsMeters[edge])
            }
        }
    }

    private mutating func add(
        from a: Coordinate, to b: Coordinate, group: Group, speedKilometersPerHour: Double, lengthMeters: Double
    ) {
        let i = index(of: a)
        let j = index(of: b)
        let key = SIMD2(Int32(min(i, j)), Int32(max(i, j)))
        if let existing = segmentIndex[key] {
            segments[existing].group = max(segments[existing].group, group)
            segments[existing].speedKilometersPerHour = max(
                segments[existing].speedKilometersPerHour, speedKilometersPerHour)
        } else {
            segmentIndex[key] = segments.count
            segments.append(
                Segment(
                    a: i, b: j, group: group, speedKilometersPerHour: speedKilometersPerHour, lengthMeters: lengthMeters
                ))
        }
    }

    private mutating func index(of coordinate: Coordinate) -> Int {
        if let known = nodeIndex[coordinate] { return known }
        nodeIndex[coordinate] = coordinates.count
        coordinates.append(coordinate)
        return coordinates.count - 1
    }

    /// The segments joined into lines: a line runs on through a node where exactly two segments of its group meet,
    /// and ends at junctions, dead ends and changes of group. A closed loop with no junction is one line.
    func chains() -> [Chain] {
        var incident = [[Int]](repeating: [], count: coordinates.count)
        for (i, segment) in segments.enumerated() {
            incident[segment.a].append(i)
            incident[segment.b].append(i)
        }
        func passesThrough(_ node: Int) -> Bool {
            incident[node].count == 2 && segments[incident[node][0]].group == segments[incident[node][1]].group
        }
        var used = [Bool](repeating: false, count: segments.count)
        var chains: [Chain] = []
        func follow(from start: Int, along first: Int) {
            var nodes = [start]
            var node = start
            var segment = first
            var speed = 0.0
            var length = 0.0
            while !used[segment] {
                used[segment] = true
                speed = max(speed, segments[segment].speedKilometersPerHour)
                length += segments[segment].lengthMeters
                node = segments[segment].a == node ? segments[segment].b : segments[segment].a
                nodes.append(node)
                guard passesThrough(node) else { break }
                segment = incident[node][0] == segment ? incident[node][1] : incident[node][0]
            }
            chains.append(
                Chain(nodes: nodes, group: segments[first].group, speedKilometersPerHour: speed, lengthMeters: length))
        }
        for node in incident.indices where !passesThrough(node) {
            for segment in incident[node] where !used[segment] { follow(from: node, along: segment) }
        }
        // What is left are loops with no junction on them.
        for segment in segments.indices where !used[segment] { follow(from: segments[segment].a, along: segment) }
        return chains
    }

    /// True when the segment's box meets `box` (segments are short, so their box is close to them).
    static func segment(from a: Coordinate, to b: Coordinate, touches box: BoundingBox) -> Bool {
        guard max(a.latitude, b.latitude) >= box.south, min(a.latitude, b.latitude) <= box.north else { return false }
        // A segment across the antimeridian is left out rather than drawn round the world.
        guard abs(a.longitude - b.longitude) <= 180 else { return false }
        let west = min(a.longitude, b.longitude)
        let east = max(a.longitude, b.longitude)
        return box.longitudeRanges.contains { east >= $0.lowerBound && west <= $0.upperBound }
    }
}
