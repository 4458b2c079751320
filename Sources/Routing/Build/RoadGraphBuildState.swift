import Geo
import OSM

/// The builder's working memory between and after the two passes.
struct RoadGraphBuildState {
    /// One highway way kept from pass 1.
    struct KeptWay {
        let refStart: Int
        let refEnd: Int
        /// True for a `highway=*` way (platforms and piers are kept too, but not counted as highways).
        let isHighway: Bool
        /// Speeds per profile, nil where the profile may not use the way.
        let speeds: [WaySpeeds?]
    }

    /// Which elements are kept as places (nil: none).
    let placeTag: AreaPlaceTag?
    var statistics = ImportStatistics()
    /// Needed node id → dense index into `latitudes`/`longitudes`.
    var nodeIndex: [Int64: Int32] = [:]
    var nodeIDs: [Int64] = []
    var latitudes: [Double] = []
    var longitudes: [Double] = []
    /// Per needed node, bit `i` set when profile `i` cannot pass it (a barrier).
    var barriers: [UInt8] = []
    /// The seconds lost passing a node (signals, stop signs, gates), per profile, for the few nodes that cost any.
    var nodePenalties: [Int32: [Double]] = [:]
    /// Every kept way's references, as dense indexes, back to back.
    var refs: [Int32] = []
    var ways: [KeptWay] = []
    /// Place ways, placed at the mean of their nodes after pass 2.
    var placeWays: [OSMWay] = []
    var placeNodes: [OSMNode] = []
    /// Place relations (multipolygons), placed at the mean of their outer ways' nodes.
    var placeRelations: [OSMRelation] = []
    /// The outer member ways of `placeRelations`: their node references once pass 1 has seen them.
    var memberWayRefs: [Int64: [Int64]] = [:]

    init(placeTag: AreaPlaceTag?) {
        self.placeTag = placeTag
    }

    /// Whether an element with these tags is a place to keep.
    private func isPlace(_ tags: [String: String]) -> Bool {
        placeTag?.kind(of: tags) != nil
    }

    mutating func index(of id: Int64) -> Int32 {
        if let known = nodeIndex[id] { return known }
        let index = Int32(nodeIDs.count)
        nodeIndex[id] = index
        nodeIDs.append(id)
        latitudes.append(.nan)
        longitudes.append(.nan)
        barriers.append(0)
        return index
    }

    mutating func addRelation(_ relation: OSMRelation) {
        guard isPlace(relation.tags) else { return }
        placeRelations.append(relation)
        for member in relation.members where member.kind == .way && (member.role == "outer" || member.role.isEmpty) {
            memberWayRefs[member.ref] = []
        }
    }

    mutating func addWay(_ way: OSMWay, profiles: [RoutingProfile]) {
        if memberWayRefs[way.id] != nil {
            memberWayRefs[way.id] = way.nodeRefs
            for ref in way.nodeRefs { _ = index(of: ref) }
        }
        if isPlace(way.tags) {
            placeWays.append(way)
            for ref in way.nodeRefs { _ = index(of: ref) }
        }
        let isHighway = way.tags["highway"] != nil
        let speeds = profiles.map { $0.speeds(for: way.tags) }
        guard isHighway || speeds.contains(where: { $0 != nil }) else { return }
        if isHighway { statistics.highwayWays += 1 }
        for (profile, speed) in zip(profiles, speeds) where speed != nil {
            statistics.routableWaysByMode[profile.mode.rawValue, default: 0] += 1
        }
        let start = refs.count
        for ref in way.nodeRefs { refs.append(index(of: ref)) }
        ways.append(KeptWay(refStart: start, refEnd: refs.count, isHighway: isHighway, speeds: speeds))
    }

    mutating func addNode(_ node: OSMNode, profiles: [RoutingProfile]) {
        if let index = nodeIndex[node.id] {
            latitudes[Int(index)] = node.coordinate.latitude
            longitudes[Int(index)] = node.coordinate.longitude
            if !node.tags.isEmpty {
                let penalties = profiles.map { $0.nodePenaltySeconds(nodeTags: node.tags) }
                if penalties.contains(where: { $0 > 0 }) { nodePenalties[index] = penalties }
                for (bit, profile) in profiles.enumerated() where profile.blocksPassage(nodeTags: node.tags) {
                    barriers[Int(index)] |= 1 << UInt8(bit)
                }
            }
        }
        if isPlace(node.tags) {
            placeNodes.append(node)
        }
    }

    func isPresent(_ index: Int32) -> Bool { !latitudes[Int(index)].isNaN }

    mutating func countMissingReferences() {
        for way in ways where way.isHighway {
            let missing = refs[way.refStart..<way.refEnd].filter { !isPresent($0) }.count
            statistics.missingNodeReferences += missing
            if missing > 0 { statistics.highwayWaysWithMissingNodes += 1 }
        }
    }

