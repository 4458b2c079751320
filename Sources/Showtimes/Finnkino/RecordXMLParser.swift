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

    private init(recordName: String, rootName: String) {
        self.recordName = recordName
        self.rootName = rootName
    }

    /// The records in `data`, in document order.
    /// - Throws: ``ShowtimesError/malformedXML(provider:line:reason:)`` when the document is not well formed.
    static func records(named recordName: String, root rootName: String, in data: Data, provider: String) throws
        -> [[String: String]]
    {
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
        if let problem = delegate.problem {
            throw ShowtimesError.malformedXML(provider: provider, line: max(1, parser.lineNumber), reason: problem)
        }
        guard parsed else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "not well formed"
            throw ShowtimesError.malformedXML(
                provider: provider, line: max(1, parser.lineNumber), reason: reason.isEmpty ? "not well formed" : reason
            )
        }
        return delegate.records
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
        if problem == nil { problem = (parseError as NSError).localizedDescription }
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
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty { current?[name] = value }
            field = nil
        }
        depthInRecord -= 1
    }
}
