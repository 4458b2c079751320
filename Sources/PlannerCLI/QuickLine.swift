import PlannerApp

/// The option scan the quick readers (`QuickNearby`, `QuickList`, `QuickNowPlaying`) share: switches and options
/// with a value, each at most once, `--name value` or `--name=value` (`-o value` for `--output`), values that do not
/// look like options (but for a negative number after an option argument-parser reads `.unconditional`). False for
/// anything argument-parser should read instead.
enum QuickLine {
    /// Scans `arguments` from `start`; `isSwitch` and `takesValue` name the options (arrays and switches rather
    /// than sets: a first `Set<String>` costs the runtime a scan of the binary's conformance records).
    /// - Parameter takesAnyValue: The options whose value may be a negative number (`--near -33.8,151.2`).
    /// - Returns: false at the first piece that is not the command's, a repeat, a missing or option-like or empty
    ///   value, or one `set` refuses.
    static func scan(
        _ arguments: [String], from start: Int, isSwitch: (String) -> Bool, takesValue: (String) -> Bool,
        takesAnyValue: (String) -> Bool = { _ in false }, set: (_ name: String, _ value: String?) -> Bool
    ) -> Bool {
        var seen: [String] = []
        var index = start
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if isSwitch(argument) {
                guard !seen.contains(argument) else { return false }
                seen.append(argument)
                guard set(argument, nil) else { return false }
                continue
            }
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard takesValue(name) else { return false }
            let key = name == "-o" ? "--output" : name
            guard !seen.contains(key) else { return false }
            seen.append(key)
            if value == nil {
                guard index < arguments.count else { return false }
                value = arguments[index]
                index += 1
                // A value that looks like an option is left to argument-parser, but for a negative number after an
                // option that takes any value: it treats `--`, `---x`, `-=x` and `--generate-completion-script` in
                // its own ways, whatever comes before them.
                guard !value!.hasPrefix("-") || (takesAnyValue(key) && looksNegative(value!)) else { return false }
            }
            guard !value!.isEmpty, set(key, value!) else { return false }
        }
        return true
    }

    /// `-` then a digit or a point: the start of a negative number.
    private static func looksNegative(_ value: String) -> Bool {
        let bytes = Array(value.utf8.prefix(2))
        return bytes.count == 2
            && (bytes[1] == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[1]))
    }

    /// A list's `--format`: table, json or csv (geojson is refused by the commands' checks, in their words).
    static func listFormat(_ value: String) -> OutputFormat? {
        guard let format = OutputFormat(rawValue: value), format != .geojson else { return nil }
        return format
    }
}
