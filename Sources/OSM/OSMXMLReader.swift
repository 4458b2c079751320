import Foundation
import Geo

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Streams OSM XML (https://wiki.openstreetmap.org/wiki/OSM_XML) through Foundation's SAX `XMLParser`.
///
/// A gzipped file is inflated chunk by chunk into a temporary file that is then parsed as a stream and deleted,
/// so memory stays bounded by one element; the cost is disk space for the inflated XML.
struct OSMXMLReader {
    let path: String

    func parse(
        fileURL: URL, kinds: OSMElementKinds, body: (OSMElement) throws -> Void
    ) throws -> OSMHeader {
        guard let stream = InputStream(url: fileURL) else {
            throw OSMError.unreadable(path: path, reason: "cannot open the file as a stream")
        }
        // OSM XML never declares a DOCTYPE; one that does may define entities (an "entity bomb", or a SYSTEM entity
        // reading another file). Such a file is refused before the parser sees it.
        if Self.declaresDocumentType(fileURL) {
            throw OSMError.corruptBlob(
                path: path,
                reason: "the file declares a DOCTYPE (with entities), which OSM XML never has; planner does not expand them")
        }
        if let (line, problem) = Self.firstCrashForXMLParser(fileURL) {
            throw OSMError.corruptBlob(path: path, reason: "XML line \(line): \(problem)")
        }
        return try withoutActuallyEscaping(body) { escapingBody in
            let delegate = OSMXMLDelegate(kinds: kinds, body: escapingBody)
            let parser = XMLParser(stream: stream)
            parser.delegate = delegate
            parser.shouldProcessNamespaces = false
            let succeeded = parser.parse()
            if let error = delegate.bodyError { throw error }
            if delegate.rootName == nil && !delegate.stoppedAtHeader { throw OSMError.notOSMFile(path: path) }
            if let rootName = delegate.rootName, rootName != "osm" { throw OSMError.notOSMFile(path: path) }
            // Parsing stopped at the tag, so the root never closed: the tag, not truncation, is the cause.
            if let tag = delegate.tagTooLong {
                throw OSMError.tagTooLong(path: path, key: tag.key, bytes: tag.bytes, limitBytes: tag.limitBytes)
            }
            if delegate.stoppedAtHeader, delegate.elementError == nil { return delegate.header }
            // A stream that ends inside the root element is truncated, whether or not libxml2 called it an error,
            // and even when the cut left a half element behind (a node whose lon was cut off): truncation is the
            // cause, so it is what the error says.
            if !delegate.rootClosed, !delegate.stoppedAtHeader { throw OSMError.truncatedFile(path: path) }
            if let elementError = delegate.elementError {
                throw OSMError.corruptBlob(path: path, reason: "XML line \(delegate.elementErrorLine): \(elementError)")
            }
            if !succeeded {
                // libxml2's error number, in words; never Foundation's "Error Domain=… (null)".
                let code = (parser.parserError as NSError?)?.code
                let reason = code.map { "it is not well-formed XML (libxml2 error \($0))" } ?? "it is not well-formed XML"
                throw OSMError.corruptBlob(path: path, reason: "XML line \(parser.lineNumber): \(reason)")
            }
            return delegate.header
        }
    }

    /// Whether the document's prolog (before its first element) holds a `<!DOCTYPE`.
    static func declaresDocumentType(_ fileURL: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: fileURL) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 64 * 1024)) ?? Data(), as: UTF8.self)
        guard let doctype = head.range(of: "<!DOCTYPE", options: .caseInsensitive) else { return false }
        let firstElement = head.range(of: "<osm")?.lowerBound ?? head.endIndex
        return doctype.lowerBound < firstElement
    }

    /// The first thing in the file that Foundation's `XMLParser` (6.3) crashes on, with its line, or nil: a byte
    /// that is not UTF-8 (in an element's or an attribute's name it traps), or a processing instruction without
    /// data, `<?target?>` (it reads the missing data as a C string). OSM XML has neither, and such a file never
    /// reaches the parser. A character cut off at the very end is left to the parser, which reports the file as
    /// truncated.
    static func firstCrashForXMLParser(_ fileURL: URL) -> (line: Int, problem: String)? {
        guard let handle = try? FileHandle(forReadingFrom: fileURL) else { return nil }
        defer { try? handle.close() }
        var line = 1
        var carried: [UInt8] = []
        var instructions = DatalessInstructionScan()
        while let data = try? handle.read(upToCount: 1 << 20), !data.isEmpty {
            let chunk = carried + [UInt8](data)
            let end = UTF8Check.endOfWholeCharacters(chunk)
            let invalid = UTF8Check.firstInvalidOffset(chunk[..<end])
            if let instruction = instructions.find(in: chunk[..<(invalid ?? end)]) {
                let problem = "a processing instruction without data (<?…?>), which OSM XML never has"
                return (line + chunk[..<instruction].count { $0 == 0x0A }, problem)
            }
            if let invalid {
                return (line + chunk[..<invalid].count { $0 == 0x0A }, "the text is not UTF-8, as OSM XML always is")
            }
            line += chunk[..<end].count { $0 == 0x0A }
            carried = Array(chunk[end...])
        }
        return nil
    }

    func parseGzipped(
        fileURL: URL, kinds: OSMElementKinds, body: (OSMElement) throws -> Void
    ) throws -> OSMHeader {
        let temporary = FileManager.default.temporaryDirectory
            .appendingPathComponent("osm-\(UUID().uuidString).osm")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try inflate(fileURL, into: temporary)
        return try parse(fileURL: temporary, kinds: kinds, body: body)
    }

    func inflate(_ source: URL, into target: URL) throws {
        guard FileManager.default.createFile(atPath: target.path, contents: nil) else {
            throw OSMError.unreadable(path: path, reason: "cannot create a temporary file")
        }
        let input = try FileHandle(forReadingFrom: source)
        defer { try? input.close() }
        let output = try FileHandle(forWritingTo: target)
        defer { try? output.close() }
        let inflater: StreamInflater
        do { inflater = try StreamInflater() } catch {
            throw OSMError.corruptBlob(path: path, reason: "\(error)")
        }
        var inflatedBytes = 0
        while let chunk = try input.read(upToCount: 256 * 1024), !chunk.isEmpty {
            do {
                try inflater.inflate([UInt8](chunk)) { piece in
                    inflatedBytes += piece.count
                    try output.write(contentsOf: piece)
                }
            } catch let failure as Inflate.Failure {
                throw OSMError.corruptBlob(path: path, reason: "gzip: \(failure)")
            }
            if inflater.finished { break }
        }
        guard inflater.finished else { throw OSMError.truncatedFile(path: path) }
        guard inflatedBytes > 0 else { throw OSMError.emptyFile(path: path) }
    }
}

