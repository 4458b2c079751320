import Basics

/// Appends little-endian values to a byte buffer (the graph file's encoding; hosts are assumed little-endian,
/// as x86-64 and arm64 are).
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    init() {}

    /// A writer whose buffer holds `capacity` bytes before it grows (growing doubles and copies it).
    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ value: Double) {
        write(value.bitPattern)
    }

    mutating func write(_ value: String) {
        let utf8 = Array(value.utf8)
        write(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func write(_ value: Bool) {
        write(UInt8(value ? 1 : 0))
    }

    /// Writes a count then the elements' raw bytes.
    mutating func writeArray<T: BitwiseCopyable>(_ values: [T]) {
        write(UInt64(values.count))
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ raw: [UInt8]) {
        bytes.append(contentsOf: raw)
    }
}

/// Reads what `BinaryWriter` wrote, checking every length against the bytes left.
struct BinaryReader {
    /// A read past the end or a value that makes no sense.
    struct Failure: Error {
        let reason: String
    }

    let source: ByteSource
    private(set) var position: Int
    /// Where this reader's bytes end: the source's end, or the end of the block it was made for (`block(_:)`).
    let end: Int

    init(_ source: ByteSource, position: Int = 0, end: Int? = nil) {
        self.source = source
        self.position = position
        self.end = end ?? source.buffer.count
    }

    /// A reader over a copy of `bytes`.
    init(_ bytes: [UInt8], position: Int = 0) {
        self.init(ByteSource(copying: bytes), position: position)
    }

    private var bytes: UnsafeRawBufferPointer { source.buffer }

    var remaining: Int { end - position }

    /// A reader over the next `count` bytes, which this one steps past: the same bytes, not a copy.
    mutating func block(_ count: Int) throws(Failure) -> BinaryReader {
        guard count >= 0, remaining >= count else { throw Failure(reason: "a block runs past the end") }
        defer { position += count }
        return BinaryReader(source, position: position, end: position + count)
    }

    /// The bytes not read yet, for checksums.
    func withUnreadBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        withExtendedLifetime(source) { body(UnsafeRawBufferPointer(rebasing: bytes[position..<end])) }
    }

    mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws(Failure) -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size else { throw Failure(reason: "the file ends early") }
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { target in
            withExtendedLifetime(source) {
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + size]))
            }
        }
        position += size
        return T(littleEndian: value)
    }

    /// A count or total written as a `UInt64`, refused when it does not fit an `Int`.
    mutating func readInt() throws(Failure) -> Int {
        let value = try read(UInt64.self)
        guard let int = Int(exactly: value) else { throw Failure(reason: "a count of \(value) is out of range") }
        return int
    }

    mutating func readDouble() throws(Failure) -> Double {
        Double(bitPattern: try read(UInt64.self))
    }

    mutating func readBool() throws(Failure) -> Bool {
        try read(UInt8.self) != 0
    }

    mutating func readString() throws(Failure) -> String {
        let count = Int(try read(UInt32.self))
        guard remaining >= count else { throw Failure(reason: "a string runs past the end") }
        defer { position += count }
        return withExtendedLifetime(source) { String(decoding: bytes[position..<position + count], as: UTF8.self) }
    }

    /// Steps past an array `readArray` would read, checking only its length; returns its element count.
    @discardableResult
    mutating func skipArray<T: BitwiseCopyable>(_: T.Type) throws(Failure) -> Int {
        let count = try read(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(remaining / stride) else { throw Failure(reason: "an array runs past the end") }
        position += Int(count) * stride
        return Int(count)
    }

    mutating func readArray<T: BitwiseCopyable>(_: T.Type) throws(Failure) -> [T] {
        let count = try read(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard count <= UInt64(remaining / stride) else { throw Failure(reason: "an array runs past the end") }
        let byteCount = Int(count) * stride
        let values = [T](unsafeUninitializedCapacity: Int(count)) { buffer, initialized in
            withExtendedLifetime(source) {
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: bytes[position..<position + byteCount]))
            }
            initialized = Int(count)
        }
        position += byteCount
        return values
    }
}

/// FNV-1a, 64-bit: a cheap checksum that catches damaged graph files (not an integrity guarantee).
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// Byte by byte, as graph files up to format 3 were checksummed: one multiply per byte, a dependent chain that
    /// showed in every `planner nearby`.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The same over little-endian 8-byte words (the last few bytes one by one), as format 4 checksums: an eighth of
    /// the multiplies. Each step is a bijection of the state, so any one changed word still changes the sum.
    static func hashWords(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash = offsetBasis
        let words = bytes.count / 8
        for index in 0..<words {
            hash ^= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            hash &*= prime
        }
        for byte in bytes[(words * 8)...] {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }

    /// The same over four lanes, as format 5 checksums: word `i` goes into lane `i % 4`, the four chains run side by
    /// side (a multiply's latency each, not four), and the lanes are folded in order, then the last few bytes. Each
    /// step is still a bijection of its lane, and the fold of each lane, so any one changed word changes the sum.
    static func hashFourLanes(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var lanes = (offsetBasis, offsetBasis ^ 1, offsetBasis ^ 2, offsetBasis ^ 3)
        let blocks = bytes.count / 32
        for index in 0..<blocks {
            func word(_ lane: Int) -> UInt64 {
                UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 32 + lane * 8, as: UInt64.self))
            }
            lanes = (
                (lanes.0 ^ word(0)) &* prime, (lanes.1 ^ word(1)) &* prime, (lanes.2 ^ word(2)) &* prime,
                (lanes.3 ^ word(3)) &* prime
            )
        }
        var hash = offsetBasis
        for lane in [lanes.0, lanes.1, lanes.2, lanes.3] { hash = (hash ^ lane) &* prime }
        for byte in bytes[(blocks * 32)...] { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }
}
