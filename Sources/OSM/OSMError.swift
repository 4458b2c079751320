/// Everything that can go wrong while reading an OpenStreetMap extract, one line each.
public enum OSMError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file ends in the middle of a blob, a header or an XML element.
    case truncatedFile(path: String)
    /// The file is neither OSM PBF nor OSM XML.
    case notOSMFile(path: String)
    /// The file has no bytes at all.
    case emptyFile(path: String)
    /// A blob or block could not be decoded (bad protobuf, bad compression, bad XML); `reason` says what.
    case corruptBlob(path: String, reason: String)
    /// The file needs something this reader does not do (a required feature, LZMA or zstd blobs, history).
    case unsupportedFeature(path: String, feature: String)
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// A tag's value is longer than ``OSMLimits`` allow.
    case tagTooLong(path: String, key: String, bytes: Int, limitBytes: Int)

    /// One line: the file, then what is wrong with it.
    public var description: String {
        switch self {
        case .truncatedFile(let path): "\(path): the file is truncated (it ends in the middle of its data)"
        case .notOSMFile(let path): "\(path): not an OpenStreetMap file (expected .osm.pbf, .osm or .osm.gz)"
        case .emptyFile(let path): "\(path): the file is empty"
        case .corruptBlob(let path, let reason): "\(path): corrupt data: \(reason)"
        case .unsupportedFeature(let path, let feature): "\(path): unsupported feature: \(feature)"
        case .unreadable(let path, let reason): "\(path): cannot read the file: \(reason)"
        case .tagTooLong(let path, let key, let bytes, let limitBytes):
            "\(path): a '\(key.count > 40 ? String(key.prefix(40)) + "…" : key)' tag is \(bytes) bytes long; "
                + "planner reads \(key == "name" ? "names" : "tag values") of at most \(limitBytes) bytes"
        }
    }
}

/// A decoding failure inside a blob, before the reader knows which file it came from.
struct ProtobufError: Error {
    let reason: String
    /// Set when the block is sound but a tag in it is longer than ``OSMLimits`` allow.
    var tagTooLong: TagTooLong? = nil
}