/// The SAX callbacks: builds one element at a time from `<node>`, `<way>`, `<relation>` and their children.
private final class OSMXMLDelegate: NSObject, XMLParserDelegate {
    let kinds: OSMElementKinds
    let body: (OSMElement) throws -> Void
    var header = OSMHeader()
    var rootName: String?
    var rootClosed = false
    var stoppedAtHeader = false
    var bodyError: (any Error)?
    var elementError: String?
    /// The tag that broke ``OSMLimits``, when that is why parsing stopped.
    var tagTooLong: TagTooLong?
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

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        guard rootName != nil else {
            rootName = elementName
            header.writingProgram = attributes["generator"]
            if elementName != "osm" { parser.abortParsing() }
            return
        }
        guard elementError == nil else { return }
        switch elementName {
        case "bounds":
            if let south = double(attributes["minlat"]), let west = double(attributes["minlon"]),
                let north = double(attributes["maxlat"]), let east = double(attributes["maxlon"])
            {
                let box = BoundingBox(south: south, west: west, north: north, east: east)
                guard box.isWithinRange else {
                    fail(parser, "<bounds> out of range")
                    return
                }
                header.boundingBox = box
            }
        case "node", "way", "relation":
            if kinds.isEmpty {
                stoppedAtHeader = true
                parser.abortParsing()
                return
            }
            guard let id = attributes["id"].flatMap({ Int64($0) }) else {
                fail(parser, "<\(elementName)> without a numeric id")
                return
            }
            tags = [:]
            refs = []
            members = []
            switch elementName {
            case "node":
                guard let lat = double(attributes["lat"]), let lon = double(attributes["lon"]),
                    let coordinate = try? Coordinate(latitude: lat, longitude: lon)
                else {
                    // Deleted nodes in change files have no position; a plain extract's nodes always do.
                    fail(parser, "node \(id) without a valid lat/lon")
                    return
                }
                pending = .node(id: id, coordinate: coordinate)
            case "way": pending = .way(id: id)
            default: pending = .relation(id: id)
            }
        case "tag":
            if let key = attributes["k"] {
                let value = attributes["v"] ?? ""
                if let violation = OSMLimits.violation(key: key, value: value) {
                    tagTooLong = violation
                    fail(parser, "a tag is too long")
                    parser.abortParsing()
                    return
                }
                tags[key] = value
            }
        case "nd":
            if let ref = attributes["ref"].flatMap({ Int64($0) }) { refs.append(ref) }
        case "member":
            guard let ref = attributes["ref"].flatMap({ Int64($0) }),
                let kind = attributes["type"].flatMap({ OSMMember.Kind(rawValue: $0) })
            else {
                fail(parser, "<member> without a type and ref")
                return
            }
            members.append(OSMMember(kind: kind, ref: ref, role: attributes["role"] ?? ""))
        default: break
        }
    }

    func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?
    ) {
        if elementName == "osm" {
            rootClosed = true
            return
        }
        guard elementError == nil else { return }
        let element: OSMElement?
        switch (elementName, pending) {
        case ("node", .node(let id, let coordinate)?):
            element = kinds.contains(.nodes) ? .node(OSMNode(id: id, coordinate: coordinate, tags: tags)) : nil
        case ("way", .way(let id)?):
            element = kinds.contains(.ways) ? .way(OSMWay(id: id, nodeRefs: refs, tags: tags)) : nil
        case ("relation", .relation(let id)?):
            element =
                kinds.contains(.relations) ? .relation(OSMRelation(id: id, members: members, tags: tags)) : nil
        case ("osm", _):
            rootClosed = true
            return
        default:
            return
        }
        pending = nil
        guard let element else { return }
        do { try body(element) } catch {
            bodyError = error
            parser.abortParsing()
        }
    }

    /// Records the first bad element and reads on without delivering anything more, so that a file cut in the
    /// middle of an element is still recognised as truncated when the stream ends.
    private func fail(_ parser: XMLParser, _ message: String) {
        guard elementError == nil else { return }
        elementError = message
        elementErrorLine = parser.lineNumber
    }

    private func double(_ text: String?) -> Double? {
        text.flatMap { Double($0) }
    }
}

