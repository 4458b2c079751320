import Foundation
import Tabular

/// One screening a cinema's page describes in schema.org markup (a `ScreeningEvent`, or an `Event` whose
/// `workPresented` is a `Movie`).
public struct MarkupScreening: Sendable, Equatable, Hashable {
    /// The film's title: `workPresented.name`, else the event's `name`.
    public var title: String
    /// The film's year: the first four digits of `workPresented.dateCreated` (or `datePublished`, `copyrightYear`).
    public var year: Int?
    /// When the screening starts.
    public var start: Date
    /// When it ends: `endDate`, else `startDate` plus the `duration` (the event's, else the film's).
    public var end: Date?
    /// Where to book: `offers.url`, else the event's `url`, made absolute against the page.
    public var bookingURL: String?
    /// The auditorium: the `location`'s name, when the location is a room rather than the theater itself.
    public var screen: String?
    /// The event's `videoFormat` ("2D", "3D", "IMAX"), when given.
    public var format: String?

    /// Creates a screening.
    public init(
        title: String, year: Int? = nil, start: Date, end: Date? = nil, bookingURL: String? = nil,
        screen: String? = nil, format: String? = nil
    ) {
        self.title = title
        self.year = year
        self.start = start
        self.end = end
        self.bookingURL = bookingURL
        self.screen = screen
        self.format = format
    }
}

/// Reads the schema.org JSON-LD that cinemas publish for search engines: the `MovieTheater` and its
/// `ScreeningEvent`s, wherever they sit (top level, `@graph`, a theater's `event`, an event's `subEvent`).
///
/// ```swift
/// let read = ScreeningMarkup.events(inPage: html, pageURL: url, theaterZone: "Europe/Paris")
/// read.events.first?.title   // "Bar Film 1"
/// ```
///
/// Times: a `startDate` with an offset (or `Z`) is that instant. One without is the theater's wall clock in
/// `theaterZone`: in the hour repeated when clocks go back, the first pass is taken (the earlier instant); a time
/// skipped when clocks go forward is read with the offset in force before the change, so it moves forward by the
/// gap (02:30 on a night that jumps from 02:00 to 03:00 reads as 03:30). A date without a time of day is not a
/// screening time and is left out as unreadable.
public enum ScreeningMarkup {
    /// The most event pages taken from one page's markup.
    public static let maxEventPages = 3

    // MARK: - Script blocks

    /// The text of every `<script type="application/ld+json">` element, in page order: the tag found in any case,
    /// its attribute quoted with `"`, `'` or not at all, its content up to `</script`, without a wrapping HTML
    /// comment or CDATA section. Nothing else is decoded (a script's content holds no HTML entities).
    public static func jsonLDBlocks(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        let count = bytes.count
        var blocks: [String] = []
        var index = 0
        while let open = find(Self.scriptOpen, in: bytes, from: index) {
            var cursor = open + scriptOpen.count
            // "<scripts" or "<scripting" is not a script element.
            guard cursor < count, isSpace(bytes[cursor]) || bytes[cursor] == gt || bytes[cursor] == slash else {
                index = cursor
                continue
            }
            var type: String?
            var tagEnd: Int?
            while cursor < count {
                while cursor < count, isSpace(bytes[cursor]) || bytes[cursor] == slash { cursor += 1 }
                guard cursor < count else { break }
                if bytes[cursor] == gt {
                    tagEnd = cursor
                    break
                }
                let nameStart = cursor
                while cursor < count, !isSpace(bytes[cursor]), bytes[cursor] != equals, bytes[cursor] != gt,
                    bytes[cursor] != slash
                {
                    cursor += 1
                }
                let name = String(decoding: bytes[nameStart..<cursor].map(lowered), as: UTF8.self)
                if cursor == nameStart {
                    // A stray "=": step over it.
                    cursor += 1
                    continue
                }
                while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                var value: String?
                if cursor < count, bytes[cursor] == equals {
                    cursor += 1
                    while cursor < count, isSpace(bytes[cursor]) { cursor += 1 }
                    if cursor < count, bytes[cursor] == doubleQuote || bytes[cursor] == singleQuote {
                        let quote = bytes[cursor]
                        let valueStart = cursor + 1
                        var valueEnd = valueStart
                        while valueEnd < count, bytes[valueEnd] != quote { valueEnd += 1 }
                        value = String(decoding: bytes[valueStart..<min(valueEnd, count)], as: UTF8.self)
                        cursor = min(valueEnd + 1, count)
                    } else {
                        let valueStart = cursor
                        while cursor < count, !isSpace(bytes[cursor]), bytes[cursor] != gt { cursor += 1 }
                        value = String(decoding: bytes[valueStart..<cursor], as: UTF8.self)
                    }
                }
                if name == "type", type == nil { type = value }
            }
            guard let tagEnd else { break }
            let contentStart = tagEnd + 1
            let close = find(Self.scriptClose, in: bytes, from: contentStart) ?? count
            if let type, isJSONLD(type) {
                blocks.append(unwrapped(String(decoding: bytes[contentStart..<close], as: UTF8.self)))
            }
            index = close
        }
        return blocks
    }

