import Foundation
import TestSupport
import Testing

@testable import OSM

/// The inputs fuzzing found crashing the readers (FUZZING.md), each now refused with an `OSMError`.
@Suite(.offThePool) struct FuzzFindingsTests {
    @Test func anXMLAttributeNameThatIsNotUTF8IsRefusedWithItsLine() throws {
        // Given an extract whose <node> has an attribute named "ve\u{F2}sion": one byte flipped by the fuzzer (it
        // made Foundation's XMLParser trap, when planner read XML with it)
        let url = FuzzFindings.url("attribute-name-not-utf8.osm")
        // Then the error names the line with the bad byte
        let reason = "XML line 4: the text is not UTF-8, as OSM XML always is"
        #expect(throws: OSMError.corruptBlob(path: url.path, reason: reason)) { try OSMReader(url: url).read { _ in } }
    }

    @Test func aProcessingInstructionWithoutDataIsReadPast() throws {
        // Given `<?pi?>`, well-formed XML (found fuzzing Finnkino's XML: Foundation's XMLParser crashed on it)
        let xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n<?pi?><node id=\"1\" lat=\"60.1\" lon=\"24.9\"/></osm>"
        let url = try temporaryFile(Array(xml.utf8), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        // Then the node after it is read
        var ids: [Int64] = []
        try OSMReader(url: url).read { if case .node(let node) = $0 { ids.append(node.id) } }
        #expect(ids == [1])
    }

    @Test func aCharacterCutOffAtTheEndIsATruncatedFile() throws {
        // Given an extract cut inside the two bytes of an "ä"
        let xml = Array("<osm version=\"0.6\"><node id=\"1\" lat=\"60.1\" lon=\"24.9\"><tag k=\"name\" v=\"\u{E4}".utf8)
        let url = try temporaryFile(xml.dropLast(), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.truncatedFile(path: url.path)) { try OSMReader(url: url).read { _ in } }
    }

    @Test func boundsOffTheGlobeAreRefusedSoNoAreaIsSavedWithThem() throws {
        // Given an XML extract whose <bounds> has a west edge of 200°, which `contains` would later trap on
        let xml = """
            <osm version="0.6"><bounds minlat="60.17" minlon="200" maxlat="60.18" maxlon="24.95"/>
            <node id="1" lat="60.171" lon="24.946"/></osm>
            """
        let url = try temporaryFile(Array(xml.utf8), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        // Then both the header and the whole file are refused
        let error = OSMError.corruptBlob(path: url.path, reason: "XML line 1: <bounds> out of range")
        #expect(throws: error) { try OSMReader(url: url).header() }
        #expect(throws: error) { try OSMReader(url: url).read { _ in } }
    }

    @Test func aPBFHeaderBoxOffTheGlobeIsRefused() throws {
        // Given the fuzzer's HeaderBlock, whose west edge is at 51,539,752°, as the first blob of a file
        let block = try FuzzFindings.bytes("header-box-off-the-globe.pb")
        let url = try temporaryFile(PBFFixture.blob(type: "OSMHeader", payload: block), suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        // Then reading its header fails with the corrupt-data error
        #expect(throws: OSMError.corruptBlob(path: url.path, reason: "HeaderBlock: HeaderBBox is out of range")) {
            try OSMReader(url: url).header()
        }
    }
}
