import Testing
import XMLScan

/// Writes down what the scanner reports, one event per string.
private struct Recorder: XMLHandler {
    var events: [String] = []
    var wantsText = true
    var stopAt: String?
    var isDone = false

    mutating func didStart(element name: String, attributes: XMLAttributes, line: Int) throws {
        let pairs = attributes.pairs.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        events.append("<\(name)\(pairs.isEmpty ? "" : " " + pairs)>@\(line)")
        if name == stopAt { isDone = true }
    }

    mutating func didEnd(element name: String, line: Int) throws { events.append("</\(name)>") }

    mutating func found(text: String) throws {
        // Pieces of one run of text are joined, as a handler that keeps text joins them.
        if let last = events.last, last.hasPrefix("text:") {
            events[events.count - 1] = last + text
        } else {
            events.append("text:" + text)
        }
    }
}

private func events(_ xml: String, wantsText: Bool = true, stopAt: String? = nil) throws -> [String] {
    var recorder = Recorder(wantsText: wantsText, stopAt: stopAt)
    try XMLScanner.scan(Array(xml.utf8), into: &recorder)
    return recorder.events
}

private func problem(_ bytes: [UInt8]) -> XMLScanError? {
    var recorder = Recorder()
    do { try XMLScanner.scan(bytes, into: &recorder) } catch let error as XMLScanError { return error } catch {}
    return nil
}

private func problem(_ xml: String) -> XMLScanError? { problem(Array(xml.utf8)) }