    /// True for `application/ld+json`, whatever its case, with or without parameters.
    static func isJSONLD(_ type: String) -> Bool {
        let value = type.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        return value == "application/ld+json" || value.hasPrefix("application/ld+json;")
            || value.hasPrefix("application/ld+json ")
    }

    /// `text` without the HTML comment or CDATA wrappers old pages put around a script's content.
    static func unwrapped(_ text: String) -> String {
        let prefixes = ["/*<![CDATA[*/", "//<![CDATA[", "<![CDATA[", "<!--"]
        let suffixes = ["/*]]>*/", "//]]>", "]]>", "//-->", "-->"]
        var result = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var changed = true
        while changed {
            changed = false
            if let prefix = prefixes.first(where: { result.hasPrefix($0) }) {
                result = String(result.dropFirst(prefix.count)).trimmingCharacters(in: .whitespacesAndNewlines)
                changed = true
            }
            if let suffix = suffixes.first(where: { result.hasSuffix($0) }) {
                result = String(result.dropLast(suffix.count)).trimmingCharacters(in: .whitespacesAndNewlines)
                changed = true
            }
        }
        return result
    }

    private static let scriptOpen = Array("<script".utf8)
    private static let scriptClose = Array("</script".utf8)
    private static let gt = UInt8(ascii: ">")
    private static let slash = UInt8(ascii: "/")
    private static let equals = UInt8(ascii: "=")
    private static let doubleQuote = UInt8(ascii: "\"")
    private static let singleQuote = UInt8(ascii: "'")

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    /// The first index of `needle` (lower-case ASCII) in `bytes` from `start`, matched case-insensitively.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        let last = bytes.count - needle.count
        var index = start
        while index <= last {
            if lowered(bytes[index]) == needle[0] {
                var matched = 1
                while matched < needle.count, lowered(bytes[index + matched]) == needle[matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }

    // MARK: - Events

    /// The screenings a page's JSON-LD describes, the theater's name, the same-site pages its markup names as the
    /// theater's events (at most ``maxEventPages``), and a sentence for each block or screening that could not be
    /// read. A block that is not JSON is one unreadable entry; the other blocks are still read.
    /// - Parameters:
    ///   - pageURL: The page's address, against which relative URLs are resolved.
    ///   - theaterZone: The IANA zone a `startDate` without an offset is read in.
    public static func events(inPage html: String, pageURL: URL, theaterZone: String)
        -> (events: [MarkupScreening], theaterName: String?, eventPages: [URL], unreadable: [String])
    {
        var walk = MarkupWalk(pageURL: pageURL, zone: TimeZone(identifier: theaterZone), zoneName: theaterZone)
        for (number, block) in jsonLDBlocks(in: html).enumerated() {
            guard let value = parse(block) else {
                walk.unreadable.append("JSON-LD block \(number + 1) is not JSON")
                continue
            }
            walk.visit(value, inheritedWork: nil, depth: 0)
        }
        var seen = Set<String>()
        let events = walk.events.filter { event in
            seen.insert("\(event.title)\u{1}\(event.start.timeIntervalSince1970)\u{1}\(event.screen ?? "")").inserted
        }
        var pages = walk.eventPages
        // The theater's own address is worth a look only when this page listed nothing.
        if events.isEmpty, pages.count < maxEventPages, let theaterURL = walk.theaterURL,
            walk.isCandidatePage(theaterURL), !pages.contains(theaterURL)
        {
            pages.append(theaterURL)
        }
        return (events, walk.theaterName, pages, walk.unreadable)
    }

    /// One block as JSON, or nil. Raw line breaks and tabs (invalid inside JSON strings, yet common in hand-written
    /// markup) are read as spaces on a second try.
    static func parse(_ block: String) -> Any? {
        let data = Data(block.utf8)
        guard !data.isEmpty, JSONDepth.isWithinLimit(data) else { return nil }
        if let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) { return value }
        let flattened = Data(
            data.map { (byte: UInt8) -> UInt8 in byte == 0x0A || byte == 0x0D || byte == 0x09 ? 0x20 : byte })
        return try? JSONSerialization.jsonObject(with: flattened, options: [.fragmentsAllowed])
    }

    // MARK: - Dates and durations

    /// What a `startDate` or `endDate` says.
    enum DateText: Equatable {
        /// An instant: the text had an offset or `Z`.
        case instant(Date)
        /// A wall-clock time without an offset, as seconds since 1970 were it UTC.
        case wallClock(Double)
        /// A calendar day without a time of day.
        case dayOnly
        /// Not ISO 8601.
        case unreadable
    }

    /// The instant `text` (ISO 8601: `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH[:MM]]`) names, reading a time without an
    /// offset on `zone`'s clock (see ``ScreeningMarkup`` for the rule around clock changes); nil when it names none.
    public static func instant(_ text: String, in zone: TimeZone?) -> Date? {
        switch dateText(text) {
        case .instant(let date): date
        case .wallClock(let seconds): zone.map { wallClockInstant(seconds, in: $0) }
        case .dayOnly, .unreadable: nil
        }
    }

    /// Reads ISO 8601 date-times, with or without an offset.
    static func dateText(_ text: String) -> DateText {
        let bytes = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        var cursor = 0
        func number(_ digits: Int) -> Int? {
            guard cursor + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[cursor..<(cursor + digits)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            cursor += digits
            return value
        }
        func take(_ character: Character) -> Bool {
            guard cursor < bytes.count, let ascii = character.asciiValue, bytes[cursor] == ascii else { return false }
            cursor += 1
            return true
        }
        guard let year = number(4), take("-"), let month = number(2), take("-"), let day = number(2),
            (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return .unreadable }
        if cursor == bytes.count { return .dayOnly }
        guard take("T") || take("t") || take(" "), let hour = number(2), take(":"), let minute = number(2),
            (0...23).contains(hour), (0...59).contains(minute)
        else { return .unreadable }
        var second = 0
        var fraction = 0.0
        if take(":") {
            guard let value = number(2), (0...60).contains(value) else { return .unreadable }
            second = min(value, 59)
            if take(".") || take(",") {
                var scale = 0.1
                var digits = 0
                while cursor < bytes.count, (0x30...0x39).contains(bytes[cursor]) {
                    fraction += Double(bytes[cursor] - 0x30) * scale
                    scale /= 10
                    cursor += 1
                    digits += 1
                }
                guard digits > 0 else { return .unreadable }
            }
        }
        let seconds =
            Double(daysFromCivil(year: year, month: month, day: day)) * 86_400 + Double(hour * 3600 + minute * 60)
            + Double(second) + fraction
        if cursor == bytes.count { return .wallClock(seconds) }
        if take("Z") || take("z") {
            return cursor == bytes.count ? .instant(Date(timeIntervalSince1970: seconds)) : .unreadable
        }
        let sign: Double
        if take("+") {
            sign = 1
        } else if take("-") {
            sign = -1
        } else {
            return .unreadable
        }
        guard let offsetHours = number(2), offsetHours <= 18 else { return .unreadable }
        var offsetMinutes = 0
        if cursor < bytes.count {
            _ = take(":")
            guard let value = number(2), value <= 59 else { return .unreadable }
            offsetMinutes = value
        }
        guard cursor == bytes.count else { return .unreadable }
        let offset = sign * Double(offsetHours * 3600 + offsetMinutes * 60)
        return .instant(Date(timeIntervalSince1970: seconds - offset))
    }

    /// The instant `zone`'s wall clock reads `naive` (seconds since 1970 as if the clock were UTC). In a repeated
    /// hour the earlier instant; in a skipped one, the offset in force before the change.
    static func wallClockInstant(_ naive: Double, in zone: TimeZone) -> Date {
        func offset(at seconds: Double) -> Double {
            Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds)))
        }
        // A day either side is before and after any change near this time (zones change at most twice a year).
        let before = offset(at: naive - 86_400)
        let candidates = Set([before, offset(at: naive), offset(at: naive + 86_400)])
        let valid = candidates.filter { offset(at: naive - $0) == $0 }.map { naive - $0 }
        if let earliest = valid.min() { return Date(timeIntervalSince1970: earliest) }
        return Date(timeIntervalSince1970: naive - before)
    }

    /// Seconds in an ISO 8601 duration (`PT2H10M`, `PT130M`, `P0DT2H10M0S`, `PT1.5H`), or nil; nil too when it is
    /// zero or longer than a day (no screening runs that long).
    public static func seconds(ofDuration text: String) -> Double? {
        var rest = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased())
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var total = 0.0
        var inTime = false
        var digits = ""
        var sawUnit = false
        for character in rest {
            if character == "T" {
                guard digits.isEmpty, !inTime else { return nil }
                inTime = true
            } else if character.isASCII, character.isNumber || character == "." || character == "," {
                digits.append(character == "," ? "." : character)
            } else {
                guard let value = Double(digits), value.isFinite, value >= 0 else { return nil }
                digits = ""
                sawUnit = true
                switch (character, inTime) {
                case ("D", false): total += value * 86_400
                case ("W", false): total += value * 7 * 86_400
                case ("Y", false), ("M", false): if value != 0 { return nil }
                case ("H", true): total += value * 3600
                case ("M", true): total += value * 60
                case ("S", true): total += value
                default: return nil
                }
            }
        }
        guard digits.isEmpty, sawUnit, total > 0, total <= 86_400 else { return nil }
        return total
    }

    /// Days from 1970-01-01 to a day of the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        // Years counted from March, so that the leap day ends a year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// One pass over a page's JSON-LD values, gathering what ``ScreeningMarkup/events(inPage:pageURL:theaterZone:)``
