import Foundation
import Geo

/// A path on the road network between two points, as `RoadRouter.path(from:to:mode:)` returns it.
public struct RoadPath: Sendable, Equatable {
    /// The snapped origin, the graph nodes passed, then the snapped destination.
    public let geometry: [Coordinate]
    /// The travelled length from snapped origin to snapped destination, in meters.
    public let distanceMeters: Double
    /// The travel time at the profile's speeds, in seconds.
    public let durationSeconds: Double
    /// How far the origin was moved to reach a road, in meters.
    public let originSnapMeters: Double
    /// How far the destination was moved to reach a road, in meters.
    public let destinationSnapMeters: Double
}

/// Routes on imported road graphs, and falls back to `EstimateRouter` (labelled `source: estimate`, with its
/// `EstimateReason`) only where the mode has no graph, an end lies outside the area (`EstimateReason.noArea`), or
/// no path joins the two ends (`EstimateReason.noPath`).
///
/// Inside the area's bounds (`coverage`) a point is joined to the nearest road of the mode however far it lies,
/// by a straight off-road leg walked at foot speed; outside them, or for bare graphs without bounds, only within
/// `maximumSnapMeters`.
///
/// ```swift
/// let area = try RoadArea(contentsOf: graphFile)
/// let router = RoadRouter(area: area)
/// let routes = router.routes(from: origin, to: area.places, mode: .walk)   // Router conformance
/// let nearest = router.nearestRoutes(from: origin, among: area.places, count: 3, mode: .walk)
/// ```
public struct RoadRouter: Router {
    /// The default snapping limit: 1 km.
    public static let defaultMaximumSnapMeters = 1_000.0

    /// The farthest a point outside `coverage` may be moved onto a road, in meters.
    public let maximumSnapMeters: Double
    /// The bounds of the imported area, inside which every point is snapped to the nearest road of the mode
    /// whatever the distance; nil for bare graphs.
    public let coverage: BoundingBox?
    /// The points routes are expected to (the area's places; empty when made from bare graphs), whose snaps, and
    /// with `treesToPlaces` whose trees or buckets, are worked out once.
    public let places: [Coordinate]
    /// Each mode's prepared graph with its places' plans, made at `init`, or on first use (`preparingWhenAsked`).
    private let modes: [TravelMode: ModeRouting]
    /// What is worked out once for each of `places`, per mode and by coordinate. (A class: a search looks up
    /// every destination's plan, and a plan's arrays are not retained one by one when it is passed on.)
    fileprivate final class PlacePlan: Sendable {
        /// Where it snaps (nil where it does not): every search to it starts from this, and a snap is a function
        /// of the point alone.
        let snap: RoadSnap?
        /// Every node's fastest way to it, for modes searched node by node, when the router was made with
        /// `treesToPlaces` (a server, which routes to the same places on every request).
        let tree: DestinationTree?
        /// The same for modes searched on a hierarchy over turns (driving): its side of the hierarchy search, so
        /// that routes to all the places share one search from the origin (`HierarchyBucket`).
        let bucket: HierarchyBucket?

        init(snap: RoadSnap?, tree: DestinationTree? = nil, bucket: HierarchyBucket? = nil) {
            self.snap = snap
            self.tree = tree
            self.bucket = bucket
        }
    }
    private let fallback = EstimateRouter()

