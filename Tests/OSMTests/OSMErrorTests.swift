import Foundation
import TestSupport
import Testing

@testable import OSM

@Suite(.offThePool) struct OSMErrorTests {
    func readAll(_ url: URL) throws {
        try OSMReader(url: url).read { _ in }
    }

    @Test func anEmptyFileIsReportedAsEmpty() throws {
        let url = try temporaryFile([], suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.emptyFile(path: url.path)) { try readAll(url) }
    }

    @Test(arguments: ["hello, world\n", "\u{89}PNG\r\n\u{1a}\n0000000000", "name,lat,lon\nA,1,2\n"])
    func aFileThatIsNotOSMIsReportedAsSuch(_ text: String) throws {
        let url = try temporaryFile(Array(text.utf8), suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.notOSMFile(path: url.path)) { try readAll(url) }
    }

    @Test func anXMLFileWithAnotherRootIsNotOSM() throws {
        let url = try temporaryFile(Array("<html><body>hi</body></html>".utf8), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.notOSMFile(path: url.path)) { try readAll(url) }
    }

    @Test func aPBFWithAnotherFirstBlobTypeIsNotOSM() throws {
        // A well-formed BlobHeader whose type is "Foo", datasize 0.
        let header: [UInt8] = [0x0A, 3] + Array("Foo".utf8) + [0x18, 0]
        let url = try temporaryFile([0, 0, 0, UInt8(header.count)] + header, suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.notOSMFile(path: url.path)) { try readAll(url) }
    }

    @Test func aTruncatedXMLFileIsReportedAsTruncated() throws {
        let xml =
            "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n <node id=\"1\" lat=\"60.1\" lon=\"24.1\">\n  <tag k="
        let url = try temporaryFile(Array(xml.utf8), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.truncatedFile(path: url.path)) { try readAll(url) }
    }

    @Test(
        .enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage),
        arguments: [2, 11, 300, 40_000, 600_000])
    func aTruncatedPBFIsReportedAsTruncated(_ keptBytes: Int) throws {
        // Given the first bytes of a real extract
        let bytes = try Data(contentsOf: SharedData.url(SharedData.helsinki)).prefix(keptBytes)
        let url = try temporaryFile(Array(bytes), suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        // Then reading it fails with a clear error rather than a crash
        #expect(throws: OSMError.truncatedFile(path: url.path)) { try readAll(url) }
    }

    @Test(.enabled(if: SharedData.exists(SharedData.krems), SharedData.skipMessage))
    func aTruncatedGzipIsReportedAsTruncated() throws {
        let bytes = try Data(contentsOf: SharedData.url(SharedData.krems)).prefix(100_000)
        let url = try temporaryFile(Array(bytes), suffix: ".osm.gz")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.truncatedFile(path: url.path)) { try readAll(url) }
    }

    @Test(.enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage))
    func aDamagedBlobIsReportedAsCorrupt() throws {
        // Given a real extract with bytes overwritten in the middle of its second blob's compressed data
        var bytes = [UInt8](try Data(contentsOf: SharedData.url(SharedData.helsinki)))
        for index in 5_000..<5_400 { bytes[index] = 0x55 }
        let url = try temporaryFile(bytes, suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        // Then the error names corruption
        #expect {
            try readAll(url)
        } throws: { error in
            guard case .corruptBlob(let path, let reason) = error as? OSMError else { return false }
            // in words, not a Swift enum case
            return path == url.path && !reason.contains("corrupt(") && !reason.contains("truncated(")
        }
    }

    @Test(
        .enabled(if: SharedData.exists(SharedData.krems), SharedData.skipMessage),
        arguments: [100_000, 1_000_000, 2_500_000])
    func anOSMXMLFileCutInsideAnElementIsReportedAsTruncated(_ keptBytes: Int) throws {
        // Given the plain XML of a real extract, cut off wherever the byte count falls (inside a tag, mostly)
        let whole = FileManager.default.temporaryDirectory.appendingPathComponent("krems-\(UUID().uuidString).osm")
        defer { try? FileManager.default.removeItem(at: whole) }
        try OSMXMLReader(path: whole.path).inflate(SharedData.url(SharedData.krems), into: whole)
        let url = try temporaryFile(Array(try Data(contentsOf: whole).prefix(keptBytes)), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        // Then the error says truncated, not that a node lacks its position
        #expect(throws: OSMError.truncatedFile(path: url.path)) { try readAll(url) }
    }

    @Test func aMissingFileIsUnreadable() {
        let url = URL(fileURLWithPath: "/nonexistent/extract.osm.pbf")
        #expect {
            try OSMReader(url: url)
        } throws: { error in
            guard case .unreadable(let path, _) = error as? OSMError else { return false }
            return path == url.path
        }
    }

    @Test func everyErrorDescribesItselfOnOneLine() {
        let errors: [OSMError] = [
            .truncatedFile(path: "a.pbf"), .notOSMFile(path: "a.pbf"), .emptyFile(path: "a.pbf"),
            .corruptBlob(path: "a.pbf", reason: "zlib data error"), .unsupportedFeature(path: "a.pbf", feature: "x"),
            .unreadable(path: "a.pbf", reason: "no such file"),
        ]
        for error in errors {
            #expect(error.description.hasPrefix("a.pbf: "))
            #expect(!error.description.contains("\n"))
        }
    }
}
