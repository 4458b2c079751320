import Basics
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Streams an XML document and collects each `<record>` element's child elements as name → text.
///
/// Finnkino's documents are flat lists of records (`<Show>`, `<TheatreArea>`) whose fields are leaf
/// elements, so that is all this reads; nested elements inside a field are ignored.
final class RecordXMLParser: NSObject, XMLParserDelegate {
    private let recordName: String
    private var records: [[String: String]] = []
    private var current: [String: String]?
    private var field: String?
    private var text = ""
    private var depthInRecord = 0
    private let rootName: String
    /// The open elements, outermost first: on Linux, XMLParser recovers from some errors without failing, so
    /// well-formedness is checked here too.
    private var openElements: [String] = []
    private var sawRoot = false
    private var problem: String?
    /// The parser's first error, explained once parsing stops.
    private var firstError: (any Error)?

    private init(recordName: String, rootName: String) {
        self.recordName = recordName
        self.rootName = rootName
    }

    /// The records in `data`, in document order.
    /// - Throws: ``ShowtimesError/malformedXML(provider:line:reason:)`` when the document is not well formed.
    static func records(named recordName: String, root rootName: String, in data: Data, provider: String) throws
        -> [[String: String]]
    {
        // Foundation's XMLParser (6.3) crashes on an element or attribute name that is not UTF-8, and on a
        // processing instruction without data, so such a document never reaches it.
        let bytes = [UInt8](data)
        if let offset = firstNonUTF8Offset(bytes) {
            throw ShowtimesError.malformedXML(
                provider: provider, line: 1 + bytes[..<offset].count { $0 == 0x0A },
                reason: looksLikeHTML(data) ? htmlReason : "it is not UTF-8 text")
        }
        if let offset = firstDatalessInstruction(bytes) {
            throw ShowtimesError.malformedXML(
                provider: provider, line: 1 + bytes[..<offset].count { $0 == 0x0A },
                reason: "it holds a processing instruction without data (<?…?>)")
        }
        let delegate = RecordXMLParser(recordName: recordName, rootName: rootName)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let parsed = parser.parse()
        if parsed, delegate.problem == nil, !delegate.openElements.isEmpty {
            delegate.problem = "the document ends inside <\(delegate.openElements.last!)>"
        }
        if parsed, delegate.problem == nil, !delegate.sawRoot { delegate.problem = "there is no <\(rootName)> element" }
        if var problem = delegate.problem {
            if !delegate.sawRoot, looksLikeHTML(data) { problem = htmlReason }
            throw ShowtimesError.malformedXML(provider: provider, line: max(1, parser.lineNumber), reason: problem)
        }
        guard parsed else {
            throw ShowtimesError.malformedXML(
                provider: provider, line: max(1, parser.lineNumber), reason: explain(delegate.firstError ?? parser.parserError, in: data))
        }
        return delegate.records
    }

    /// The offset of the first byte that does not start a valid UTF-8 character, or nil when all of `bytes` is UTF-8.
    static func firstNonUTF8Offset(_ bytes: [UInt8]) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while case .valid(let encoded) = parser.parseScalar(from: &iterator) { offset += encoded.count }
        return offset
    }

    /// The offset of the first `<?target?>`, a processing instruction with a target and no data, or nil. One pass
    /// over the bytes: every schedule read from the cache is checked.
    static func firstDatalessInstruction(_ bytes: [UInt8]) -> Int? {
        let less = UInt8(ascii: "<"), question = UInt8(ascii: "?"), greater = UInt8(ascii: ">")
        func endsName(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == question || byte == greater
                || byte == less
        }
        var open = 0
        while open + 1 < bytes.count {
            guard bytes[open] == less, bytes[open + 1] == question else {
                open += 1
                continue
            }
            var end = open + 2
            while end < bytes.count, !endsName(bytes[end]) { end += 1 }
            if end > open + 2, end + 1 < bytes.count, bytes[end] == question, bytes[end + 1] == greater { return open }
            open += 2
        }
        return nil
    }

    static let htmlReason = "the answer is an HTML page, not XML (a login or error page between you and the provider?)"

    /// Whether the body starts like a web page.
    static func looksLikeHTML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<html") || head.contains("<!doctype html")
    }

    /// A reason people can act on, for a parser error whose own text is "The operation could not be completed.
    /// (NSXMLParserErrorDomain error 68.)". The codes are libxml2's `xmlParserErrors` (xmlerror.h).
    static func explain(_ error: (any Error)?, in data: Data) -> String {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return "the answer is empty" }
        if looksLikeHTML(data) { return htmlReason }
        let code = (error as NSError?)?.code
        let what: String
        switch code {
        case 4?: what = "the answer is empty"
        case 5?: what = "there is more after the end of the document"
        case 9?: what = "it holds a character that XML does not allow"
        case 23?, 38?, 39?, 40?, 41?, 65?, 73?: what = "a tag or attribute is not closed properly"
        case 68?: what = "a '<' or '&' is not followed by a name (an unescaped character, or a cut document)"
        case 76?: what = "a closing tag does not match the tag it closes"
        case 77?, 85?: what = "the document ends before its tags are closed (a cut answer?)"
        case let code?: what = "it is not well-formed XML (libxml2 error \(code))"
        case nil: what = "it is not well-formed XML"
        }
        return what
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if openElements.isEmpty {
            guard elementName == rootName, !sawRoot else {
                fail(parser, "expected one <\(rootName)> document, found <\(elementName)>")
                return
            }
            sawRoot = true
        }
        openElements.append(elementName)
        if current == nil {
            if elementName == recordName {
                current = [:]
                depthInRecord = 0
            }
            return
        }
        depthInRecord += 1
        if depthInRecord == 1 {
            field = elementName
            text = ""
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        // The reason is written once parsing stops (see `explain`); the first error is the one that counts.
        if firstError == nil { firstError = parseError }
    }

    private func fail(_ parser: XMLParser, _ reason: String) {
        if problem == nil { problem = reason }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if field != nil { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if field != nil { text += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard openElements.last == elementName else {
            fail(parser, "</\(elementName)> does not close <\(openElements.last ?? "nothing")>")
            return
        }
        openElements.removeLast()
        guard current != nil else { return }
        if depthInRecord == 0 {
            if elementName == recordName, let record = current { records.append(record) }
            current = nil
            return
        }
        if depthInRecord == 1, let name = field {
            let value = text.trimmingWhitespaceAndNewlines()
            if !value.isEmpty { current?[name] = value }
            field = nil
        }
        depthInRecord -= 1
    }
}
