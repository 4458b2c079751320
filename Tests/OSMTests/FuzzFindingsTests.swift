import Foundation
import TestSupport
import Testing

@testable import OSM

/// The inputs fuzzing found crashing the readers (FUZZING.md), each now refused with an `OSMError`.
@Suite(.offThePool) struct FuzzFindingsTests {
    @Test func anXMLAttributeNameThatIsNotUTF8IsRefusedBeforeFoundationCrashesOnIt() throws {
        // Given an extract whose <node> has an attribute named "ve\u{F2}sion": one byte flipped by the fuzzer
        let url = FuzzFindings.url("attribute-name-not-utf8.osm")
        // When it is read, Foundation's XMLParser never sees it (it traps on such a name)
        // Then the error names the line with the bad byte
        let reason = "XML line 4: the text is not UTF-8, as OSM XML always is"
        #expect(throws: OSMError.corruptBlob(path: url.path, reason: reason)) { try OSMReader(url: url).read { _ in } }
    }

    @Test func aProcessingInstructionWithoutDataIsRefusedBeforeFoundationCrashesOnIt() throws {
        // Given `<?pi?>`, whose missing data Foundation's XMLParser reads as a C string (found fuzzing Finnkino's XML)
        let xml = "<?xml version=\"1.0\"?>\n<osm version=\"0.6\">\n<?pi?></osm>"
        let url = try temporaryFile(Array(xml.utf8), suffix: ".osm")
        defer { try? FileManager.default.removeItem(at: url) }
        // Then the file is refused, naming the line
        let reason = "XML line 3: a processing instruction without data (<?…?>), which OSM XML never has"
        #expect(throws: OSMError.corruptBlob(path: url.path, reason: reason)) { try OSMReader(url: url).read { _ in } }
    }

    @Test func aDatalessInstructionIsFoundWhenSplitBetweenTwoPieces() {
        var scan = DatalessInstructionScan()
        #expect(scan.find(in: Array("<osm><?p".utf8)[...]) == nil)
        #expect(scan.find(in: Array("i?></osm>".utf8)[...]) == 2)
        var withData = DatalessInstructionScan()
        #expect(withData.find(in: Array("<?xml version=\"1.0\"?><?pi ?><??>".utf8)[...]) == nil)
    }

    @Test func textThatIsNotUTF8IsFoundAcrossChunksAndACutCharacterIsLeftToTheParser() {
        // A two-byte "ä" cut after its first byte at the end of a chunk is not an error yet
        #expect(UTF8Check.endOfWholeCharacters(Array("ab\u{E4}".utf8).dropLast()) == 2)
        #expect(UTF8Check.endOfWholeCharacters(Array("ab\u{E4}".utf8)) == 4)
        // and a lone continuation byte is
        #expect(UTF8Check.firstInvalidOffset(Array("a\nb".utf8)[...] + [0x80]) == 3)
        #expect(UTF8Check.firstInvalidOffset(Array("a\u{E4}".utf8)[...]) == nil)
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
