import Foundation
import Geo

/// A small synthetic OSM XML extract for builder and router tests.
///
/// A 3 × 3 grid of residential streets about 111 m apart (nodes 1…9, row by row from the south-west), plus
/// the extra ways the test adds.
struct TinyExtract {
    static let spacingDegrees = 0.001
    static let origin = (latitude: 60.0, longitude: 24.0)

    /// The coordinate of grid node `id` (1…9).
    static func coordinate(_ id: Int) -> Coordinate {
        let row = (id - 1) / 3
        let column = (id - 1) % 3
        return Coordinate(
            uncheckedLatitude: origin.latitude + Double(row) * spacingDegrees,
            longitude: origin.longitude + Double(column) * spacingDegrees * 2)
    }

    var ways: [(id: Int, refs: [Int], tags: [String: String])] = []
    var extraNodes: [(id: Int, coordinate: Coordinate, tags: [String: String])] = []
    /// Relations: id, members (type, ref, role) and tags.
    var relations: [(id: Int, members: [(type: String, ref: Int, role: String)], tags: [String: String])] = []
    /// Tags on grid nodes, by id.
    var gridTags: [Int: [String: String]] = [:]

    /// Adds a way.
    mutating func way(_ id: Int, _ refs: [Int], _ tags: [String: String]) {
        ways.append((id, refs, tags))
    }

    /// Writes the extract as OSM XML to a temporary file.
    func write() throws -> URL {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"tests\">\n"
        for id in 1...9 {
            let c = Self.coordinate(id)
            xml += "  <node id=\"\(id)\" lat=\"\(c.latitude)\" lon=\"\(c.longitude)\">"
            for (key, value) in (gridTags[id] ?? [:]).sorted(by: { $0.key < $1.key }) {
                xml += "<tag k=\"\(key)\" v=\"\(value)\"/>"
            }
            xml += "</node>\n"
        }
        for node in extraNodes {
            xml += "  <node id=\"\(node.id)\" lat=\"\(node.coordinate.latitude)\" lon=\"\(node.coordinate.longitude)\">"
            for (key, value) in node.tags.sorted(by: { $0.key < $1.key }) {
                xml += "<tag k=\"\(key)\" v=\"\(value)\"/>"
            }
            xml += "</node>\n"
        }
        for way in ways {
            xml += "  <way id=\"\(way.id)\">"
            for ref in way.refs { xml += "<nd ref=\"\(ref)\"/>" }
            for (key, value) in way.tags.sorted(by: { $0.key < $1.key }) { xml += "<tag k=\"\(key)\" v=\"\(value)\"/>" }
            xml += "</way>\n"
        }
        for relation in relations {
            xml += "  <relation id=\"\(relation.id)\">"
            for member in relation.members {
                xml += "<member type=\"\(member.type)\" ref=\"\(member.ref)\" role=\"\(member.role)\"/>"
            }
            for (key, value) in relation.tags.sorted(by: { $0.key < $1.key }) {
                xml += "<tag k=\"\(key)\" v=\"\(value)\"/>"
            }
            xml += "</relation>\n"
        }
        xml += "</osm>\n"
        let url = temporaryURL(".osm")
        try Data(xml.utf8).write(to: url)
        return url
    }
}
