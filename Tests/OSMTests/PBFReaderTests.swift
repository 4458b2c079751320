import Foundation
import Geo
import TestSupport
import Testing

@testable import OSM

@Suite(.offThePool) struct PBFReaderTests {
    @Test(.enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage))
    func helsinkiHasItsFourCinemasWithTheirIDs() throws {
        // Given the clipped Helsinki extract
        let reader = try OSMReader(url: SharedData.url(SharedData.helsinki))
        #expect(reader.format == .pbf)
        // When its nodes are read
        var cinemas: [Int64: String] = [:]
        var nodeCount = 0
        try reader.read(.nodes) { element in
            guard case .node(let node) = element else { return }
            nodeCount += 1
            if node.tags["amenity"] == "cinema" { cinemas[node.id] = node.tags["name"] }
        }
        // Then the four cinemas come back, as pyosmium counts them
        #expect(nodeCount == 24_260)
        #expect(
            cinemas == [
                1_376_356_017: "Kinopalatsi", 1_381_017_800: "Bio Rex", 2_493_672_735: "Kesäkino Engel",
                2_493_674_692: "Kino Engel",
            ])
    }

    @Test(.enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage))
    func kinopalatsiIsWhereTheCatalogSays() throws {
        var found: OSMNode?
        try OSMReader(url: SharedData.url(SharedData.helsinki)).read(.nodes) { element in
            if case .node(let node) = element, node.id == 1_376_356_017 { found = node }
        }
        let node = try #require(found)
        #expect(abs(node.coordinate.latitude - 60.1711318) < 1e-7)
        #expect(abs(node.coordinate.longitude - 24.9462642) < 1e-7)
        #expect(node.tags["addr:street"] == "Kaisaniemenkatu")
    }

    @Test(.enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage))
    func helsinkiHighwaysMiss912NodeReferencesIn191Ways() throws {
        // Given every node id and every highway way of the clipped extract
        var nodeIDs = Set<Int64>()
        var highways: [OSMWay] = []
        var wayCount = 0
        var relationCount = 0
        let header = try OSMReader(url: SharedData.url(SharedData.helsinki)).read { element in
            switch element {
            case .node(let node): nodeIDs.insert(node.id)
            case .way(let way):
                wayCount += 1
                if way.tags["highway"] != nil { highways.append(way) }
            case .relation: relationCount += 1
            }
        }
        // When references to absent nodes are counted
        let missing = highways.map { $0.nodeRefs.filter { !nodeIDs.contains($0) } }
        // Then the numbers match pyosmium's: 912 references (828 distinct nodes) in 191 of 2,650 highway ways
        #expect(wayCount == 5_130)
        #expect(relationCount == 620)
        #expect(highways.count == 2_650)
        #expect(missing.filter { !$0.isEmpty }.count == 191)
        #expect(missing.map(\.count).reduce(0, +) == 912)
        #expect(Set(missing.joined()).count == 828)
        let box = try #require(header.boundingBox)
        #expect(box.contains(try Coordinate(latitude: 60.1711318, longitude: 24.9462642)))
    }

    @Test(.enabled(if: SharedData.exists(SharedData.columbus), SharedData.skipMessage))
    func columbusHasTwoCinemaWaysAnd12006Highways() throws {
        var cinemaWays: Set<Int64> = []
        var highways = 0
        try OSMReader(url: SharedData.url(SharedData.columbus)).read(.ways) { element in
            guard case .way(let way) = element else { return }
            if way.tags["highway"] != nil { highways += 1 }
            if way.tags["amenity"] == "cinema" { cinemaWays.insert(way.id) }
        }
        #expect(highways == 12_006)
        #expect(cinemaWays == [32_057_741, 30_266_701])
    }

    @Test(.enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage))
    func onlyTheRequestedKindsAreHandedOut() throws {
        var kinds = Set<String>()
        try OSMReader(url: SharedData.url(SharedData.helsinki)).read(.relations) { element in
            switch element {
            case .node: kinds.insert("node")
            case .way: kinds.insert("way")
            case .relation(let relation):
                kinds.insert("relation")
                #expect(!relation.members.isEmpty)
            }
        }
        #expect(kinds == ["relation"])
    }
}