    /// Prepares the graphs of an imported area (reverse edges, components, snapping grid); the area's bounding box
    /// is its `coverage`, and its places' snaps are worked out with the graphs.
    /// - Parameter treesToPlaces: also search, now, every node's fastest way to each of the area's places on
    ///   foot and by bike (`DestinationTree`, up to `treeNodeBudget` labels per mode), and each place's side of
    ///   the driving hierarchy (`HierarchyBucket`, within the same budget), so that routes to them are read, or
    ///   share one search, rather than searched one by one: worth it for a router kept for many queries, not for one.
    /// - Parameter fineSnapping: snap on a grid of cells half as high (`SegmentIndex.fineCellDegrees`): a third of
    ///   the work per snap, for four times the cells to build; worth it for a router kept for many queries.
    /// - Parameter preparingWhenAsked: prepare each mode's graph when a query first asks for that mode, not now:
    ///   for a router made for one query (a command), which often needs one mode of three. The answers are the
    ///   same; the first query of each mode takes the preparation's time, under a lock.
    public init(
        area: RoadArea, maximumSnapMeters: Double = RoadRouter.defaultMaximumSnapMeters, treesToPlaces: Bool = false,
        fineSnapping: Bool = false, preparingWhenAsked: Bool = false
    ) {
        self.init(
            graphs: Array(area.graphs.values), places: area.places.map(\.coordinate),
            maximumSnapMeters: maximumSnapMeters, coverage: area.boundingBox, treesToPlaces: treesToPlaces,
            fineSnapping: fineSnapping, preparingWhenAsked: preparingWhenAsked)
    }

    /// The most node labels the places' trees of one mode may hold together (a Double and an Int32 each).
    public static let treeNodeBudget = 1_000_000

    /// Prepares bare graphs, one per mode.
    /// - Parameter places: the points routes are expected to, whose snaps are worked out with the graphs.
    /// - Parameter chargesTurns: when true (the default), a mode whose profile has `TurnCosts` (driving) is
    ///   searched edge by edge with turns charged; when false, every mode is searched node by node.
    /// - Parameter coverage: the bounds inside which points snap whatever the distance (nil: nowhere).
    /// - Parameters treesToPlaces, fineSnapping, preparingWhenAsked: as for
    ///   `init(area:maximumSnapMeters:treesToPlaces:fineSnapping:preparingWhenAsked:)`.
    public init(
        graphs: [RoadGraph], places: [Coordinate] = [],
        maximumSnapMeters: Double = RoadRouter.defaultMaximumSnapMeters, chargesTurns: Bool = true,
        coverage: BoundingBox? = nil, treesToPlaces: Bool = false, fineSnapping: Bool = false,
        preparingWhenAsked: Bool = false
    ) {
        self.places = places
        self.maximumSnapMeters = maximumSnapMeters
        self.coverage = coverage
        var modes: [TravelMode: ModeRouting] = [:]
        for graph in graphs {
            let costs = chargesTurns ? RoutingProfile.forMode(graph.mode).turnCosts : nil
            let prepare: @Sendable () -> (PreparedGraph, [Coordinate: PlacePlan]) = {
                let prepared = PreparedGraph(
                    graph, turnCosts: costs,
                    snapCellDegrees: fineSnapping ? SegmentIndex.fineCellDegrees : SegmentIndex.coarseCellDegrees)
                return (
                    prepared,
                    Self.placePlans(
                        on: prepared, places: places, coverage: coverage, maximumSnapMeters: maximumSnapMeters,
                        treesToPlaces: treesToPlaces)
                )
            }
            modes[graph.mode] = ModeRouting(now: !preparingWhenAsked, prepare)
        }
        self.modes = modes
    }

    /// What is worked out once for each of `places` on a mode's graph: where it snaps, and with `treesToPlaces`
    /// every node's way to it (`DestinationTree`) or its side of the hierarchy search (`HierarchyBucket`).
    private static func placePlans(
        on graph: PreparedGraph, places: [Coordinate], coverage: BoundingBox?, maximumSnapMeters: Double,
        treesToPlaces: Bool
    ) -> [Coordinate: PlacePlan] {
        let limit = { (point: Coordinate) in
            coverage?.contains(point) == true ? Double.infinity : maximumSnapMeters
        }
        var snaps: [Coordinate: RoadSnap?] = [:]
        for place in places where snaps[place] == nil {
            snaps[place] = .some(graph.snap(place, maximumMeters: limit(place)))
        }
        var trees: [Coordinate: DestinationTree] = [:]
        var buckets: [Coordinate: HierarchyBucket] = [:]
        if treesToPlaces && graph.turns == nil {
            let most = Self.treeNodeBudget / max(1, graph.graph.nodeCount)
            for place in places where trees.count < most && trees[place] == nil {
                guard let snap = snaps[place] ?? nil else { continue }
                trees[place] = DestinationTree(
                    graph: graph.graph, reverse: graph.reverse, entries: graph.destinationEntries(snap))
            }
        } else if treesToPlaces, let hierarchy = graph.hierarchy {
            var labels = 0
            for place in places where labels < Self.treeNodeBudget && buckets[place] == nil {
                guard let snap = snaps[place] ?? nil else { continue }
                let bucket = graph.withHierarchyWorkspace { workspace in
                    HierarchyBucket(
                        ends: graph.destinationEdgeSeeds(snap), hierarchy: hierarchy, workspace: &workspace)
                }
                buckets[place] = bucket
                labels += bucket.count
            }
        }
        var plans: [Coordinate: PlacePlan] = [:]
        for (coordinate, snap) in snaps {
            plans[coordinate] = PlacePlan(snap: snap, tree: trees[coordinate], bucket: buckets[coordinate])
        }
        return plans
    }

