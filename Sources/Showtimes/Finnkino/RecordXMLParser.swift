import Basics
import Foundation
import XMLScan

/// Reads an XML document's `<record>` elements, each child element of one as name → text.
///
/// Finnkino's documents are flat lists of records (`<Show>`, `<TheatreArea>`) whose fields are leaf
/// elements, so that is all this reads; nested elements inside a field are ignored.
struct RecordXMLParser: XMLHandler {
    private let recordName: String
    private let rootName: String
    private var records: [[String: String]] = []
    private var current: [String: String]?
    private var field: String?
    private var text = ""
    private var depthInRecord = 0
    private var sawRoot = false

    private init(recordName: String, rootName: String) {
        self.recordName = recordName
        self.rootName = rootName
    }

    /// The records in `data`, in document order.
    /// - Throws: ``ShowtimesError/malformedXML(provider:line:reason:)`` when the document is not well formed.
    static func records(named recordName: String, root rootName: String, in data: Data, provider: String) throws
        -> [[String: String]]
    {
        var reader = RecordXMLParser(recordName: recordName, rootName: rootName)
        do {
            try data.withUnsafeBytes { try XMLScanner.scan($0, into: &reader) }
        } catch let error as XMLScanError {
            throw ShowtimesError.malformedXML(
                provider: provider, line: error.line,
                reason: !reader.sawRoot && looksLikeHTML(data) ? htmlReason : explain(error.problem))
        } catch let problem as Problem {
            throw ShowtimesError.malformedXML(
                provider: provider, line: problem.line, reason: looksLikeHTML(data) ? htmlReason : problem.reason)
        }
        return reader.records
    }

    static let htmlReason = "the answer is an HTML page, not XML (a login or error page between you and the provider?)"

    /// Whether the body starts like a web page.
    static func looksLikeHTML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(512), as: UTF8.self).lowercased()
        return head.contains("<html") || head.contains("<!doctype html")
    }

    /// The reader's reason, in the words of an answer from a provider.
    static func explain(_ problem: XMLScanError.Problem) -> String {
        switch problem {
        case .empty: "the answer is empty"
        case .cut: "the document ends before its tags are closed (a cut answer?)"
        default: XMLScanError(line: 1, problem: problem).reason
        }
    }

    /// A document whose root is not the one asked for.
    private struct Problem: Error {
        let line: Int
        let reason: String
    }

    mutating func didStart(element name: String, attributes: XMLAttributes, line: Int) throws {
        if !sawRoot {
            guard name == rootName else {
                throw Problem(line: line, reason: "expected one <\(rootName)> document, found <\(name)>")
            }
            sawRoot = true
            return
        }
        if current == nil {
            if name == recordName {
                current = [:]
                depthInRecord = 0
            }
            return
        }
        depthInRecord += 1
        if depthInRecord == 1 {
            field = name
            text = ""
        }
    }

    var wantsText: Bool { field != nil }

    mutating func found(text piece: String) throws {
        if field != nil { text += piece }
    }

    mutating func didEnd(element name: String, line: Int) throws {
        guard current != nil else { return }
        if depthInRecord == 0 {
            if name == recordName, let record = current { records.append(record) }
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
