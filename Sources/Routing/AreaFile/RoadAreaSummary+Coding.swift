import Foundation
import Geo

extension RoadAreaSummary {
    func encode(_ writer: inout BinaryWriter) {
        writer.write(name)
        writer.write(sourceFileName)
        writer.write(boundingBox.south)
        writer.write(boundingBox.west)
        writer.write(boundingBox.north)
        writer.write(boundingBox.east)
        writer.write(importedAt.timeIntervalSince1970)
        writer.write(UInt32(placeCount))
        let modes = TravelMode.allCases.filter { nodeCountByMode[$0] != nil }
        writer.write(UInt8(modes.count))
        for mode in modes {
            writer.write(mode.rawValue)
            writer.write(UInt64(nodeCountByMode[mode] ?? 0))
            writer.write(UInt64(edgeCountByMode[mode] ?? 0))
        }
        writer.write(UInt64(statistics.highwayWays))
        writer.write(UInt64(statistics.highwayWaysWithMissingNodes))
        writer.write(UInt64(statistics.missingNodeReferences))
        writer.write(UInt64(statistics.unplacedPlaces))
        let routable = statistics.routableWaysByMode.sorted { $0.key < $1.key }
        writer.write(UInt8(routable.count))
        for (mode, count) in routable {
            writer.write(mode)
            writer.write(UInt64(count))
        }
    }

    static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Failure) -> RoadAreaSummary {
        let name = try reader.readString()
        let source = try reader.readString()
        let box = BoundingBox(
            south: try reader.readDouble(), west: try reader.readDouble(), north: try reader.readDouble(),
            east: try reader.readDouble())
        guard box.isWithinRange else { throw BinaryReader.Failure(reason: "the bounding box is out of range") }
        let importedAt = Date(timeIntervalSince1970: try reader.readDouble())
        let placeCount = Int(try reader.read(UInt32.self))
        var nodes: [TravelMode: Int] = [:]
        var edges: [TravelMode: Int] = [:]
        for _ in 0..<Int(try reader.read(UInt8.self)) {
            let modeName = try reader.readString()
            guard let mode = TravelMode(rawValue: modeName) else {
                throw BinaryReader.Failure(reason: "unknown travel mode '\(modeName)'")
            }
            nodes[mode] = try reader.readInt()
            edges[mode] = try reader.readInt()
        }
        var statistics = ImportStatistics()
        statistics.highwayWays = try reader.readInt()
        statistics.highwayWaysWithMissingNodes = try reader.readInt()
        statistics.missingNodeReferences = try reader.readInt()
        statistics.unplacedPlaces = try reader.readInt()
        for _ in 0..<Int(try reader.read(UInt8.self)) {
            let mode = try reader.readString()
            statistics.routableWaysByMode[mode] = try reader.readInt()
        }
        return RoadAreaSummary(
            name: name, sourceFileName: source, boundingBox: box, importedAt: importedAt, placeCount: placeCount,
            nodeCountByMode: nodes, edgeCountByMode: edges, statistics: statistics)
    }
}
