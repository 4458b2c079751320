import Basics
#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Geo

/// The saved form of a `RoadArea`:
///
/// ```
/// "PLNRAREA"  8 bytes magic
/// UInt32      format version (RoadArea.fileFormatVersion)
/// UInt64 n, UInt64 FNV-1a, n bytes   the summary block (name, source, box, dates, counts, statistics)
/// UInt64 m, UInt64 FNV-1a, m bytes   the body block (places, the number of graphs; up to format 4, the graphs)
/// UInt64 g, UInt64 FNV-1a, g bytes   from format 5, one block per graph: its mode, arrays, hierarchy and
///                                    preparation (`GraphPreparation`)
/// ```
/// All numbers little-endian. `areas list` reads only the summary block. The graph arrays are raw little-endian
/// values, each read with one copy; format 5 checksums the blocks over four lanes of 8-byte words
/// (`FNV1a.hashFourLanes`), format 4 over one (`FNV1a.hashWords`), format 3 byte by byte; both are still read. A
/// command that routes one mode checks and reads only that graph's block.
extension RoadArea {
    /// The magic bytes a graph file starts with.
    public static let fileMagic: [UInt8] = Array("PLNRAREA".utf8)
    /// The format version this build writes. Version 2 added each graph's edge weights, version 3 its landmarks
    /// (A* with landmarks, for turn-aware graphs), version 4 its contraction hierarchy over turns and a checksum
    /// over 8-byte words (a file loads in a sixth of the time), version 5 each graph's preparation (incoming edges,
    /// snapping index, goal bound) in a block of its own, checksummed over four lanes. Versions 3 and 4 are still
    /// read (their graphs are prepared when first routed, as before; version 3 is checksummed byte by byte, and its
    /// car routes run by A* with landmarks: the same routes, slower); an older file is refused with
    /// `RoutingError.unsupportedGraphVersion` (import the extract again).
    public static let fileFormatVersion: UInt32 = 5
    /// The oldest format version this build reads.
    public static let oldestReadableFormatVersion: UInt32 = 3

    /// The checksum of a block in a file of format `version`.
    static func checksum(_ block: UnsafeRawBufferPointer, version: UInt32) -> UInt64 {
        version >= 5 ? FNV1a.hashFourLanes(block) : version >= 4 ? FNV1a.hashWords(block) : FNV1a.hash(block)
    }

