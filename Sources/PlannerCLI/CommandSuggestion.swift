import ArgumentParser

/// "did you mean 'nearby'?" for a mistyped subcommand (`planner nearbyy`), worked out only once parsing has
/// failed, so that a run that parses pays nothing for it.
enum CommandSuggestion {
    /// The line for `arguments` when a word where a subcommand belongs names none, else nil.
    static func message(for arguments: [String], root: ParsableCommand.Type = PlannerCommand.self) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "planner"]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(next.configuration.commandName ?? word)
                continue
            }
            let candidates = subcommands.filter { $0.configuration.shouldDisplay }.flatMap(names(of:))
            let line = "unknown command '\(path.joined(separator: " ")) \(word)'"
            guard let best = closest(to: word, among: candidates) else {
                // A command with a default subcommand may have taken the word as that one's argument: its own
                // error says more than a guess would.
                guard command.configuration.defaultSubcommand == nil else { return nil }
                return line + "; '\(path.joined(separator: " ")) --help' lists the commands"
            }
            return line + "; did you mean '\(path.joined(separator: " ")) \(best)'?"
        }
        return nil
    }

    private static func names(of command: ParsableCommand.Type) -> [String] {
        [command.configuration.commandName].compactMap { $0 } + command.configuration.aliases
    }

    /// The candidate nearest `word` by edit distance, if near enough to be a slip: at most 2 edits (1 for short
    /// words), or a prefix of at least 3 letters.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        if lowered.count >= 3, let prefixed = candidates.first(where: { $0.hasPrefix(lowered) }) { return prefixed }
        let limit = lowered.count <= 4 ? 1 : 2
        let scored = candidates.map { ($0, editDistance(lowered, $0)) }.filter { $0.1 <= limit }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
