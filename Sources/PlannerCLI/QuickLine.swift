/// The option scan `QuickList` and `QuickNowPlaying` share: switches and options with a value, each at most once,
/// `--name value` or `--name=value` (`-o value` for `--output`), values that do not look like options. False for
/// anything argument-parser should read instead (see ``QuickNearby``, whose scan also takes negative numbers).
enum QuickLine {
    /// Scans `arguments` from `start`; `isSwitch` and `takesValue` name the options (arrays and switches rather
    /// than sets: a first `Set<String>` costs the runtime a scan of the binary's conformance records).
    /// - Returns: false at the first piece that is not the command's, a repeat, a missing or option-like or empty
    ///   value, or one `set` refuses.
    static func scan(
        _ arguments: [String], from start: Int, isSwitch: (String) -> Bool, takesValue: (String) -> Bool,
        set: (_ name: String, _ value: String?) -> Bool
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
                // argument-parser treats `--`, `-x` and `--generate-completion-script` in its own ways.
                guard !value!.hasPrefix("-") else { return false }
            }
            guard !value!.isEmpty, set(key, value!) else { return false }
        }
        return true
    }
}