/// returns.
struct MarkupWalk {
    let pageURL: URL
    let zone: TimeZone?
    let zoneName: String
    var events: [MarkupScreening] = []
    var theaterName: String?
    var theaterURL: URL?
    var eventPages: [URL] = []
    var unreadable: [String] = []

    /// The keys under which a theater or event lists events.
    static let eventKeys: Set<String> = ["event", "events", "subEvent", "subEvents"]
    /// The keys under which an event lists its parts, which inherit its film.
    static let subEventKeys: Set<String> = ["subEvent", "subEvents"]

    init(pageURL: URL, zone: TimeZone?, zoneName: String) {
        self.pageURL = pageURL
        self.zone = zone
        self.zoneName = zoneName
    }

    /// Visits `value` and everything inside it. `inheritedWork` is the film of the event whose `subEvent` this is.
    mutating func visit(_ value: Any, inheritedWork: [String: Any]?, depth: Int) {
        // JSONDepth already refused deeper blocks; this only keeps the recursion bounded whatever comes in.
        guard depth <= JSONDepth.limit + 1 else { return }
        if let array = value as? [Any] {
            for element in array { visit(element, inheritedWork: inheritedWork, depth: depth + 1) }
            return
        }
        guard let object = value as? [String: Any] else { return }
        let types = Self.types(of: object)
        if types.contains("MovieTheater") {
            if theaterName == nil { theaterName = Self.text(object["name"]) }
            if theaterURL == nil, let text = Self.text(object["url"]) { theaterURL = resolved(text) }
        }
        let work = Self.work(object["workPresented"])
        let isEvent = types.contains { $0 == "Event" || $0.hasSuffix("Event") }
        let workIsMovie = work.map { Self.types(of: $0).contains("Movie") } ?? false
        let isScreening =
            types.contains("ScreeningEvent") || (isEvent && (workIsMovie || (work == nil && inheritedWork != nil)))
        let hasParts = Self.subEventKeys.contains { key in
            guard let parts = object[key] else { return false }
            if let list = parts as? [Any] { return !list.isEmpty }
            return parts is [String: Any]
        }
        // A film's run listed with its screenings as parts is not itself a screening (its startDate, when it has
        // one, is often the run's first day).
        if isScreening, !hasParts {
            screening(from: object, work: work ?? inheritedWork)
        }
        for (key, child) in object where key != "workPresented" {
            if Self.eventKeys.contains(key) { collectPages(child) }
            let inherited = Self.subEventKeys.contains(key) ? (work ?? inheritedWork) : nil
            visit(child, inheritedWork: inherited, depth: depth + 1)
        }
    }

