/// Pairs of pieces for the quick readers' equivalence tests: each second piece after `perSecond` of the firsts, taken
/// in turn, so that every first meets seconds of every kind and every second meets firsts of several kinds.
/// Every pair of every first and second was the test command's slowest part: argument-parser's whole parse of a line
/// reflects over the command's properties each time, which is slow in a debug build.
enum PiecePairs {
    static func lines(_ command: [String], firsts: [[String]], seconds: [[String]], perSecond: Int) -> [[String]] {
        let turns = min(perSecond, firsts.count)
        var lines: [[String]] = []
        for (index, second) in seconds.enumerated() {
            for turn in 0..<turns {
                lines.append(command + firsts[(index * turns + turn) % firsts.count] + second)
            }
        }
        return lines
    }
}
