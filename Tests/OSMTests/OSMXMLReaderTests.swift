import Foundation
import Geo
import TestSupport
import Testing

@testable import OSM

@Suite(.offThePool) struct OSMXMLReaderTests {
    @Test(.enabled(if: SharedData.exists(SharedData.krems), SharedData.skipMessage))
    func kremsGzippedXMLHasItsCinemaAndCounts() throws {
        // Given the gzipped Krems extract
        let reader = try OSMReader(url: SharedData.url(SharedData.krems))
        #expect(reader.format == .gzippedXML)
        // When every element is read
        var nodes = 0
        var ways = 0
        var relations = 0
        var highways = 0
        var cinema: OSMNode?
        var memberCount = 0
        let header = try reader.read { element in
            switch element {
            case .node(let node):
                nodes += 1
                if node.tags["amenity"] == "cinema" { cinema = node }
            case .way(let way):
                ways += 1
                if way.tags["highway"] != nil { highways += 1 }
            case .relation(let relation):
                relations += 1
                memberCount += relation.members.count
            }
        }
        // Then the counts match pyosmium's and the cinema is Cinemaplexx Krems
        #expect(nodes == 15_042)
        #expect(ways == 2_402)
        #expect(relations == 73)
        #expect(highways == 838)
        #expect(memberCount > 0)
        let found = try #require(cinema)
        #expect(found.id == 440_052_353)
        #expect(found.tags["name"] == "Cinemaplexx Krems")
        #expect(abs(found.coordinate.latitude - 48.4065906) < 1e-7)
        #expect(header.boundingBox != nil)
    }

    @Test func aSmallPlainXMLFileIsRead() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="test">
              <bounds minlat="60.0" minlon="24.0" maxlat="60.5" maxlon="25.0"/>
              <node id="1" lat="60.1" lon="24.1"><tag k="amenity" v="cinema"/><tag k="name" v="A &amp; B"/></node>
              <node id="2" lat="60.2" lon="24.2"/>
              <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/></way>
              <relation id="100"><member type="way" ref="10" role="outer"/><tag k="type" v="multipolygon"/></relation>
            </osm>
            """
        let url = try temporaryFile(Array(xml.utf8), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        var elements: [OSMElement] = []
        let header = try OSMReader(url: url).read { elements.append($0) }
        #expect(header.boundingBox == BoundingBox(south: 60.0, west: 24.0, north: 60.5, east: 25.0))
        #expect(header.writingProgram == "test")
        #expect(
            elements == [
                .node(
                    OSMNode(
                        id: 1, coordinate: try Coordinate(latitude: 60.1, longitude: 24.1),
                        tags: ["amenity": "cinema", "name": "A & B"])),
                .node(OSMNode(id: 2, coordinate: try Coordinate(latitude: 60.2, longitude: 24.2), tags: [:])),
                .way(OSMWay(id: 10, nodeRefs: [1, 2], tags: ["highway": "residential"])),
                .relation(
                    OSMRelation(
                        id: 100, members: [OSMMember(kind: .way, ref: 10, role: "outer")],
                        tags: ["type": "multipolygon"])),
            ])
    }
}
