import Foundation

/// The encodings of an OpenStreetMap extract that `OSMReader` reads.
public enum OSMFileFormat: String, Sendable, Equatable {
    /// Protocolbuffer Binary Format (`.osm.pbf`).
    case pbf
    /// OSM XML (`.osm`).
    case xml
    /// Gzipped OSM XML (`.osm.gz`).
    case gzippedXML = "xml.gz"
}

/// Reads an OpenStreetMap extract (PBF, XML or gzipped XML, told apart by their first bytes) as a stream of
/// elements. Memory is bounded by one PBF blob (≤ 32 MiB) or one XML element, plus whatever the caller keeps.
///
/// ```swift
/// let reader = try OSMReader(url: URL(fileURLWithPath: "helsinki.osm.pbf"))
/// try reader.read(.nodes) { element in if case .node(let node) = element, node.tags["amenity"] == "cinema" { … } }
/// ```
public struct OSMReader: Sendable {
    /// The file being read.
    public let url: URL
    /// The file's encoding, from its first bytes.
    public let format: OSMFileFormat

    /// Opens `url` and recognises its format.
    /// - Throws: `OSMError.emptyFile`, `.notOSMFile` or `.unreadable`.
    public init(url: URL) throws(OSMError) {
        self.url = url
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        let start: [UInt8]
        do { start = [UInt8](try handle.read(upToCount: 64) ?? Data()) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        guard let first = start.first else { throw .emptyFile(path: url.path) }
        if start.count >= 2, first == 0x1F, start[1] == 0x8B {
            format = .gzippedXML
        } else if Self.looksLikeXML(start) {
            format = .xml
        } else if start.count >= 4, start[0] == 0, start[1] <= 1 {
            format = .pbf
        } else if start.count < 4, start.allSatisfy({ $0 == 0 }) {
            throw .truncatedFile(path: url.path)
        } else {
            throw .notOSMFile(path: url.path)
        }
    }

    /// Reads only the extract's header (for PBF: the first blob; for XML: up to `<bounds>`).
    public func header() throws(OSMError) -> OSMHeader {
        switch format {
        case .pbf:
            var blobs = try PBFBlobReader(url: url)
            defer { blobs.close() }
            guard let blob = try blobs.next() else { throw .emptyFile(path: url.path) }
            return try decodeHeader(blob)
        case .xml, .gzippedXML:
            do { return try read([]) { _ in } } catch let error as OSMError { throw error } catch {
                throw .unreadable(path: url.path, reason: "\(error)")
            }
        }
    }

    /// Streams every element of the requested kinds, in file order, to `body`.
    /// - Returns: the extract's header.
    /// - Throws: an `OSMError` for a bad file, or whatever `body` throws.
    @discardableResult
    public func read(_ kinds: OSMElementKinds = .all, _ body: (OSMElement) throws -> Void) throws -> OSMHeader {
        switch format {
        case .pbf: return try readPBF(kinds, body)
        case .xml: return try OSMXMLReader(path: url.path).parse(fileURL: url, kinds: kinds, body: body)
        case .gzippedXML: return try OSMXMLReader(path: url.path).parseGzipped(fileURL: url, kinds: kinds, body: body)
        }
    }

    private func readPBF(_ kinds: OSMElementKinds, _ body: (OSMElement) throws -> Void) throws -> OSMHeader {
        var blobs = try PBFBlobReader(url: url)
        defer { blobs.close() }
        guard let first = try blobs.next() else { throw OSMError.emptyFile(path: url.path) }
        let header = try decodeHeader(first)
        while let blob = try blobs.next() {
            guard blob.type == "OSMData" else { continue }  // Unknown blob types are skipped, as the spec says.
            do {
                try PBFPrimitiveBlock.decode(blob.data, kinds: kinds, body: body)
            } catch let error as ProtobufError {
                if let tag = error.tagTooLong {
                    throw OSMError.tagTooLong(path: url.path, key: tag.key, bytes: tag.bytes, limitBytes: tag.limitBytes)
                }
                throw OSMError.corruptBlob(path: url.path, reason: "PrimitiveBlock: \(error.reason)")
            }
        }
        return header
    }

    private func decodeHeader(_ blob: PBFBlobReader.Blob) throws(OSMError) -> OSMHeader {
        let header: OSMHeader
        do { header = try PBFPrimitiveBlock.decodeHeader(blob.data) } catch {
            throw .corruptBlob(path: url.path, reason: "HeaderBlock: \(error.reason)")
        }
        if let unknown = header.requiredFeatures.first(where: { !PBFPrimitiveBlock.supportedFeatures.contains($0) }) {
            throw .unsupportedFeature(path: url.path, feature: "required feature \(unknown)")
        }
        return header
    }

    private static func looksLikeXML(_ start: [UInt8]) -> Bool {
        var bytes = start[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
        return first == UInt8(ascii: "<")
    }
}