    /// The mode's prepared graph, made now if it was left for the first query; nil when the mode has no graph.
    private func prepared(_ mode: TravelMode) -> PreparedGraph? { modes[mode]?.graph }

    /// The plans of `places` on the mode's graph (nil without a graph).
    private func placePlans(_ mode: TravelMode) -> [Coordinate: PlacePlan]? { modes[mode]?.plans }

    /// Whether the mode's graph is prepared yet (for tests).
    func hasPrepared(_ mode: TravelMode) -> Bool { modes[mode]?.isMade ?? false }

    /// The road point nearest `point` for `mode`: inside `coverage` whatever the distance, elsewhere within
    /// `maximumSnapMeters`; nil beyond that or without a graph.
    public func snap(_ point: Coordinate, mode: TravelMode) -> RoadSnap? {
        prepared(mode).flatMap { snap(point, on: $0) }
    }

    /// The farthest `point` may be moved onto a road: unbounded inside `coverage`.
    private func snapLimitMeters(_ point: Coordinate) -> Double {
        coverage?.contains(point) == true ? .infinity : maximumSnapMeters
    }

    private func snap(_ point: Coordinate, on graph: PreparedGraph) -> RoadSnap? {
        graph.snap(point, maximumMeters: snapLimitMeters(point))
    }

    /// A destination's snap: the one computed with the router when it is one of `places`, else computed now.
    private func snapDestination(_ point: Coordinate, on graph: PreparedGraph) -> RoadSnap? {
        if let known = placePlans(graph.graph.mode)?[point] { return known.snap }
        return snap(point, on: graph)
    }

