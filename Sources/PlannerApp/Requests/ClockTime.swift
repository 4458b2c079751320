import Foundation

/// A wall-clock time, `HH:MM`, as minutes past midnight.
package struct ClockTime: Sendable, CustomStringConvertible {
    package let minutes: Int

    package init?(text argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h),
            (0...59).contains(m)
        else { return nil }
        minutes = h * 60 + m
    }

    /// `HH:MM`, as `%02d:%02d` writes it, without a format string parsed per call (a plan writes one per show).
    package var description: String {
        let (hour, minute) = minutes.quotientAndRemainder(dividingBy: 60)
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }
}

/// A margin of time: `10m`, `10min`, `1h`, `1h30m`, or a bare number of minutes.
package struct BufferDuration: Sendable, CustomStringConvertible {
    package let minutes: Int

    package init?(text argument: String) {
        // Without its spaces (U+0020 alone, as NSString's replacing removed them), without Foundation's NSString.
        let text = String(String.UnicodeScalarView(argument.lowercased().unicodeScalars.filter { $0 != " " }))
        if let bare = Int(text) {
            guard (0...720).contains(bare) else { return nil }
            minutes = bare
            return
        }
        var total = 0
        var number = ""
        var rest = Substring(text)
        while let c = rest.first {
            if c.isNumber {
                number.append(c)
                rest = rest.dropFirst()
                continue
            }
            guard let n = Int(number) else { return nil }
            if rest.hasPrefix("min") {
                total += n
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("m") {
                total += n
                rest = rest.dropFirst()
            } else if rest.hasPrefix("h") {
                total += n * 60
                rest = rest.dropFirst()
            } else {
                return nil
            }
            number = ""
        }
        guard number.isEmpty, !text.isEmpty, (0...720).contains(total) else { return nil }
        minutes = total
    }

    package var description: String { "\(minutes) min" }
}

extension BufferDuration {
    /// Ten minutes, the default margin to arrive before a show starts.
    package static let standard = BufferDuration(text: "10m")!
}
