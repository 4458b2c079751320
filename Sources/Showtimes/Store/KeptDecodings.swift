import Basics
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

/// The forms decodings are kept in.
enum KeptForms {
    /// A Finnkino schedule whose every show was read.
    static let finnkinoSchedule = KeptForm<ReadSchedule>(
        name: "finnkino schedule, shows v1",
        encode: { schedule in
            guard schedule.unreadable.isEmpty else { return nil }
            var writer = CompactWriter()
            writer.array(schedule.shows) { $0.show($1) }
            return writer.bytes
        },
        decode: { bytes in
            var reader = CompactReader(bytes)
            guard let shows = reader.array({ $0.show() }), reader.isAtEnd else { return nil }
            return ReadSchedule(shows: shows, unreadable: [])
        })

    /// Finnkino's theatre areas.
    static let finnkinoAreas = KeptForm<[TheatreArea]>(
        name: "finnkino areas v1",
        encode: { areas in
            var writer = CompactWriter()
            writer.array(areas) {
                $0.string($1.id)
                $0.string($1.name)
            }
            return writer.bytes
        },
        decode: { bytes in
            var reader = CompactReader(bytes)
            let areas = reader.array { reader -> TheatreArea? in
                guard let id = reader.string(), let name = reader.string() else { return nil }
                return TheatreArea(id: id, name: name)
            }
            return reader.isAtEnd ? areas : nil
        })
}

extension CompactWriter {
    mutating func show(_ show: Show) {
        string(show.provider)
        string(show.providerShowID)
        string(show.providerTheaterID)
        string(show.providerTheaterName)
        string(show.title)
        string(show.originalTitle)
        optional(show.year) { $0.integer($1) }
        date(show.start)
        optional(show.end) { $0.date($1) }
        string(show.timeZoneIdentifier)
        string(show.auditorium)
        string(show.format)
        string(show.bookingURL)
        string(show.imdbID)
    }
}

extension CompactReader {
    mutating func show() -> Show? {
        guard let provider = string(), let showID = optionalString(), let theaterID = string(),
            let theaterName = string(), let title = string(), let originalTitle = optionalString(),
            let year = optional({ $0.integer() }), let start = date(),
            let end = optional({ $0.date() }), let zone = string(), let auditorium = optionalString(),
            let format = optionalString(), let bookingURL = optionalString(), let imdbID = optionalString()
        else { return nil }
        return Show(
            provider: provider, providerShowID: showID, providerTheaterID: theaterID, providerTheaterName: theaterName,
            title: title, originalTitle: originalTitle, year: year, start: start, end: end, timeZoneIdentifier: zone,
            auditorium: auditorium, format: format, bookingURL: bookingURL, imdbID: imdbID)
    }
}