    /// One route per destination, in the order given, from a single one-to-many search.
    public func routes<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        let paths = searchPaths(from: origin, to: destinations.map(\.coordinate), mode: mode, limit: nil)
        // By index, not `zip`: in a generic function, a first `Zip2Sequence` of a type checks its requirements at
        // run time, a scan of every protocol conformance in the binary.
        return destinations.indices.map { route(origin, destinations[$0], mode, paths[$0]) }
    }

    /// `routes(from:to:mode:)` without building the lines: the same searches, times and distances.
    public func routesWithoutLines<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        let paths = searchPaths(
            from: origin, to: destinations.map(\.coordinate), mode: mode, limit: nil, lines: false)
        return destinations.indices.map { route(origin, destinations[$0], mode, paths[$0], lines: false) }
    }

    /// The `count` destinations fastest to reach by road, fastest first, from one search that stops as soon as
    /// they are known. Destinations the network cannot reach are left out; when the origin is off the network,
    /// the straight-line estimate ranks them instead.
    public func nearestRoutes<Destination: Locatable>(
        from origin: Coordinate, among destinations: [Destination], count: Int, mode: TravelMode
    ) -> [Route<Destination>] {
        guard count > 0 else { return [] }
        guard prepared(mode) != nil, snap(origin, mode: mode) != nil else {
            let estimates = fallback.routes(from: origin, to: destinations, mode: mode)
            return Array(estimates.sorted { $0.durationSeconds < $1.durationSeconds }.prefix(count))
        }
        let paths = searchPaths(from: origin, to: destinations.map(\.coordinate), mode: mode, limit: count)
        let found = destinations.indices.compactMap { index in paths[index].map { (destinations[index], $0) } }
        return found.sorted { $0.1.durationSeconds < $1.1.durationSeconds }.prefix(count)
            .map { route(origin, $0.0, mode, $0.1) }
    }

    /// The fastest road path between two points, or nil when either point is off the network or no path joins
    /// them. Where the mode's profile has turn costs the search runs over edges, turns charged: on the graph's
    /// contraction hierarchy over turns when it has one (imports build it), else by A* with landmarks when it has
    /// those, else by bidirectional Dijkstra; other modes run bidirectional Dijkstra over nodes.
    public func path(from origin: Coordinate, to destination: Coordinate, mode: TravelMode) -> RoadPath? {
        guard let graph = prepared(mode),
            let start = snap(origin, on: graph),
            let end = snap(destination, on: graph)
        else { return nil }
        if let turns = graph.turns {
            let search = TurnSearch(graph: graph.graph, reverse: graph.reverse, turns: turns)
            let seeds = graph.originEdgeSeeds(start)
            let ends = graph.destinationEdgeSeeds(end)
            let direct = graph.directEdge(from: start, to: end)
            let found: SearchPath?
            if let hierarchy = graph.hierarchy {
                found = graph.withHierarchyWorkspace { workspace in
                    search.hierarchySearch(
                        seeds: seeds, ends: ends, direct: direct, hierarchy: hierarchy, workspace: &workspace)
                }
            } else if let landmarks = graph.landmarks {
                found = graph.withWorkspace { workspace in
                    search.landmarkSearch(
                        seeds: seeds, ends: ends, direct: direct, landmarks: landmarks, workspace: &workspace)
                }
            } else {
                found = search.bidirectional(seeds: seeds, ends: ends, direct: direct)
            }
            guard let found else { return nil }
            return Self.roadPath(found, from: start, to: end, in: graph.graph)
        }
        let search = PathSearch(graph: graph.graph)
        guard
            let found = search.bidirectional(
                seeds: graph.originSeeds(start), targets: graph.destinationEntries(end),
                direct: graph.directPath(from: start, to: end), reverse: graph.reverse)
        else { return nil }
        return Self.roadPath(found, from: start, to: end, in: graph.graph)
    }

    /// A found path per destination (nil where there is none), with the snapped ends.
    /// - Parameter lines: false leaves each path's `geometry` empty.
    private func searchPaths(
        from origin: Coordinate, to destinations: [Coordinate], mode: TravelMode, limit: Int?, lines: Bool = true
    ) -> [RoadPath?] {
        guard let graph = prepared(mode), let start = snap(origin, on: graph) else {
            return destinations.map { _ in nil }
        }
        // Each destination's plan (one lookup), and where it snaps.
        let plans = placePlans(mode).map { plans in destinations.map { plans[$0] } }
            ?? Array(repeating: nil, count: destinations.count)
        let ends = zip(destinations, plans).map { point, plan in plan.map(\.snap) ?? snap(point, on: graph) }
        if let turns = graph.turns, let hierarchy = graph.hierarchy, limit == nil {
            // Every destination is wanted: one climb of the hierarchy each (a few hundred labels) beats one search
            // over every edge nearer than the farthest.
            let search = TurnSearch(graph: graph.graph, reverse: graph.reverse, turns: turns)
            let seeds = graph.originEdgeSeeds(start)
            // The destinations whose side of the search is kept share one search from the origin; the others (found
            // online, say) are searched one by one.
            let bucketed = destinations.indices.filter { ends[$0] != nil && plans[$0]?.bucket != nil }
            var found = [SearchPath?](repeating: nil, count: destinations.count)
            // One workspace for all of them: each pool access is a lock the handler threads contend for.
            graph.withHierarchyWorkspace { workspace in
                if !bucketed.isEmpty {
                    let paths = search.hierarchyToBuckets(
                        seeds: seeds, buckets: bucketed.map { plans[$0]!.bucket! },
                        directs: bucketed.map { graph.directEdge(from: start, to: ends[$0]!) }, hierarchy: hierarchy,
                        workspace: &workspace)
                    for (index, path) in zip(bucketed, paths) { found[index] = path }
                }
                for (index, end) in ends.enumerated() where plans[index]?.bucket == nil {
                    guard let end else { continue }
                    found[index] = search.hierarchySearch(
                        seeds: seeds, ends: graph.destinationEdgeSeeds(end), direct: graph.directEdge(from: start, to: end),
                        hierarchy: hierarchy, workspace: &workspace)
                }
            }
            return zip(ends, found).map { end, path in
                guard let end, let path else { return nil }
                return Self.roadPath(path, from: start, to: end, in: graph.graph, lines: lines)
            }
        }
        if let turns = graph.turns {
            let found = TurnSearch(graph: graph.graph, reverse: graph.reverse, turns: turns).oneToMany(
                seeds: graph.originEdgeSeeds(start),
                destinations: ends.map { $0.map(graph.destinationEdgeSeeds) ?? [] },
                direct: ends.map { $0.flatMap { graph.directEdge(from: start, to: $0) } }, limit: limit)
            return zip(ends, found).map { end, path in
                guard let end, let path else { return nil }
                return Self.roadPath(path, from: start, to: end, in: graph.graph, lines: lines)
            }
        }
        if limit == nil, plans.contains(where: { $0?.tree != nil }) {
            // Read off the places' trees where they have one; search only for the others.
            let seeds = graph.originSeeds(start)
            var found = [SearchPath?](repeating: nil, count: destinations.count)
            var searched: [Int] = []
            for index in destinations.indices {
                guard let end = ends[index] else { continue }
                if let tree = plans[index]?.tree {
                    // The tree was grown from this coordinate's snap, the one `snapDestination` returns: same entries.
                    assert(tree.entries == graph.destinationEntries(end))
                    found[index] = tree.path(
                        from: seeds, direct: graph.directPath(from: start, to: end), graph: graph.graph,
                        listingNodes: lines)
                } else {
                    searched.append(index)
                }
            }
            if !searched.isEmpty {
                let more = graph.withNodeWorkspace { workspace in
                    PathSearch(graph: graph.graph).oneToMany(
                        seeds: seeds, destinations: searched.map { graph.destinationEntries(ends[$0]!) },
                        direct: searched.map { graph.directPath(from: start, to: ends[$0]!) },
                        limit: nil, bound: graph.goalBound, workspace: &workspace)
                }
                for (index, path) in zip(searched, more) { found[index] = path }
            }
            return zip(ends, found).map { end, path in
                guard let end, let path else { return nil }
                return Self.roadPath(path, from: start, to: end, in: graph.graph, lines: lines)
            }
        }
        let found = graph.withNodeWorkspace { workspace in
            PathSearch(graph: graph.graph).oneToMany(
                seeds: graph.originSeeds(start),
                destinations: ends.map { $0.map(graph.destinationEntries) ?? [] },
                direct: ends.map { $0.flatMap { graph.directPath(from: start, to: $0) } }, limit: limit,
                bound: graph.goalBound, workspace: &workspace)
        }
        return zip(ends, found).map { end, path in
            guard let end, let path else { return nil }
            return Self.roadPath(path, from: start, to: end, in: graph.graph, lines: lines)
        }
    }

    /// A search result as a public path: snapped origin, the nodes, snapped destination.
    private static func roadPath(
        _ found: SearchPath, from start: RoadSnap, to end: RoadSnap, in graph: RoadGraph, lines: Bool = true
    ) -> RoadPath {
        RoadPath(
            geometry: !lines
                ? []
                : withoutRepeats(
                    [start.coordinate] + found.nodes.map { graph.coordinate(of: Int($0)) } + [end.coordinate]),
            distanceMeters: found.lengthMeters, durationSeconds: found.durationSeconds,
            originSnapMeters: start.distanceMeters, destinationSnapMeters: end.distanceMeters)
    }

    /// The road path with its two ends joined to the real points: the way from the door to the road, and from
    /// the road to the destination's door, drawn straight and walked (at `TravelMode.walk`'s speed, whatever the
    /// mode: one parks, or wheels the bike, for those last metres).
    ///
    /// When the two doors are no farther apart than the two ways to the road together (the same point, or both
    /// beside one road), the route is that straight walk instead, so the door-to-road metres are not counted twice.
    ///
    /// Without a path the route is the estimate, saying why: an end that does not snap lies outside the area (or
    /// the mode has no graph), else the roads join no path.
    private func route<Destination: Locatable>(
        _ origin: Coordinate, _ destination: Destination, _ mode: TravelMode, _ path: RoadPath?, lines: Bool = true
    ) -> Route<Destination> {
        let door = destination.coordinate
        guard let path else {
            let estimate = (lines
                ? fallback.routes(from: origin, to: [destination], mode: mode)
                : fallback.routesWithoutLines(from: origin, to: [destination], mode: mode))[0]
            let snaps = snap(origin, mode: mode) != nil && snap(door, mode: mode) != nil
            return estimate.estimated(because: snaps ? .noPath : .noArea)
        }
        let straightMeters = origin.distanceMeters(to: door)
        let connectorMeters = path.originSnapMeters + path.destinationSnapMeters
        if straightMeters <= connectorMeters {
            return Route(
                destination: destination, mode: mode, geometry: lines ? withoutRepeats([origin, door]) : [],
                distanceMeters: straightMeters, straightLineMeters: straightMeters,
                durationSeconds: straightMeters / TravelMode.walk.speedMetersPerSecond, source: .roadNetwork,
                originSnapMeters: path.originSnapMeters, destinationSnapMeters: path.destinationSnapMeters)
        }
        var geometry = path.geometry
        if lines {
            if path.originSnapMeters > 0 { geometry.insert(origin, at: 0) }
            if path.destinationSnapMeters > 0 { geometry.append(door) }
            geometry = withoutRepeats(geometry)
        }
        return Route(
            destination: destination, mode: mode, geometry: geometry,
            distanceMeters: path.distanceMeters + connectorMeters,
            straightLineMeters: straightMeters,
            durationSeconds: path.durationSeconds + connectorMeters / TravelMode.walk.speedMetersPerSecond,
            source: .roadNetwork, originSnapMeters: path.originSnapMeters,
            destinationSnapMeters: path.destinationSnapMeters)
    }
}

