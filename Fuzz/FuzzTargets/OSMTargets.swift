// Debug builds only, for `@testable import` (FuzzTarget.swift).
#if DEBUG
import Foundation
import Geo
@testable import OSM

extension FuzzTarget {
    /// A whole extract file through `OSMReader`: PBF blobs, their zlib data, the header and each primitive block.
    static let pbfFile = FuzzTarget(name: "pbf-file", summary: "an .osm.pbf file, blob by blob (OSMReader)") { bytes in
        readExtract(bytes, fileName: "input.osm.pbf")
    }

    /// One blob's payload: a `HeaderBlock` and a `PrimitiveBlock` (string table, nodes, dense nodes, ways,
    /// relations).
    static let pbfBlock = FuzzTarget(name: "pbf-block", summary: "a PBF HeaderBlock / PrimitiveBlock") { bytes in
        if let header = try? PBFPrimitiveBlock.decodeHeader(bytes) { askWhetherItCovers(header) }
        try? PBFPrimitiveBlock.decode(bytes, kinds: .all) { _ in }
    }

    /// The protobuf wire format: every field read each way the PBF decoders read one, nested messages too.
    static let protobuf = FuzzTarget(name: "protobuf", summary: "protobuf varints and fields (ProtobufReader)") {
        bytes in
        var reader = ProtobufReader(bytes)
        try? readEveryWay(&reader, depth: 0)
    }

    /// OSM XML (or gzipped XML) through `OSMReader`, as `planner areas import` reads it.
    static let osmXML = FuzzTarget(name: "osm-xml", summary: "an .osm / .osm.gz file (OSMReader, XMLScanner)") {
        bytes in
        readExtract(bytes, fileName: "input.osm")
    }

    /// zlib and gzip inflation: streamed in two chunks (as `.osm.gz` files are), then in one go with the size
    /// streaming found (as a PBF blob's `raw_size` gives it).
    static let gzip = FuzzTarget(name: "gzip", summary: "zlib / gzip inflation (Inflate, StreamInflater)") { bytes in
        let limit = 64 << 20
        var inflated = 0
        let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        if let inflater = try? StreamInflater() {
            do {
                for chunk in [Array(bytes[..<split]), Array(bytes[split...])] {
                    try inflater.inflate(chunk) { piece in
                        inflated += piece.count
                        if inflated > limit { throw StopReading() }
                    }
                }
            } catch {}
        }
        _ = try? Inflate.zlib(bytes[...], rawSize: min(inflated, limit))
    }
}

/// Reads every element and the header of an extract held in `bytes`, as a file named `fileName`.
private func readExtract(_ bytes: [UInt8], fileName: String) {
    let url = ScratchFile.write(bytes, name: fileName)
    guard let reader = try? OSMReader(url: url) else { return }
    if let header = try? reader.header() { askWhetherItCovers(header) }
    _ = try? reader.read(.all) { _ in }
}

/// What an import does with the header's box: it becomes the saved area's box, which `planner` asks whether it
/// holds the origin (one inside its band of latitudes).
private func askWhetherItCovers(_ header: OSMHeader) {
    guard let box = header.boundingBox else { return }
    let middle = (box.south + box.north) / 2
    if abs(middle) <= 90 { _ = box.contains(Coordinate(uncheckedLatitude: middle, longitude: 24.9384)) }
}

/// Walks a message: varints as signed and unsigned, and each length-delimited field as packed varints, packed
/// deltas, a string and a nested message.
private func readEveryWay(_ reader: inout ProtobufReader, depth: Int) throws(ProtobufError) {
    while let field = try reader.nextField() {
        switch field.wireType {
        case .varint:
            if field.number.isMultiple(of: 2) { _ = try reader.readSignedVarint() } else { _ = try reader.readInt64() }
        case .lengthDelimited:
            var packed = reader
            var values: [UInt64] = []
            try? packed.readRepeatedVarints(.lengthDelimited, into: &values)
            var deltas = reader
            var signed: [Int64] = [1]
            try? deltas.readDeltaSignedVarints(.lengthDelimited, into: &signed)
            var text = reader
            _ = try? text.readString()
            var message = try reader.readMessage()
            if depth < 16 { try? readEveryWay(&message, depth: depth + 1) }
        default:
            try reader.skip(field.wireType)
        }
    }
}
#endif
