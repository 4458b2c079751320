import Foundation

/// Reads an OSM PBF file blob by blob: a 4-byte big-endian length, a `BlobHeader`, then a `Blob`
/// (https://wiki.openstreetmap.org/wiki/PBF_Format, `fileformat.proto`). Only one blob is in memory at a time.
struct PBFBlobReader {
    /// The largest `BlobHeader` the format allows (64 KiB).
    static let maximumHeaderBytes = 64 * 1024
    /// The largest `Blob` the format allows (32 MiB).
    static let maximumBlobBytes = 32 * 1024 * 1024

    /// One decoded blob: its type (`OSMHeader` or `OSMData`) and its inflated bytes.
    struct Blob {
        let type: String
        let data: [UInt8]
    }

    let path: String
    private let handle: FileHandle
    private var blobIndex = 0

    init(url: URL) throws(OSMError) {
        path = url.path
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    func close() {
        try? handle.close()
    }

    /// The next blob, inflated, or nil at a clean end of file.
    mutating func next() throws(OSMError) -> Blob? {
        let isFirst = blobIndex == 0
        blobIndex += 1
        let prefix = try read(4)
        if prefix.isEmpty { return nil }
        guard prefix.count == 4 else { throw .truncatedFile(path: path) }
        let headerLength = prefix.reduce(0) { $0 << 8 | Int($1) }
        guard headerLength > 0, headerLength <= Self.maximumHeaderBytes else {
            if isFirst { throw .notOSMFile(path: path) }
            throw .corruptBlob(path: path, reason: "BlobHeader length \(headerLength) is out of range")
        }
        let headerBytes = try read(headerLength)
        guard headerBytes.count == headerLength else { throw .truncatedFile(path: path) }
        let header: (type: String, dataSize: Int)
        do { header = try Self.decodeBlobHeader(headerBytes) } catch {
            if isFirst { throw .notOSMFile(path: path) }
            throw .corruptBlob(path: path, reason: "BlobHeader: \(error.reason)")
        }
        if isFirst && header.type != "OSMHeader" { throw .notOSMFile(path: path) }
        guard header.dataSize >= 0, header.dataSize <= Self.maximumBlobBytes else {
            throw .corruptBlob(path: path, reason: "Blob size \(header.dataSize) is out of range")
        }
        let blobBytes = try read(header.dataSize)
        guard blobBytes.count == header.dataSize else { throw .truncatedFile(path: path) }
        return Blob(type: header.type, data: try decodeBlob(blobBytes))
    }

    private func read(_ count: Int) throws(OSMError) -> [UInt8] {
        if count == 0 { return [] }
        do {
            guard let data = try handle.read(upToCount: count) else { return [] }
            return [UInt8](data)
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }

    /// `BlobHeader { required string type = 1; optional bytes indexdata = 2; required int32 datasize = 3; }`
    static func decodeBlobHeader(_ bytes: [UInt8]) throws(ProtobufError) -> (type: String, dataSize: Int) {
        var reader = ProtobufReader(bytes)
        var type: String?
        var dataSize: Int?
        while let field = try reader.nextField() {
            switch (field.number, field.wireType) {
            case (1, .lengthDelimited): type = try reader.readString()
            case (3, .varint): dataSize = Int(truncatingIfNeeded: try reader.readInt64())
            default: try reader.skip(field.wireType)
            }
        }
        guard let type, let dataSize else { throw ProtobufError(reason: "BlobHeader lacks type or datasize") }
        return (type, dataSize)
    }

    /// `Blob { bytes raw = 1; int32 raw_size = 2; bytes zlib_data = 3; bytes lzma_data = 4; …; lz4_data = 6;
    /// zstd_data = 7 }`
    private func decodeBlob(_ bytes: [UInt8]) throws(OSMError) -> [UInt8] {
        var reader = ProtobufReader(bytes)
        var rawSize: Int?
        var zlibRange: Range<Int>?
        do {
            while let field = try reader.nextField() {
                switch (field.number, field.wireType) {
                case (1, .lengthDelimited): return try reader.readBytes()
                case (2, .varint): rawSize = Int(truncatingIfNeeded: try reader.readInt64())
                case (3, .lengthDelimited): zlibRange = try reader.readLengthDelimited()
                case (4, _): throw OSMError.unsupportedFeature(path: path, feature: "LZMA-compressed blobs")
                case (5, _): throw OSMError.unsupportedFeature(path: path, feature: "bzip2-compressed blobs")
                case (6, _): throw OSMError.unsupportedFeature(path: path, feature: "LZ4-compressed blobs")
                case (7, _): throw OSMError.unsupportedFeature(path: path, feature: "zstd-compressed blobs")
                default: try reader.skip(field.wireType)
                }
            }
        } catch let error as OSMError {
            throw error
        } catch let error as ProtobufError {
            throw .corruptBlob(path: path, reason: "Blob: \(error.reason)")
        } catch {
            throw .corruptBlob(path: path, reason: "Blob: \(error)")
        }
        guard let zlibRange else { throw .corruptBlob(path: path, reason: "Blob has no data") }
        guard let rawSize, rawSize <= Self.maximumBlobBytes else {
            throw .corruptBlob(path: path, reason: "zlib Blob lacks a valid raw_size")
        }
        do { return try Inflate.zlib(bytes[zlibRange], rawSize: rawSize) } catch {
            throw .corruptBlob(path: path, reason: "\(error)")
        }
    }
}
