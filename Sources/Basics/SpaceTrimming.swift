extension StringProtocol {
    /// The text without the spaces at either end: what Foundation's `trimmingCharacters(in: .whitespaces)` gives
    /// (Unicode's space separators, the tab, and the zero-width space its set still holds; not line breaks),
    /// without its bridging to NSString. The server trims a radius, a keyword and a theater's tags on every request.
    public func trimmingSpaces() -> String {
        trimming { scalar in
            // ASCII first: the space is its only space separator, and most ends are ASCII.
            if scalar.isASCII { return scalar == " " || scalar == "\t" }
            return scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// The text without the spaces and line breaks at either end: what Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` gives (the spaces above, U+000A–U+000D, U+0085, and
    /// Unicode's line and paragraph separators), without its bridging to NSString, whose first use in a command
    /// costs run-time checks of generic requirements.
    public func trimmingWhitespaceAndNewlines() -> String {
        trimming { scalar in
            if scalar.isASCII { return scalar == " " || ("\t"..."\r").contains(scalar) }
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return scalar == "\u{200B}" || scalar == "\u{85}"
            }
        }
    }

    private func trimming(_ isSpace: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.first, let last = scalars.last, isSpace(first) || isSpace(last) else {
            return String(self)
        }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let end = scalars.lastIndex(where: { !isSpace($0) })!
        var trimmed = String.UnicodeScalarView()
        trimmed.append(contentsOf: scalars[start...end])
        return String(trimmed)
    }
}