/// The points of a line with consecutive repeats dropped (a snap onto a node repeats the node).
func withoutRepeats(_ line: [Coordinate]) -> [Coordinate] {
    var kept: [Coordinate] = []
    kept.reserveCapacity(line.count)
    for point in line where kept.last != point { kept.append(point) }
    return kept
}

/// One mode's prepared graph and its places' plans: made at once, or by the first query that asks (under a lock;
/// a router made at once reads them without one, as a server's does on every request).
private final class ModeRouting: @unchecked Sendable {
    typealias Made = (graph: PreparedGraph, plans: [Coordinate: RoadRouter.PlacePlan])

    private let madeAtOnce: Made?
    private let make: @Sendable () -> Made
    private let lock = NSLock()
    private var madeLater: Made?

    /// - Parameter now: make them here; else when first asked.
    init(now: Bool, _ make: @escaping @Sendable () -> Made) {
        madeAtOnce = now ? make() : nil
        self.make = make
    }

    var isMade: Bool { madeAtOnce != nil || lock.withLock { madeLater != nil } }
    var graph: PreparedGraph { made.graph }
    var plans: [Coordinate: RoadRouter.PlacePlan] { made.plans }

    private var made: Made {
        if let madeAtOnce { return madeAtOnce }
        return lock.withLock {
            if let madeLater { return madeLater }
            let made = make()
            madeLater = made
            return made
        }
    }
}