    /// The graph of one mode: its nodes are the present nodes of its routable ways, renumbered densely.
    func graph(modeIndex: Int, profile: RoutingProfile) -> RoadGraph {
        let mode = profile.mode
        var local = [Int32](repeating: -1, count: nodeIDs.count)
        var coordinates: [Coordinate] = []
        var ids: [Int64] = []
        var edges: [RoadEdge] = []
        func localIndex(_ global: Int32) -> Int32 {
            if local[Int(global)] >= 0 { return local[Int(global)] }
            let index = Int32(coordinates.count)
            local[Int(global)] = index
            coordinates.append(
                Coordinate(uncheckedLatitude: latitudes[Int(global)], longitude: longitudes[Int(global)]))
            ids.append(nodeIDs[Int(global)])
            return index
        }
        let barrierBit = UInt8(1) << UInt8(modeIndex)
        func penalty(_ node: Int32) -> Double { nodePenalties[node]?[modeIndex] ?? 0 }
        for way in ways {
            guard let speeds = way.speeds[modeIndex] else { continue }
            var position = way.refStart
            while position + 1 < way.refEnd {
                let a = refs[position]
                let b = refs[position + 1]
                position += 1
                guard a != b, isPresent(a), isPresent(b) else { continue }
                guard barriers[Int(a)] & barrierBit == 0, barriers[Int(b)] & barrierBit == 0 else { continue }
                let from = localIndex(a)
                let to = localIndex(b)
                let lengthMeters = coordinates[Int(from)].distanceMeters(to: coordinates[Int(to)])
                // The time lost at a node is charged on the edges that reach it, to duration and weight alike.
                if let speed = speeds.forwardKilometersPerHour {
                    let travel = lengthMeters * 3.6 / speed
                    edges.append(
                        RoadEdge(
                            source: from, target: to, durationSeconds: travel + penalty(b), lengthMeters: lengthMeters,
                            weightSeconds: travel / speeds.weightFactor + penalty(b)))
                }
                if let speed = speeds.backwardKilometersPerHour {
                    let travel = lengthMeters * 3.6 / speed
                    edges.append(
                        RoadEdge(
                            source: to, target: from, durationSeconds: travel + penalty(a), lengthMeters: lengthMeters,
                            weightSeconds: travel / speeds.weightFactor + penalty(a)))
                }
            }
        }
        return RoadGraph(mode: mode, coordinates: coordinates, osmNodeIDs: ids, edges: edges)
    }

    /// The kept places: nodes, then ways, then relations, each in the order read. A way or relation none of
    /// whose nodes is in the file is counted in `statistics.unplacedPlaces` instead.
    mutating func places() -> [AreaPlace] {
        var found: [AreaPlace] = []
        for node in placeNodes {
            found.append(place("node", node.id, node.coordinate, node.tags))
        }
        for way in placeWays {
            guard let center = meanPosition(of: way.nodeRefs) else {
                statistics.unplacedPlaces += 1
                continue
            }
            found.append(place("way", way.id, center, way.tags))
        }
        for relation in placeRelations {
            let outerWays = relation.members.filter { $0.kind == .way && (memberWayRefs[$0.ref]?.isEmpty == false) }
            guard let center = meanPosition(of: outerWays.flatMap { memberWayRefs[$0.ref] ?? [] }) else {
                statistics.unplacedPlaces += 1
                continue
            }
            found.append(place("relation", relation.id, center, relation.tags))
        }
        return found
    }

    /// The mean of the distinct present nodes among `refs` (a closed ring's repeated node counts once).
    private func meanPosition(of refs: [Int64]) -> Coordinate? {
        var seen = Set<Int32>()
        var latitude = 0.0
        var longitude = 0.0
        for ref in refs {
            guard let index = nodeIndex[ref], isPresent(index), seen.insert(index).inserted else { continue }
            latitude += latitudes[Int(index)]
            longitude += longitudes[Int(index)]
        }
        guard !seen.isEmpty else { return nil }
        return Coordinate(
            uncheckedLatitude: latitude / Double(seen.count), longitude: longitude / Double(seen.count))
    }

    /// A kept element as a place: its kind is the chosen tag's value, its name its `name` (or "Unnamed KIND"),
    /// and its tags the others.
    private func place(_ type: String, _ id: Int64, _ coordinate: Coordinate, _ tags: [String: String]) -> AreaPlace {
        let key = placeTag?.key ?? ""
        var rest = tags
        let kind = rest.removeValue(forKey: key) ?? ""
        let name = tags["name"] ?? "Unnamed \(kind)"
        rest.removeValue(forKey: "name")
        return AreaPlace(
            id: "\(type)/\(id)", osmType: type, osmID: id, name: name, coordinate: coordinate, kind: kind, tags: rest)
    }

    func boundingBox() -> BoundingBox? {
        let lats = latitudes.filter { !$0.isNaN }
        let lons = longitudes.filter { !$0.isNaN }
        guard let south = lats.min(), let north = lats.max(), let west = lons.min(), let east = lons.max() else {
            return nil
        }
        return BoundingBox(south: south, west: west, north: north, east: east)
    }
}
