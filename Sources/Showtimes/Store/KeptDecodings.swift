import Foundation

/// Where a ``ShowtimesStore`` keeps the decoded form of cached answers between processes (a port: the `SQLiteStore`
/// module implements it). A command is a new process each time: without this it parsed the same cached schedules on
/// every run. A server keeps its decodings in memory (``ShowtimesCacheMemo``) and needs none.
///
/// A kept decoding belongs to one version of its row: it is read back only for the same ``ShowtimesCacheStamp``.
public protocol KeptDecodingStorage: Sendable {
    /// The bytes kept for the row `stamp` of `key`, decoded in the form named `form`, if any.
    func keptDecoding(forKey key: String, form: String, stamp: ShowtimesCacheStamp) throws -> [UInt8]?
    /// Keeps `bytes` as the decoding of the row `stamp` of `key` in the form named `form`, in place of any other.
    func keepDecoding(_ bytes: [UInt8], forKey key: String, form: String, stamp: ShowtimesCacheStamp) async throws
}

/// How a decoded answer is written to bytes and read back (``KeptDecodingStorage``).
struct KeptForm<Value>: Sendable {
    /// Names the decoding and this encoding of it: a changed encoding gets a new name, and what was kept in the
    /// old one is not read.
    let name: String
    /// The bytes, or nil for a value that is not kept (one that carries problems to report, say).
    let encode: @Sendable (Value) -> [UInt8]?
    /// The value, or nil for bytes that are not this form's (damaged, cut short).
    let decode: @Sendable ([UInt8]) -> Value?
}

/// The forms decodings are kept in.
enum KeptForms {
    /// A Finnkino schedule whose every show was read.
    static let finnkinoSchedule = KeptForm<ReadSchedule>(
        name: "finnkino schedule, shows v1",
        encode: { schedule in
            guard schedule.unreadable.isEmpty else { return nil }
            var writer = CompactWriter()
            writer.count(schedule.shows.count)
            for show in schedule.shows { writer.show(show) }
            return writer.bytes
        },
        decode: { bytes in
            var reader = CompactReader(bytes)
            guard let count = reader.count() else { return nil }
            var shows: [Show] = []
            shows.reserveCapacity(count)
            for _ in 0..<count {
                guard let show = reader.show() else { return nil }
                shows.append(show)
            }
            return reader.isAtEnd ? ReadSchedule(shows: shows, unreadable: []) : nil
        })

    /// Finnkino's theatre areas.
    static let finnkinoAreas = KeptForm<[TheatreArea]>(
        name: "finnkino areas v1",
        encode: { areas in
            var writer = CompactWriter()
            writer.count(areas.count)
            for area in areas {
                writer.string(area.id)
                writer.string(area.name)
            }
            return writer.bytes
        },
        decode: { bytes in
            var reader = CompactReader(bytes)
            guard let count = reader.count() else { return nil }
            var areas: [TheatreArea] = []
            for _ in 0..<count {
                guard let id = reader.string(), let name = reader.string() else { return nil }
                areas.append(TheatreArea(id: id, name: name))
            }
            return reader.isAtEnd ? areas : nil
        })
}

/// Little-endian counts, lengths and values, strings as their UTF-8 bytes after their length; an absent optional
/// is one 0 byte, a present one a 1 before its value.
struct CompactWriter {
    private(set) var bytes: [UInt8] = []

    mutating func count(_ value: Int) {
        word(UInt64(value))
    }

    mutating func word(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        count(value.utf8.count)
        bytes.append(contentsOf: value.utf8)
    }

    mutating func string(_ value: String?) {
        optional(value) { $0.string($1) }
    }

    mutating func date(_ value: Date) {
        word(value.timeIntervalSince1970.bitPattern)
    }

    /// A presence byte, then the value `write` writes when there is one.
    mutating func optional<T>(_ value: T?, _ write: (inout CompactWriter, T) -> Void) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(&self, value)
    }

    mutating func show(_ show: Show) {
        string(show.provider)
        string(show.providerShowID)
        string(show.providerTheaterID)
        string(show.providerTheaterName)
        string(show.title)
        string(show.originalTitle)
        optional(show.year) { $0.word(UInt64(bitPattern: Int64($1))) }
        date(show.start)
        optional(show.end) { $0.date($1) }
        string(show.timeZoneIdentifier)
        string(show.auditorium)
        string(show.format)
        string(show.bookingURL)
        string(show.imdbID)
    }
}

/// Reads what ``CompactWriter`` wrote; nil for anything that runs past the end or is not what it should be.
struct CompactReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position == bytes.count }

    mutating func word() -> UInt64? {
        guard bytes.count - position >= 8 else { return nil }
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[position + index]) }
        position += 8
        return value
    }

    mutating func count() -> Int? {
        guard let value = word(), value <= UInt64(bytes.count - position) else { return nil }
        return Int(value)
    }

    mutating func string() -> String? {
        guard let length = count() else { return nil }
        defer { position += length }
        return String(validating: bytes[position..<position + length], as: UTF8.self)
    }

    /// Reads a presence byte: true when a value follows, nil when the byte is neither 0 nor 1.
    private mutating func isPresent() -> Bool? {
        guard position < bytes.count, bytes[position] <= 1 else { return nil }
        defer { position += 1 }
        return bytes[position] == 1
    }

    /// A presence byte, then the value `read` reads when there is one: nil when either cannot be read, `.some(nil)`
    /// for an absent value.
    mutating func optional<T>(_ read: (inout CompactReader) -> T?) -> T?? {
        guard let present = isPresent() else { return nil }
        guard present else { return .some(nil) }
        return read(&self).map { .some($0) }
    }

    mutating func optionalString() -> String?? {
        optional { $0.string() }
    }

    mutating func date() -> Date? {
        word().map { Date(timeIntervalSince1970: Double(bitPattern: $0)) }
    }

    mutating func show() -> Show? {
        guard let provider = string(), let showID = optionalString(), let theaterID = string(),
            let theaterName = string(), let title = string(), let originalTitle = optionalString(),
            let year = optional({ $0.word().map { Int(Int64(bitPattern: $0)) } }), let start = date(),
            let end = optional({ $0.date() }), let zone = string(), let auditorium = optionalString(),
            let format = optionalString(), let bookingURL = optionalString(), let imdbID = optionalString()
        else { return nil }
        return Show(
            provider: provider, providerShowID: showID, providerTheaterID: theaterID, providerTheaterName: theaterName,
            title: title, originalTitle: originalTitle, year: year, start: start, end: end, timeZoneIdentifier: zone,
            auditorium: auditorium, format: format, bookingURL: bookingURL, imdbID: imdbID)
    }
}
