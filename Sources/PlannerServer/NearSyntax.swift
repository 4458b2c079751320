/// The `near` the API takes, as its OpenAPI schema writes it (`components.parameters.near.pattern`): `LAT,LON` in
/// plain decimals within range, or a place name that does not begin with a digit, a sign, a point, a comma, a space
/// or a control character and holds no control character. The command line reads more (`--near 1e1,5`); an API
/// whose schema promises what its server takes must refuse the rest, so the routes check this first.
enum NearSyntax {
    /// The schema's pattern, word for word; a test holds this type and the document to it.
    static let pattern =
        #"^(?: *[-+]?(?:90(?:\.0+)?|[1-8]?[0-9](?:\.[0-9]+)?) *, *[-+]?(?:180(?:\.0+)?|(?:1[0-7][0-9]|[1-9]?[0-9])(?:\.[0-9]+)?) *| *[^-+0-9., \x00-\x1f\x7f\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000][^\x00-\x1f\x7f]*)$"#

    /// Whether `text` matches ``pattern``.
    static func accepts(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index] == " " { index += 1 }
        guard index < scalars.count else { return false }
        let first = scalars[index]
        if "-+0123456789.,".unicodeScalars.contains(first) { return isCoordinate(scalars) }
        guard !isControl(first), !isSpaceSeparator(first) else { return false }
        return !scalars[index...].contains(where: isControl)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

    private static func isSpaceSeparator(_ scalar: Unicode.Scalar) -> Bool {
        [0xA0, 0x1680, 0x202F, 0x205F, 0x3000].contains(scalar.value) || (0x2000...0x200B).contains(scalar.value)
    }

    /// ` *[-+]?LAT *, *[-+]?LON *` with the pattern's ranges.
    private static func isCoordinate(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }
        func isDigit(_ i: Int) -> Bool { i < scalars.count && ("0"..."9").contains(scalars[i]) }
        /// A signed decimal: its whole digits and its fraction's digits (nil when there is a point without digits).
        func number() -> (whole: String, fraction: String)? {
            if index < scalars.count, scalars[index] == "-" || scalars[index] == "+" { index += 1 }
            var whole = ""
            while isDigit(index) { whole.unicodeScalars.append(scalars[index]); index += 1 }
            guard !whole.isEmpty else { return nil }
            var fraction = ""
            if index < scalars.count, scalars[index] == "." {
                index += 1
                while isDigit(index) { fraction.unicodeScalars.append(scalars[index]); index += 1 }
                guard !fraction.isEmpty else { return nil }
            }
            return (whole, fraction)
        }
        func within(_ value: (whole: String, fraction: String), limit: String, below: (String) -> Bool) -> Bool {
            if value.whole == limit { return value.fraction.allSatisfy { $0 == "0" } }
            return below(value.whole)
        }
        skipSpaces()
        guard let latitude = number(),
            within(latitude, limit: "90", below: { whole in
                whole.count == 1 || (whole.count == 2 && ("1"..."8").contains(whole.first!))
            })
        else { return false }
        skipSpaces()
        guard index < scalars.count, scalars[index] == "," else { return false }
        index += 1
        skipSpaces()
        guard let longitude = number(),
            within(longitude, limit: "180", below: { whole in
                let digits = Array(whole)
                return digits.count == 1 || (digits.count == 2 && digits[0] != "0")
                    || (digits.count == 3 && digits[0] == "1" && ("0"..."7").contains(digits[1]))
            })
        else { return false }
        skipSpaces()
        return index == scalars.count
    }
}