/// UTF-8 validation for text read in chunks.
enum UTF8Check {
    /// The offset of the first byte that does not start a valid UTF-8 character, or nil when all of `bytes` is UTF-8.
    static func firstInvalidOffset(_ bytes: ArraySlice<UInt8>) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .error: return offset
            case .emptyInput: return nil
            }
        }
    }

    /// Where `bytes` ends, less a multi-byte character its last bytes begin but do not finish.
    static func endOfWholeCharacters(_ bytes: [UInt8]) -> Int {
        for start in stride(from: bytes.count - 1, through: max(0, bytes.count - 3), by: -1) {
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return start + length > bytes.count ? start : bytes.count
            }
        }
        return bytes.count
    }
}

/// Finds `<?target?>`, a processing instruction with a target and no data, in text fed piece by piece (one split
/// between two pieces too).
struct DatalessInstructionScan {
    private enum State { case text, lessThan, questionMark, target, closing }
    private var state = State.text

    /// The index in `bytes` of the `>` that ends such an instruction, if one does.
    mutating func find(in bytes: ArraySlice<UInt8>) -> Int? {
        for index in bytes.indices {
            let byte = bytes[index]
            switch (state, byte) {
            case (.closing, UInt8(ascii: ">")): return index
            case (_, UInt8(ascii: "<")): state = .lessThan
            case (.lessThan, UInt8(ascii: "?")): state = .questionMark
            case (.target, UInt8(ascii: "?")): state = .closing
            case (.questionMark, _), (.target, _):
                let endsName = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "?"), UInt8(ascii: ">")].contains(byte)
                state = endsName ? .text : .target
            default: state = .text
            }
        }
        return nil
    }
}
