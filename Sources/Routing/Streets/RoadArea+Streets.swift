import Geo

extension RoadArea {
    /// The car speed from which a road is major, in km/h: a primary or secondary road without a lower limit (65
    /// and 55 in the car profile), or any road signed 70 km/h or more (driven at 80 % of the sign).
    public static let majorRoadSpeedKilometersPerHour = 50.0

    /// A road is also major when a car drives it this much faster than the typical road in view (the median by
    /// length). City centres sign most streets 30 and their main roads 40 or 50 km/h, so no road there reaches
    /// ``majorRoadSpeedKilometersPerHour``; central Helsinki's main streets are driven at 32 km/h, its side streets
    /// at 24–25.
    public static let majorRoadSpeedRatio = 1.25

    /// The streets and paths of the area's graphs that run inside `box`, joined into lines between junctions.
    ///
    /// The area file keeps no `highway` classes, so a line's kind comes from the graphs: roads are what the car
    /// graph holds, paths what only the walking and cycling graphs hold, and a road is major when a car drives it
    /// at ``majorRoadSpeedKilometersPerHour`` or more, or ``majorRoadSpeedRatio`` times the view's typical road
    /// speed. A line's speed is the fastest of its segments, in either direction, so that the seconds lost at
    /// traffic signals (charged to the edges that reach them) do not make a main road look slow.
    ///
    /// - Parameter box: the part of the area to draw; segments that touch it are kept whole.
    /// - Returns: paths first and major roads last, the order a map draws them in.
    public func streetLines(in box: BoundingBox) -> [StreetLine] {
        var network = StreetNetwork()
        if let drive = graphs[.drive] { network.add(drive, in: box, driven: true) }
        for mode in [TravelMode.walk, .bike] {
            if let graph = graphs[mode] { network.add(graph, in: box, driven: false) }
        }
        let chains = network.chains()
        let typical = Self.medianByLength(chains.filter { $0.group == .road })
        let majorFrom = min(Self.majorRoadSpeedKilometersPerHour, typical * Self.majorRoadSpeedRatio)
        let lines = chains.map { chain in
            let kind: StreetLine.Kind =
                switch chain.group {
                case .path: .path
                case .minor: .minor
                case .road: typical > 0 && chain.speedKilometersPerHour >= majorFrom ? .major : .street
                }
            return StreetLine(
                kind: kind, coordinates: chain.nodes.map { network.coordinates[$0] },
                speedKilometersPerHour: chain.speedKilometersPerHour, lengthMeters: chain.lengthMeters)
        }
        return lines.sorted { $0.kind < $1.kind }
    }

    /// The speed that half the roads' length is driven at or below, in km/h (0 without roads).
    static func medianByLength(_ chains: [StreetNetwork.Chain]) -> Double {
        let sorted = chains.sorted { $0.speedKilometersPerHour < $1.speedKilometersPerHour }
        let half = sorted.reduce(0) { $0 + $1.lengthMeters } / 2
        var length = 0.0
        for chain in sorted {
            length += chain.lengthMeters
            if length >= half { return chain.speedKilometersPerHour }
        }
        return 0
    }
}
