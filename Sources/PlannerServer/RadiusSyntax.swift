/// The radius the API takes, as its OpenAPI schema writes it (`components.parameters.radius.pattern`): a positive
/// number with at most 2 whole digits in degrees (bare, `°` or `deg`), 7 in `m`, 4 in `km` or `mi`: always within
/// half the Earth. The command line reads more (`--radius 150`); an API whose schema promises what its server
/// takes must refuse the rest, so the route checks this before the use case reads the value.
enum RadiusSyntax {
    /// The schema's pattern, word for word; a test holds this type and the document to it.
    static let pattern =
        #"^(?:(?:[1-9][0-9]?(?:\.[0-9]+)?|0?\.[0-9]*[1-9][0-9]*)(?:°|deg)?|(?:[1-9][0-9]{0,6}(?:\.[0-9]+)?|0?\.[0-9]*[1-9][0-9]*)m|(?:[1-9][0-9]{0,3}(?:\.[0-9]+)?|0?\.[0-9]*[1-9][0-9]*)(?:km|mi))$"#

    /// Whether `text` matches ``pattern``.
    static func accepts(_ text: String) -> Bool {
        var number = Substring(text)
        var wholeDigits = 2
        for (suffix, digits) in [("km", 4), ("mi", 4), ("deg", 2), ("°", 2), ("m", 7)] where number.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            wholeDigits = digits
            break
        }
        let bytes = Array(number.utf8)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        guard let first = bytes.first else { return false }
        if first >= UInt8(ascii: "1") && first <= UInt8(ascii: "9") {
            // [1-9][0-9]{0,n-1}(\.[0-9]+)?
            var index = 1
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index <= wholeDigits else { return false }
            if index == bytes.count { return true }
            guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return false }
            return bytes[(index + 1)...].allSatisfy(isDigit)
        }
        // 0?\.[0-9]*[1-9][0-9]*
        var rest = bytes[...]
        if rest.first == UInt8(ascii: "0") { rest = rest.dropFirst() }
        guard rest.first == UInt8(ascii: ".") else { return false }
        rest = rest.dropFirst()
        return !rest.isEmpty && rest.allSatisfy(isDigit) && rest.contains { $0 != UInt8(ascii: "0") }
    }
}