    /// Reads one screening, or says why it cannot be read.
    mutating func screening(from object: [String: Any], work: [String: Any]?) {
        guard let title = (work.flatMap { Self.text($0["name"]) } ?? Self.text(object["name"])).map(Self.cleaned),
            !title.isEmpty
        else {
            unreadable.append("a screening has no title")
            return
        }
        guard let startText = Self.text(object["startDate"]) else {
            unreadable.append("the screening of \(title) has no startDate")
            return
        }
        let start: Date
        switch ScreeningMarkup.dateText(startText) {
        case .instant(let date):
            start = date
        case .wallClock(let naive):
            guard let zone else {
                unreadable.append("the screening of \(title) at \(startText) has no offset, and \(zoneName) is no zone")
                return
            }
            start = ScreeningMarkup.wallClockInstant(naive, in: zone)
        case .dayOnly:
            unreadable.append("the screening of \(title) on \(startText) has no time of day")
            return
        case .unreadable:
            unreadable.append("the screening of \(title) has a startDate that cannot be read: '\(startText)'")
            return
        }
        var end = Self.text(object["endDate"]).flatMap { ScreeningMarkup.instant($0, in: zone) }
        if let known = end, known <= start { end = nil }
        if end == nil {
            let duration =
                Self.text(object["duration"]).flatMap(ScreeningMarkup.seconds(ofDuration:))
                ?? work.flatMap { Self.text($0["duration"]) }.flatMap(ScreeningMarkup.seconds(ofDuration:))
            end = duration.map { start.addingTimeInterval($0) }
        }
        let offered = Self.offerURL(object["offers"]).flatMap { resolved($0) }
        let booking = offered ?? Self.text(object["url"]).flatMap { resolved($0) }
        events.append(
            MarkupScreening(
                title: title, year: work.flatMap(Self.year(of:)), start: start, end: end,
                bookingURL: booking?.absoluteString, screen: Self.screen(object["location"]),
                format: Self.text(object["videoFormat"]).map(Self.cleaned)))
    }