    /// Writes the area to `url` atomically (a temporary file beside it, then renamed).
    ///
    /// Each graph's block is encoded once, into a buffer reserved at its final size, written from there, and let go
    /// before the next: at region scale the graphs' bytes are the largest allocation of an import (≈ 1 GB for 5 M
    /// nodes, in one buffer up to format 4), and copying them behind the header, then into a `Data`, used to
    /// triple it.
    public func write(to url: URL) throws {
        let version = Self.fileFormatVersion
        let body = encodeBody(version: version)
        let head = fileHead(body: body, version: version)
        Self.removeAbandonedTemporaries(of: url)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            /// Writes `bytes` from where they lie (a `Data` over them, not a copy).
            func write(_ bytes: [UInt8]) throws {
                try bytes.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress, raw.count > 0 else { return }
                    try handle.write(
                        contentsOf: Data(
                            bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: raw.count, deallocator: .none))
                }
            }
            try write(head)
            try write(body)
            for mode in graphModes where version >= 5 {
                let block = Self.encodeGraphBlock(graphs[mode]!)
                try write(Self.blockHead(block, version: version))
                try write(block)
            }
            try handle.synchronize()
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Removes `.NAME.PID.tmp` files beside `url` left by writers that no longer run (killed mid-write), so that
    /// they never pile up; a writer that still runs keeps its own.
    static func removeAbandonedTemporaries(of url: URL) {
        let directory = url.deletingLastPathComponent()
        let prefix = ".\(url.lastPathComponent)."
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            guard let pid = Int32(name.dropFirst(prefix.count).dropLast(4)) else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// The file's bytes in format `version`: this build's, or 3 (no hierarchies, byte-wise checksums) or 4 (no
    /// preparations, the graphs inside the body block), which the tests write to check that older files still read.
    func fileBytes(version: UInt32 = RoadArea.fileFormatVersion) -> [UInt8] {
        let body = encodeBody(version: version)
        var bytes = fileHead(body: body, version: version) + body
        for mode in graphModes where version >= 5 {
            let block = Self.encodeGraphBlock(graphs[mode]!)
            bytes += Self.blockHead(block, version: version) + block
        }
        return bytes
    }

    /// The modes whose graphs the file holds, in the order written.
    private var graphModes: [TravelMode] { TravelMode.allCases.filter { graphs[$0] != nil } }

    /// Everything before the body's bytes: magic, version, the summary block, then the body's length and checksum.
    private func fileHead(body: [UInt8], version: UInt32) -> [UInt8] {
        var head = BinaryWriter()
        head.append(Self.fileMagic)
        head.write(version)
        let summary = encodeSummary()
        head.append(Self.blockHead(summary, version: version))
        head.append(summary)
        head.append(Self.blockHead(body, version: version))
        return head.bytes
    }

    /// What goes before a block's bytes: their length and checksum.
    private static func blockHead(_ block: [UInt8], version: UInt32) -> [UInt8] {
        var head = BinaryWriter()
        head.write(UInt64(block.count))
        head.write(block.withUnsafeBytes { checksum($0, version: version) })
        return head.bytes
    }

    /// Loads an area saved by `write(to:)`.
    /// - Parameter modes: the modes whose graphs to read (nil: all). The others' bytes are checksummed with the
    ///   rest but not read: a command that routes on foot copies and checks only the walking graph (two fifths of
    ///   the bundled file). ``modesWithRoads`` still names them.
    /// - Throws: `RoutingError.notAGraphFile`, `.unsupportedGraphVersion` or `.corruptGraphFile`.
    public init(contentsOf url: URL, modes: [TravelMode]? = nil) throws {
        try self.init(source: try Self.readFile(url), path: url.path, modes: modes)
    }

    /// Decodes the bytes of a saved area; `path` names the file in errors.
    /// - Throws: `RoutingError.notAGraphFile`, `.unsupportedGraphVersion` or `.corruptGraphFile`.
    init(bytes: [UInt8], path: String, modes: [TravelMode]? = nil) throws {
        try self.init(source: ByteSource(copying: bytes), path: path, modes: modes)
    }

    private init(source: ByteSource, path: String, modes: [TravelMode]?) throws {
        var (reader, version) = try Self.openBlocks(source, path: path)
        var summaryReader = try Self.readBlock(&reader, version: version, path: path)
        var body = try Self.readBlock(&reader, version: version, path: path)
        do throws(BinaryReader.Failure) {
            let summary = try RoadAreaSummary.decode(&summaryReader)
            // Grown one place at a time: the count is the file's word, and reserving for it up front would let
            // a damaged count ask for terabytes.
            var places: [AreaPlace] = []
            for _ in 0..<Int(try body.read(UInt32.self)) { places.append(try AreaPlace.decode(&body)) }
            var graphs: [TravelMode: RoadGraph] = [:]
            var unloaded: [TravelMode] = []
            for _ in 0..<Int(try body.read(UInt8.self)) {
                // Up to format 4 the graphs follow in the body; from 5 each is a block of its own, checksummed
                // only when its mode is read.
                let (block, checksum) = version >= 5 ? try Self.nextBlock(&reader) : (body, nil)
                var graphBytes = block
                let mode = try Self.decodeMode(&graphBytes)
                if let modes, !modes.contains(mode) {
                    if try Self.skipGraph(&graphBytes, hasHierarchy: version >= 4) > 0 { unloaded.append(mode) }
                } else {
                    if let checksum, block.withUnreadBytes({ Self.checksum($0, version: version) }) != checksum {
                        throw BinaryReader.Failure(reason: "checksum mismatch")
                    }
                    graphs[mode] = try Self.decodeGraph(
                        &graphBytes, mode: mode, hasHierarchy: version >= 4, hasPreparation: version >= 5)
                }
                if version < 5 { body = graphBytes }
            }
            self.init(
                name: summary.name, sourceFileName: summary.sourceFileName, boundingBox: summary.boundingBox,
                importedAt: summary.importedAt, graphs: graphs, places: places, statistics: summary.statistics,
                unloadedModesWithRoads: unloaded)
        } catch {
            throw RoutingError.corruptGraphFile(path: path, reason: error.reason)
        }
    }

    /// Reads only the summary block of a saved area (cheap: for `areas list`).
    public static func summary(contentsOf url: URL) throws -> RoadAreaSummary {
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: url) } catch {
            throw RoutingError.corruptGraphFile(path: url.path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        let head = [UInt8](try handle.read(upToCount: 28) ?? Data())
        var (reader, _) = try openBlocks(ByteSource(copying: head), path: url.path)
        let length = (try? reader.read(UInt64.self)) ?? 0
        guard length < 64 * 1024 * 1024 else {
            throw RoutingError.corruptGraphFile(path: url.path, reason: "summary block length \(length)")
        }
        let rest = [UInt8](try handle.read(upToCount: Int(length)) ?? Data())
        var (full, version) = try openBlocks(ByteSource(copying: head + rest), path: url.path)
        var block = try readBlock(&full, version: version, path: url.path)
        do {
            return try RoadAreaSummary.decode(&block)
        } catch {
            throw RoutingError.corruptGraphFile(path: url.path, reason: error.reason)
        }
    }

    /// The file's bytes: mapped read-only (``ByteSource``), or, where that cannot be done, read by Foundation,
    /// whose error has the words to say why.
    private static func readFile(_ url: URL) throws -> ByteSource {
        if let mapped = ByteSource(mapping: url.path) { return mapped }
        do { return ByteSource(copying: [UInt8](try Data(contentsOf: url))) } catch {
            throw RoutingError.corruptGraphFile(path: url.path, reason: error.localizedDescription)
        }
    }

    /// A reader after the magic and the version, and the version.
    private static func openBlocks(_ source: ByteSource, path: String) throws(RoutingError) -> (BinaryReader, UInt32) {
        let bytes = source.buffer
        guard bytes.count >= fileMagic.count, bytes.prefix(fileMagic.count).elementsEqual(fileMagic) else {
            throw .notAGraphFile(path: path)
        }
        var reader = BinaryReader(source, position: fileMagic.count)
        guard let version = try? reader.read(UInt32.self) else {
            throw .corruptGraphFile(path: path, reason: "the file ends early")
        }
        guard (oldestReadableFormatVersion...fileFormatVersion).contains(version) else {
            throw .unsupportedGraphVersion(path: path, version: version)
        }
        return (reader, version)
    }

    /// A reader over the next block (a view of the file's bytes, not a copy), once its checksum matches.
    private static func readBlock(_ reader: inout BinaryReader, version: UInt32, path: String) throws(RoutingError)
        -> BinaryReader
    {
        do throws(BinaryReader.Failure) {
            let (block, checksum) = try nextBlock(&reader)
            guard block.withUnreadBytes({ Self.checksum($0, version: version) }) == checksum else {
                throw BinaryReader.Failure(reason: "checksum mismatch")
            }
            return block
        } catch {
            throw .corruptGraphFile(path: path, reason: error.reason)
        }
    }

    /// A reader over the next block and the checksum its head gives, not checked yet.
    private static func nextBlock(_ reader: inout BinaryReader) throws(BinaryReader.Failure)
        -> (reader: BinaryReader, checksum: UInt64?)
    {
        let length = try reader.read(UInt64.self)
        let checksum = try reader.read(UInt64.self)
        guard length <= UInt64(reader.remaining) else { throw BinaryReader.Failure(reason: "the file ends early") }
        return (try reader.block(Int(length)), checksum)
    }

    private func encodeSummary() -> [UInt8] {
        var writer = BinaryWriter()
        summary.encode(&writer)
        return writer.bytes
    }

    /// The places and the number of graphs, then up to format 4 the graphs.
    private func encodeBody(version: UInt32) -> [UInt8] {
        let graphBytes = version >= 5 ? 0 : graphs.values.reduce(0) { $0 + Self.encodedBytes(of: $1) }
        var writer = BinaryWriter(reservingCapacity: (1 << 16) + graphBytes)
        writer.write(UInt32(places.count))
        for place in places { place.encode(&writer) }
        writer.write(UInt8(graphModes.count))
        for mode in graphModes where version < 5 {
            Self.encodeGraph(graphs[mode]!, withHierarchy: version >= 4, &writer)
        }
        return writer.bytes
    }

    /// A graph's block in format 5: its mode, arrays and hierarchy as format 4 wrote them, then its preparation
    /// (the one it was read with, or worked out now).
    private static func encodeGraphBlock(_ graph: RoadGraph) -> [UInt8] {
        var writer = BinaryWriter(
            reservingCapacity: encodedBytes(of: graph) + GraphPreparation.encodedBytes(of: graph))
        encodeGraph(graph, withHierarchy: true, &writer)
        writer.write(true)
        (graph.preparation ?? GraphPreparation(graph)).encode(&writer)
        return writer.bytes
    }

    /// About the bytes `encodeGraph` writes for `graph` (its arrays), to reserve the body's buffer once.
    private static func encodedBytes(of graph: RoadGraph) -> Int {
        let nodes = graph.nodeCount * (8 + 8 + 8) + (graph.nodeCount + 1) * 4
        let edges = graph.edgeCount * (4 + 8 + 8 + 8)
        let landmarks = (graph.landmarks?.fromLandmark.count ?? 0) * 4
        let hierarchy = graph.hierarchy.map { ($0.rank.count + 1) * 12 + ($0.upNodes.count + $0.downNodes.count) * 16 } ?? 0
        return nodes + edges + landmarks + hierarchy + 20 * 8
    }

    private static func encodeGraph(_ graph: RoadGraph, withHierarchy: Bool, _ writer: inout BinaryWriter) {
        writer.write(graph.mode.rawValue)
        writer.writeArray(graph.latitudes)
        writer.writeArray(graph.longitudes)
        writer.writeArray(graph.osmNodeIDs)
        writer.writeArray(graph.edgeOffsets)
        writer.writeArray(graph.edgeTargets)
        writer.writeArray(graph.edgeDurationsSeconds)
        writer.writeArray(graph.edgeLengthsMeters)
        writer.writeArray(graph.edgeWeightsSeconds)
        writer.writeArray(graph.landmarks?.nodes ?? [])
        writer.writeArray(graph.landmarks?.fromLandmark ?? [])
        writer.writeArray(graph.landmarks?.toLandmark ?? [])
        guard withHierarchy else { return }
        let hierarchy = graph.hierarchy
        writer.writeArray(hierarchy?.rank ?? [])
        writer.writeArray(hierarchy?.upOffsets ?? [])
        writer.writeArray(hierarchy?.upNodes ?? [])
        writer.writeArray(hierarchy?.upWeightsSeconds ?? [])
        writer.writeArray(hierarchy?.upMiddles ?? [])
        writer.writeArray(hierarchy?.downOffsets ?? [])
        writer.writeArray(hierarchy?.downNodes ?? [])
        writer.writeArray(hierarchy?.downWeightsSeconds ?? [])
        writer.writeArray(hierarchy?.downMiddles ?? [])
    }

    /// The travel mode a graph's bytes start with.
    private static func decodeMode(_ reader: inout BinaryReader) throws(BinaryReader.Failure) -> TravelMode {
        let modeName = try reader.readString()
        guard let mode = TravelMode(rawValue: modeName) else {
            throw BinaryReader.Failure(reason: "unknown travel mode '\(modeName)'")
        }
        return mode
    }

    /// Steps past a graph's arrays (after its mode), checking only their lengths; returns its edge count.
    private static func skipGraph(_ reader: inout BinaryReader, hasHierarchy: Bool) throws(BinaryReader.Failure)
        -> Int
    {
        try reader.skipArray(Double.self)  // latitudes
        try reader.skipArray(Double.self)  // longitudes
        try reader.skipArray(Int64.self)  // OSM node ids
        try reader.skipArray(Int32.self)  // edge offsets
        let edges = try reader.skipArray(Int32.self)  // edge targets
        for _ in 0..<3 { try reader.skipArray(Double.self) }  // durations, lengths, weights
        try reader.skipArray(Int32.self)  // landmark nodes
        for _ in 0..<2 { try reader.skipArray(UInt16.self) }  // from and to the landmarks
        guard hasHierarchy else { return edges }
        try reader.skipArray(Int32.self)  // ranks
        for _ in 0..<2 {  // upward, then downward: offsets, nodes, weights, middles
            try reader.skipArray(Int32.self)
            try reader.skipArray(Int32.self)
            try reader.skipArray(Double.self)
            try reader.skipArray(Int32.self)
        }
        return edges
    }

    /// Reads a graph's arrays, after its mode, and checks them.
    /// - Parameter hasHierarchy: the file's format has a hierarchy section after the landmarks (version 4).
    /// - Parameter hasPreparation: the file's format has a preparation after the hierarchy (version 5).
    private static func decodeGraph(
        _ reader: inout BinaryReader, mode: TravelMode, hasHierarchy: Bool, hasPreparation: Bool
    ) throws(BinaryReader.Failure) -> RoadGraph {
        let graph = try decodeArrays(&reader, mode: mode, hasHierarchy: hasHierarchy)
        guard hasPreparation, try reader.readBool() else { return graph }
        return graph.withPreparation(try GraphPreparation.decode(&reader, for: graph))
    }

    /// The arrays, landmarks and hierarchy of `decodeGraph`.
    private static func decodeArrays(_ reader: inout BinaryReader, mode: TravelMode, hasHierarchy: Bool)
        throws(BinaryReader.Failure) -> RoadGraph
    {
        let graph = RoadGraph(
            mode: mode, latitudes: try reader.readArray(Double.self), longitudes: try reader.readArray(Double.self),
            osmNodeIDs: try reader.readArray(Int64.self), edgeOffsets: try reader.readArray(Int32.self),
            edgeTargets: try reader.readArray(Int32.self), edgeDurationsSeconds: try reader.readArray(Double.self),
            edgeLengthsMeters: try reader.readArray(Double.self), edgeWeightsSeconds: try reader.readArray(Double.self))
        try validate(graph)
        let landmarks = Landmarks(
            nodes: try reader.readArray(Int32.self), fromLandmark: try reader.readArray(UInt16.self),
            toLandmark: try reader.readArray(UInt16.self))
        guard landmarks.fromLandmark.count == landmarks.count * graph.nodeCount,
            landmarks.toLandmark.count == landmarks.fromLandmark.count,
            landmarks.nodes.allSatisfy({ $0 >= 0 && Int($0) < graph.nodeCount })
        else { throw BinaryReader.Failure(reason: "\(graph.mode) graph landmarks disagree in size") }
        let withLandmarks = landmarks.count > 0 ? graph.withLandmarks(landmarks) : graph
        guard hasHierarchy else { return withLandmarks }
        let hierarchy = TurnHierarchy(
            rank: try reader.readArray(Int32.self), upOffsets: try reader.readArray(Int32.self),
            upNodes: try reader.readArray(Int32.self), upWeightsSeconds: try reader.readArray(Double.self),
            upMiddles: try reader.readArray(Int32.self), downOffsets: try reader.readArray(Int32.self),
            downNodes: try reader.readArray(Int32.self), downWeightsSeconds: try reader.readArray(Double.self),
            downMiddles: try reader.readArray(Int32.self))
        guard !hierarchy.rank.isEmpty else { return withLandmarks }
        if let problem = hierarchy.problem(edgeCount: graph.edgeCount) {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph: \(problem)")
        }
        return withLandmarks.withHierarchy(hierarchy)
    }

    /// Checks the invariants the router relies on, so that a damaged file cannot crash it.
    private static func validate(_ graph: RoadGraph) throws(BinaryReader.Failure) {
        let nodes = graph.nodeCount
        let edges = graph.edgeCount
        guard graph.longitudes.count == nodes, graph.osmNodeIDs.count == nodes, graph.edgeOffsets.count == nodes + 1,
            graph.edgeDurationsSeconds.count == edges, graph.edgeLengthsMeters.count == edges,
            graph.edgeWeightsSeconds.count == edges,
            graph.edgeOffsets.first == 0, graph.edgeOffsets.last == Int32(edges)
        else { throw BinaryReader.Failure(reason: "\(graph.mode) graph arrays disagree in size") }
        // Every load checks every value: first in passes without a branch per value, which the compiler vectorizes;
        // only a graph they refuse is walked again below, for the first value to name.
        if Self.valuesAreSound(graph) { return }
        for node in 0..<nodes where !(abs(graph.latitudes[node]) <= 90 && abs(graph.longitudes[node]) <= 180) {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph node \(node) has an invalid coordinate")
        }
        for node in 0..<nodes where graph.edgeOffsets[node] > graph.edgeOffsets[node + 1] {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph offsets decrease at node \(node)")
        }
        for target in graph.edgeTargets where target < 0 || Int(target) >= nodes {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph has an edge to node \(target) of \(nodes)")
        }
        for duration in graph.edgeDurationsSeconds where !(duration >= 0 && duration.isFinite) {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph has an edge of duration \(duration)")
        }
        for weight in graph.edgeWeightsSeconds where !(weight >= 0 && weight.isFinite) {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph has an edge of weight \(weight)")
        }
    }

    /// Whether every check of ``validate(_:)`` after the sizes' passes: coordinates in range, offsets that never go
    /// back, edge targets among the nodes, durations and weights finite and not negative (NaN fails each, as there).
    static func valuesAreSound(_ graph: RoadGraph) -> Bool {
        let nodes = graph.nodeCount
        let offsetsRise = graph.edgeOffsets.withUnsafeBufferPointer { offsets in
            var failures = 0
            for index in 0..<nodes { failures &+= offsets[index] <= offsets[index + 1] ? 0 : 1 }
            return failures == 0
        }
        let targetsInRange = graph.edgeTargets.withUnsafeBufferPointer { targets in
            // Negative targets are above every node count as unsigned numbers.
            var largest: UInt32 = 0
            for target in targets { largest = max(largest, UInt32(bitPattern: target)) }
            return targets.isEmpty || Int(largest) < nodes
        }
        return allWithin(graph.latitudes, 90) && allWithin(graph.longitudes, 180) && offsetsRise && targetsInRange
            && allNonNegativeAndFinite(graph.edgeDurationsSeconds) && allNonNegativeAndFinite(graph.edgeWeightsSeconds)
    }

    /// `abs(value) <= limit` for every value, on the bits: without the sign, a larger double (NaN and infinity the
    /// largest) has a larger pattern.
    static func allWithin(_ values: [Double], _ limit: Double) -> Bool {
        values.withUnsafeBufferPointer { buffer in
            var largest: UInt64 = 0
            for value in buffer { largest = max(largest, value.bitPattern & 0x7FFF_FFFF_FFFF_FFFF) }
            return largest <= limit.bitPattern
        }
    }

    /// `value >= 0 && value.isFinite` for every value, on the bits: +0 and -0, or a positive pattern below
    /// infinity's.
    static func allNonNegativeAndFinite(_ values: [Double]) -> Bool {
        values.withUnsafeBufferPointer { buffer in
            var largest: UInt64 = 0
            for value in buffer {
                let bits = value.bitPattern
                largest = max(largest, bits == 0x8000_0000_0000_0000 ? 0 : bits)
            }
            return largest < Double.infinity.bitPattern
        }
    }
}