@Suite("Reading XML with planner's own scanner")
struct XMLScannerTests {
    @Test func elementsAttributesAndTextAreReportedInDocumentOrderWithTheirLines() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <osm version="0.6" generator='me'>
              <node id="1" lat="60.1" lon="24.9"/>
              <name>Kino &amp; Bar</name>
            </osm>
            """
        #expect(
            try events(xml) == [
                "<osm version=0.6,generator=me>@3", "text:\n  ", "<node id=1,lat=60.1,lon=24.9>@4", "</node>",
                "text:\n  ", "<name>@5", "text:Kino & Bar", "</name>", "text:\n", "</osm>",
            ])
    }

    @Test func referencesCDATAAndCommentsMakeTheTextTheyStandFor() throws {
        let xml = "<a>&lt;&gt;&amp;&apos;&quot; &#228;&#xE4;&#x1F3AC;<![CDATA[<b>&amp;]]><!-- no --><?pi data?>.</a>"
        #expect(try events(xml) == ["<a>@1", "text:<>&'\" ää🎬<b>&amp;.", "</a>"])
    }

    @Test func lineEndsBecomeNewlinesInTextAndSpacesInAttributes() throws {
        let xml = "<a v=\"x\r\ny\tz\nw&#10;\">1\r\n2\r3</a>"
        #expect(try events(xml) == ["<a v=x y z w\n>@1", "text:1\n2\n3", "</a>"])
    }

    @Test func aByteOrderMarkIsReadPast() throws {
        var recorder = Recorder()
        try XMLScanner.scan([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><a/>".utf8), into: &recorder)
        #expect(recorder.events == ["<a>@1", "</a>"])
    }

    @Test func textIsNotMadeIntoStringsWhenNobodyWantsIt() throws {
        #expect(try events("<a> x <b/> y </a>", wantsText: false) == ["<a>@1", "<b>@1", "</b>", "</a>"])
    }

    @Test func aHandlerThatIsDoneStopsTheReadingWithoutAnError() throws {
        // Even before the part that is not well formed
        #expect(try events("<a><b/><c><</a>", stopAt: "b") == ["<a>@1", "<b>@1"])
    }

    @Test(arguments: [
        ("", 1, XMLScanError.Problem.empty),
        ("  <!-- only a comment -->\n", 2, .empty),
        ("<a>\n<b>\n</a>", 3, .mismatchedEnd(closing: "a", open: "b")),
        ("<a></a></b>", 1, .mismatchedEnd(closing: "b", open: nil)),
        ("<a>\n<b>", 2, .cut),
        ("<a><b x=\"1", 1, .cut),
        ("<a><!-- cut", 1, .cut),
        ("<a>x & y</a>", 1, .bareMarkupCharacter("&")),
        ("<a>x < y</a>", 1, .bareMarkupCharacter("<")),
        ("<a>&zz;</a>", 1, .undefinedEntity("zz")),
        ("<a v=\"&zz;\"/>", 1, .undefinedEntity("zz")),
        ("<a>&amp</a>", 1, .badMarkup),
        ("<a>&#;</a>", 1, .badMarkup),
        ("<a>&#1;</a>", 1, .forbiddenCharacter),
        ("<a>&#xFFFE;</a>", 1, .forbiddenCharacter),
        ("<a>&#x110000;</a>", 1, .forbiddenCharacter),
        ("<a>\n\u{1}</a>", 2, .forbiddenCharacter),
        ("<a>\u{FFFF}</a>", 1, .forbiddenCharacter),
        ("<a v=1/>", 1, .badMarkup),
        ("<a v=\"<\"/>", 1, .badMarkup),
        ("<a v=\"1\"w=\"2\"/>", 1, .badMarkup),
        ("<a v=\"1\" v=\"2\"/>", 1, .duplicateAttribute("v")),
        ("<a v/>", 1, .badMarkup),
        ("<a]]></a>", 1, .badMarkup),
        ("<a>]]></a>", 1, .badMarkup),
        ("<a><!-- a -- b --></a>", 1, .badMarkup),
        ("<a><!-- a ---></a>", 1, .badMarkup),
        ("<a/><b/>", 1, .afterRoot),
        ("<a/>\ntext", 2, .afterRoot),
        ("text<a/>", 1, .beforeRoot),
        ("<![CDATA[x]]><a/>", 1, .beforeRoot),
        ("<!DOCTYPE a [<!ENTITY e \"lol\">]><a>&e;</a>", 1, .documentType),
        (" <?xml version=\"1.0\"?><a/>", 1, .misplacedDeclaration),
        ("<a><?xml version=\"1.0\"?></a>", 1, .misplacedDeclaration),
        ("<a><!ELEMENT a ANY></a>", 1, .badMarkup),
        ("<a></ a>", 1, .badMarkup),
        ("<a></a >", 0, .empty),  // well formed: no problem
    ])
    func whatIsNotWellFormedIsTheFirstProblemWithItsLine(_ xml: String, _ line: Int, _ expected: XMLScanError.Problem)
    {
        let found = problem(xml)
        if line == 0 {
            #expect(found == nil)
        } else {
            #expect(found == XMLScanError(line: line, problem: expected), "\(xml)")
        }
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirLineAndACutCharacterIsACutDocument() {
        #expect(problem(Array("<a>\n".utf8) + [0xF2, 0x41] + Array("</a>".utf8))?.problem == .notUTF8)
        #expect(problem(Array("<a>\n".utf8) + [0xF2, 0x41] + Array("</a>".utf8))?.line == 2)
        #expect(problem(Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8))?.problem == .notUTF8)
        #expect(problem(Array("<a>\u{E4}".utf8).dropLast())?.problem == .cut)
    }

    @Test func everyProblemIsOneLineOfWords() {
        let problems: [XMLScanError.Problem] = [
            .empty, .notUTF8, .forbiddenCharacter, .cut, .badMarkup, .bareMarkupCharacter("&"),
            .mismatchedEnd(closing: "a", open: "b"), .mismatchedEnd(closing: "a", open: nil), .afterRoot, .beforeRoot,
            .undefinedEntity("zz"), .duplicateAttribute("v"), .documentType, .misplacedDeclaration,
        ]
        for problem in problems {
            let error = XMLScanError(line: 3, problem: problem)
            #expect(error.description.hasPrefix("XML line 3: "))
            #expect(!error.reason.isEmpty && !error.reason.contains("\n"))
        }
    }
}
