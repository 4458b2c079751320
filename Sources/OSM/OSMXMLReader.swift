import Basics
import Foundation
import Geo
import XMLScan

/// Reads OSM XML (https://wiki.openstreetmap.org/wiki/OSM_XML) with planner's own ``XMLScanner``.
///
/// The file is mapped into memory, not read into it: the kernel pages it in as the scan goes and may drop what
/// was read. A gzipped file is first inflated chunk by chunk into a temporary file, which is deleted afterwards;
/// the cost is disk space for the inflated XML.
struct OSMXMLReader {
    let path: String

    func parse(
        fileURL: URL, kinds: OSMElementKinds, body: (OSMElement) throws -> Void
    ) throws -> OSMHeader {
        try withoutActuallyEscaping(body) { escapingBody in
            var handler = OSMXMLHandler(kinds: kinds, body: escapingBody)
            do {
                let source = try mapped(fileURL)
                try withExtendedLifetime(source) { try XMLScanner.scan(source.buffer, into: &handler) }
            } catch let error as XMLScanError {
                try explain(error, handler: handler)
            } catch let stop as OSMXMLHandler.Stop {
                switch stop {
                case .body(let error): throw error
                case .notOSM: throw OSMError.notOSMFile(path: path)
                case .tagTooLong(let tag):
                    throw OSMError.tagTooLong(path: path, key: tag.key, bytes: tag.bytes, limitBytes: tag.limitBytes)
                }
            }
            if let elementError = handler.elementError {
                throw OSMError.corruptBlob(path: path, reason: "XML line \(handler.elementErrorLine): \(elementError)")
            }
            return handler.header
        }
    }

    /// The file's bytes, mapped read-only; an empty file is no bytes.
    private func mapped(_ fileURL: URL) throws -> ByteSource {
        if let source = ByteSource(mapping: fileURL.path) { return source }
        let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
        guard attributes?[.size] as? Int == 0 else { throw OSMError.unreadable(path: path, reason: "cannot map the file into memory") }
        return ByteSource(copying: [])
    }

    /// The reader's error as the OSM error it is: a file cut inside its root element is truncated (whatever the
    /// cut left behind), one that never opened an element is not OSM, and the first bad element counts before
    /// what the reader found later.
    private func explain(_ error: XMLScanError, handler: OSMXMLHandler) throws -> Never {
        switch error.problem {
        case .documentType:
            throw OSMError.corruptBlob(
                path: path,
                reason: "the file declares a DOCTYPE (with entities), which OSM XML never has; planner does not expand them")
        case .notUTF8:
            throw OSMError.corruptBlob(path: path, reason: "XML line \(error.line): the text is not UTF-8, as OSM XML always is")
        case _ where handler.rootName == nil: throw OSMError.notOSMFile(path: path)
        case .cut: throw OSMError.truncatedFile(path: path)
        default: break
        }
        if let elementError = handler.elementError {
            throw OSMError.corruptBlob(path: path, reason: "XML line \(handler.elementErrorLine): \(elementError)")
        }
        throw OSMError.corruptBlob(path: path, reason: "XML line \(error.line): it is not well-formed XML: \(error.reason)")
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