    /// Notes the pages an `event` or `subEvent` value names by address: a URL string, or an object holding only
    /// an `@id` or `url`.
    mutating func collectPages(_ value: Any) {
        let references: [Any] = (value as? [Any]) ?? [value]
        for reference in references {
            var address: String?
            if let text = reference as? String {
                address = text
            } else if let object = reference as? [String: Any], object["startDate"] == nil,
                object["workPresented"] == nil, Set(object.keys).isSubset(of: ["@id", "@type", "url", "name"])
            {
                address = Self.text(object["url"]) ?? Self.text(object["@id"])
            }
            guard eventPages.count < ScreeningMarkup.maxEventPages, let address, let url = resolved(address),
                isCandidatePage(url), !eventPages.contains(url)
            else { continue }
            eventPages.append(url)
        }
    }

    /// True for an http(s) page on the page's host other than the page itself.
    func isCandidatePage(_ url: URL) -> Bool {
        guard let host = url.host?.lowercased(), host == pageURL.host?.lowercased(), url.port == pageURL.port,
            ["http", "https"].contains(url.scheme?.lowercased() ?? "")
        else { return false }
        return Self.withoutFragment(url) != Self.withoutFragment(pageURL)
    }

    /// `text` as an absolute http(s) URL against the page, without its fragment when it only names a part of a
    /// page, or nil.
    func resolved(_ text: String) -> URL? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let escaped = trimmed.replacingOccurrences(of: " ", with: "%20")
        guard let url = URL(string: escaped, relativeTo: pageURL)?.absoluteURL,
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { return nil }
        return url
    }

    static func withoutFragment(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        components?.fragment = nil
        var text = components?.string ?? url.absoluteString
        if text.hasSuffix("/") { text.removeLast() }
        return text
    }

    // MARK: - Values

    /// `@type` as a list of short names: "ScreeningEvent" from "ScreeningEvent", "schema:ScreeningEvent" or
    /// "https://schema.org/ScreeningEvent".
    static func types(of object: [String: Any]) -> [String] {
        let raw: [String]
        switch object["@type"] ?? object["type"] {
        case let text as String: raw = [text]
        case let list as [Any]: raw = list.compactMap { $0 as? String }
        default: raw = []
        }
        return raw.map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let cut = trimmed.lastIndex(where: { $0 == "/" || $0 == "#" || $0 == ":" }) else { return trimmed }
            return String(trimmed[trimmed.index(after: cut)...])
        }
    }

    /// `workPresented` as an object (the first, when it is a list).
    static func work(_ value: Any?) -> [String: Any]? {
        if let object = value as? [String: Any] { return object }
        if let list = value as? [Any] { return list.lazy.compactMap { $0 as? [String: Any] }.first }
        return nil
    }

    /// A text value: a string, a number, the first of a list, or a `@value` object; nil when empty.
    static func text(_ value: Any?) -> String? {
        let found: String?
        switch value {
        case let text as String: found = text
        case let number as NSNumber: found = number.stringValue
        case let list as [Any]: found = list.lazy.compactMap { text($0) }.first
        case let object as [String: Any]: found = text(object["@value"])
        default: found = nil
        }
        guard let trimmed = found?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        return trimmed
    }

    /// The film's year: the first four digits of its creation or publication date.
    static func year(of work: [String: Any]) -> Int? {
        for key in ["dateCreated", "datePublished", "copyrightYear"] {
            guard let value = text(work[key]), value.count >= 4 else { continue }
            let digits = value.prefix(4)
            if digits.allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(digits), (1870...2200).contains(year) {
                return year
            }
        }
        return nil
    }

    /// The first `url` of `offers` (an offer, a list of offers, or an aggregate offer holding offers).
    static func offerURL(_ value: Any?) -> String? {
        if let list = value as? [Any] { return list.lazy.compactMap { offerURL($0) }.first }
        guard let offer = value as? [String: Any] else { return nil }
        return text(offer["url"]) ?? (offer["offers"].flatMap { offerURL($0) })
    }

    /// The auditorium: a `location` named, that is neither the theater nor any place with an address.
    static func screen(_ value: Any?) -> String? {
        let place: [String: Any]?
        if let list = value as? [Any] {
            place = list.lazy.compactMap { $0 as? [String: Any] }.first
        } else {
            place = value as? [String: Any]
        }
        guard let place, place["address"] == nil else { return nil }
        let placeTypes = types(of: place)
        guard !placeTypes.contains("MovieTheater"), !placeTypes.contains("LocalBusiness") else { return nil }
        return text(place["name"]).map(cleaned)
    }

    /// A title with the HTML entities markup generators leave in (`&amp;`, `&#39;`) read, and spaces squeezed.
    static func cleaned(_ text: String) -> String {
        var result = text
        if result.contains("&") {
            for (entity, character) in [
                ("&quot;", "\""), ("&#39;", "'"), ("&#039;", "'"), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"),
                ("&nbsp;", " "), ("&amp;", "&"),
            ] {
                result = result.replacingOccurrences(of: entity, with: character)
            }
        }
        return result.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
