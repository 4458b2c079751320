import Foundation
import Geo
import TestSupport
import Testing

@testable import OSM

/// The PBF reader on hand-encoded files: runs everywhere, without the shared extracts.
@Suite(.offThePool) struct PBFFixtureTests {
    @Test func aHandEncodedFileReadsBackEveryElement() throws {
        // Given a two-blob PBF with dense nodes, a way and a relation
        let url = try temporaryFile(PBFFixture.file(), suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        // When it is read
        var elements: [OSMElement] = []
        let reader = try OSMReader(url: url)
        let header = try reader.read { elements.append($0) }
        // Then the header and every element come back as encoded
        #expect(reader.format == .pbf)
        #expect(header.boundingBox == BoundingBox(south: 60, west: 24, north: 61, east: 25))
        #expect(header.writingProgram == "fixture")
        #expect(
            elements == [
                .node(
                    OSMNode(
                        id: 101, coordinate: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94),
                        tags: ["amenity": "cinema", "name": "Kino"])),
                .node(
                    OSMNode(id: 105, coordinate: Coordinate(uncheckedLatitude: 60.171, longitude: 24.942), tags: [:])),
                .way(OSMWay(id: 7, nodeRefs: [101, 105, 101], tags: ["highway": "residential"])),
                .relation(
                    OSMRelation(
                        id: 9,
                        members: [
                            OSMMember(kind: .way, ref: 7, role: "outer"), OSMMember(kind: .node, ref: 105, role: ""),
                        ],
                        tags: ["type": "multipolygon"])),
            ])
        #expect(try reader.header() == header)
    }

    @Test func anUnknownRequiredFeatureIsUnsupported() throws {
        let url = try temporaryFile(
            PBFFixture.file(features: ["OsmSchema-V0.6", "HistoricalInformation"]), suffix: ".pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.unsupportedFeature(path: url.path, feature: "required feature HistoricalInformation"))
        {
            try OSMReader(url: url).read { _ in }
        }
    }

    @Test func aZstdBlobIsUnsupported() throws {
        let url = try temporaryFile(PBFFixture.file(dataBlobField: 7), suffix: ".pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.unsupportedFeature(path: url.path, feature: "zstd-compressed blobs")) {
            try OSMReader(url: url).read { _ in }
        }
    }

    @Test func everyCutOfTheFileIsTruncatedNeverACrash() throws {
        // Given every proper prefix of the file but the one that ends cleanly after the header blob
        let bytes = PBFFixture.file()
        let headerBlobLength = PBFFixture.blob(type: "OSMHeader", payload: PBFFixture.headerBlock()).count
        for length in 1..<bytes.count where length != headerBlobLength {
            let url = try temporaryFile(Array(bytes.prefix(length)), suffix: ".pbf")
            defer { try? FileManager.default.removeItem(at: url) }
            // Then reading it fails cleanly: truncated, or (cut inside a prefix) not OSM
            do {
                try OSMReader(url: url).read { _ in }
                Issue.record("a \(length)-byte prefix read without error")
            } catch let error as OSMError {
                switch error {
                case .truncatedFile, .notOSMFile: break
                default: Issue.record("a \(length)-byte prefix gave \(error)")
                }
            }
        }
    }
}
