import Geo
import XMLScan

/// What ``OSMXMLReader`` does with what the scanner finds: builds one element at a time from `<node>`, `<way>`,
/// `<relation>` and their children.
struct OSMXMLHandler: XMLHandler {
    /// Why reading stopped early.
    enum Stop: Error {
        /// The caller's body threw.
        case body(any Error)
        /// The root element is not `<osm>`.
        case notOSM
        /// A tag broke ``OSMLimits``.
        case tagTooLong(TagTooLong)
    }

    let kinds: OSMElementKinds
    let body: (OSMElement) throws -> Void
    var header = OSMHeader()
    var rootName: String?
    private(set) var isDone = false
    /// The first bad element, and its line: reading goes on without delivering anything more, so that a file cut
    /// after it is still reported as truncated.
    var elementError: String?
    var elementErrorLine = 0

    private enum Pending {
        case node(id: Int64, coordinate: Coordinate)
        case way(id: Int64)
        case relation(id: Int64)
    }

    private var pending: Pending?
    private var tags: [String: String] = [:]
    private var refs: [Int64] = []
    private var members: [OSMMember] = []

    init(kinds: OSMElementKinds, body: @escaping (OSMElement) throws -> Void) {
        self.kinds = kinds
        self.body = body
    }

    mutating func didStart(element name: String, attributes: XMLAttributes, line: Int) throws {
        guard rootName != nil else {
            rootName = name
            header.writingProgram = attributes["generator"]
            if name != "osm" { throw Stop.notOSM }
            return
        }
        guard elementError == nil else { return }
        switch name {
        case "bounds":
            if let south = double(attributes["minlat"]), let west = double(attributes["minlon"]),
                let north = double(attributes["maxlat"]), let east = double(attributes["maxlon"])
            {
                let box = BoundingBox(south: south, west: west, north: north, east: east)
                guard box.isWithinRange else { return fail("<bounds> out of range", line: line) }
                header.boundingBox = box
            }
        case "node", "way", "relation":
            if kinds.isEmpty {
                // Only the header was asked for, and it is over.
                isDone = true
                return
            }
            guard let id = attributes["id"].flatMap({ Int64($0) }) else {
                return fail("<\(name)> without a numeric id", line: line)
            }
            tags = [:]
            refs = []
            members = []
            switch name {
            case "node":
                guard let lat = double(attributes["lat"]), let lon = double(attributes["lon"]),
                    let coordinate = try? Coordinate(latitude: lat, longitude: lon)
                else {
                    // Deleted nodes in change files have no position; a plain extract's nodes always do.
                    return fail("node \(id) without a valid lat/lon", line: line)
                }
                pending = .node(id: id, coordinate: coordinate)
            case "way": pending = .way(id: id)
            default: pending = .relation(id: id)
            }
        case "tag":
            if let key = attributes["k"] {
                let value = attributes["v"] ?? ""
                if let violation = OSMLimits.violation(key: key, value: value) { throw Stop.tagTooLong(violation) }
                tags[key] = value
            }
        case "nd":
            if let ref = attributes["ref"].flatMap({ Int64($0) }) { refs.append(ref) }
        case "member":
            guard let ref = attributes["ref"].flatMap({ Int64($0) }),
                let kind = attributes["type"].flatMap({ OSMMember.Kind(rawValue: $0) })
            else {
                return fail("<member> without a type and ref", line: line)
            }
            members.append(OSMMember(kind: kind, ref: ref, role: attributes["role"] ?? ""))
        default: break
        }
    }

    mutating func didEnd(element name: String, line: Int) throws {
        guard elementError == nil else { return }
        let element: OSMElement?
        switch (name, pending) {
        case ("node", .node(let id, let coordinate)?):
            element = kinds.contains(.nodes) ? .node(OSMNode(id: id, coordinate: coordinate, tags: tags)) : nil
        case ("way", .way(let id)?):
            element = kinds.contains(.ways) ? .way(OSMWay(id: id, nodeRefs: refs, tags: tags)) : nil
        case ("relation", .relation(let id)?):
            element =
                kinds.contains(.relations) ? .relation(OSMRelation(id: id, members: members, tags: tags)) : nil
        default:
            return
        }
        pending = nil
        guard let element else { return }
        do { try body(element) } catch { throw Stop.body(error) }
    }

    private mutating func fail(_ message: String, line: Int) {
        guard elementError == nil else { return }
        elementError = message
        elementErrorLine = line
    }

    private func double(_ text: String?) -> Double? {
        text.flatMap { Double($0) }
    }
}
