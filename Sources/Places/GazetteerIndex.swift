#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Geo

/// `places.index`: the gazetteer as `Scripts/build_data.py` lays it out, mapped into memory and read in place, so
/// that a lookup parses nothing: a binary search over the folded names touches a few pages of the file, not 34,006
/// rows of `places.csv`.
///
/// ```
/// header   "PLNRGAZ1", then UInt32 version, place count, key count, string pool bytes
/// places   40 bytes each, in places.csv's order: Float64 lat, Float64 lon, UInt32 geonameid, UInt32 population,
///          then the pool offsets (UInt32) of name, country, admin1 and time zone
/// keys     12 bytes per distinct folded name, sorted by its UTF-8 bytes: UInt32 pool offset of the folded name,
///          UInt32 first posting, UInt32 posting count
/// postings UInt32 place numbers, grouped by key
/// pool     strings, each a UInt8 byte count then its UTF-8 bytes
/// ```
/// All numbers little-endian. Every offset is checked against the file's size before it is read, so a damaged
/// file is refused or answers wrongly, but never reads outside the mapping.
final class GazetteerIndex: @unchecked Sendable {  // immutable after init; the mapping lives as long as the object
    static let magic: [UInt8] = Array("PLNRGAZ1".utf8)
    static let version: UInt32 = 1
    static let headerBytes = 24
    static let placeRecordBytes = 40
    static let keyRecordBytes = 12

    let path: String
    let placeCount: Int
    let keyCount: Int
    private let base: UnsafeRawPointer
    private let byteCount: Int
    private let placesOffset: Int
    private let keysOffset: Int
    private let postingsOffset: Int
    private let postingCount: Int
    private let poolOffset: Int

    /// Maps the file at `path` read-only.
    /// - Throws: `PlacesError.unreadableGazetteer` when it cannot be opened, `.corruptGazetteerIndex` when its
    ///   header or size is not what `build_data.py` writes.
    init(path: String) throws(PlacesError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadableGazetteer(path: path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadableGazetteer(path: path) }
        let size = Int(status.st_size)
        guard size >= Self.headerBytes else { throw .corruptGazetteerIndex(path: path, reason: "it ends early") }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw .unreadableGazetteer(path: path)
        }
        let base = UnsafeRawPointer(mapped)
        func fail(_ reason: String) -> PlacesError {
            munmap(mapped, size)
            return .corruptGazetteerIndex(path: path, reason: reason)
        }
        guard (0..<8).allSatisfy({ base.load(fromByteOffset: $0, as: UInt8.self) == Self.magic[$0] }) else {
            throw fail("it is not a gazetteer index")
        }
        func word(_ offset: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) }
        let version = word(8)
        guard version == Int(Self.version) else { throw fail("format version \(version), this planner reads \(Self.version)") }
        placeCount = word(12)
        keyCount = word(16)
        let poolBytes = word(20)
        placesOffset = Self.headerBytes
        keysOffset = placesOffset + placeCount * Self.placeRecordBytes
        postingsOffset = keysOffset + keyCount * Self.keyRecordBytes
        // The postings are as many as the places: every place is under exactly one key.
        postingCount = placeCount
        poolOffset = postingsOffset + postingCount * 4
        guard poolOffset + poolBytes == size else {
            throw fail("its size is \(size) bytes, its header says \(poolOffset + poolBytes)")
        }
        self.base = base
        byteCount = size
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), byteCount) }

    private func word(_ offset: Int) -> Int {
        Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// The pool string at `offset` as raw bytes, or nil when it runs past the end of the file.
    private func poolBytes(_ offset: Int) -> UnsafeRawBufferPointer? {
        let start = poolOffset + offset
        guard offset >= 0, start < byteCount else { return nil }
        let count = Int(base.load(fromByteOffset: start, as: UInt8.self))
        guard start + 1 + count <= byteCount else { return nil }
        return UnsafeRawBufferPointer(start: base + start + 1, count: count)
    }

    private func poolString(_ offset: Int) -> String {
        guard let bytes = poolBytes(offset) else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The place numbered `number` (0-based, in places.csv's order), or nil when its record makes no sense.
    func place(_ number: Int) -> Place? {
        guard number >= 0, number < placeCount else { return nil }
        let record = placesOffset + number * Self.placeRecordBytes
        let latitude = Double(bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: record, as: UInt64.self)))
        let longitude = Double(
            bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: record + 8, as: UInt64.self)))
        guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else { return nil }
        return Place(
            geonameID: word(record + 16), name: poolString(word(record + 24)), countryCode: poolString(word(record + 28)),
            admin1Code: poolString(word(record + 32)), coordinate: coordinate, population: word(record + 20),
            timeZone: poolString(word(record + 36)))
    }

    /// The coordinate of place `number` without building the whole place (for nearest-place scans).
    func latitudeLongitude(_ number: Int) -> (Double, Double) {
        let record = placesOffset + number * Self.placeRecordBytes
        return (
            Double(bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: record, as: UInt64.self))),
            Double(bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: record + 8, as: UInt64.self)))
        )
    }

    /// The GeoNames id of place `number`, without building the place.
    func geonameID(_ number: Int) -> Int {
        word(placesOffset + number * Self.placeRecordBytes + 16)
    }

    /// Every place, in places.csv's order.
    func allPlaces() -> [Place] {
        (0..<placeCount).compactMap(place)
    }

    /// The numbers of the places whose name folds to `folded` (a binary search over the sorted keys).
    func placeNumbers(folded: String) -> [Int] {
        var query = folded
        return query.withUTF8 { query in
            var low = 0
            var high = keyCount
            while low < high {
                let middle = (low + high) / 2
                let entry = keysOffset + middle * Self.keyRecordBytes
                guard let key = poolBytes(word(entry)) else { return [] }
                switch Self.compare(key, UnsafeRawBufferPointer(query)) {
                case .less: low = middle + 1
                case .greater: high = middle
                case .equal:
                    let first = word(entry + 4)
                    let count = word(entry + 8)
                    guard first + count <= postingCount else { return [] }
                    return (first..<first + count).map { word(postingsOffset + $0 * 4) }
                }
            }
            return []
        }
    }

    private enum Order { case less, equal, greater }

    /// Byte-wise order of two UTF-8 strings (the order the build script sorts its keys in).
    private static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Order {
        for i in 0..<min(a.count, b.count) where a[i] != b[i] { return a[i] < b[i] ? .less : .greater }
        return a.count == b.count ? .equal : (a.count < b.count ? .less : .greater)
    }
}
