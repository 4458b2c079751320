/// The segments listed in each cell of a ``SegmentIndex``, laid out flat: the segment numbers of one cell after
/// another (in segment order), and where each cell's run starts.
///
/// The cells form a dense grid over the rows and columns that hold segments when that grid has no more than a few
/// cells per listing (every real area: a city's segments each meet one or two cells);
/// otherwise (nodes scattered far apart, as a damaged file can have) only the occupied cells are kept, sorted by
/// key and found by binary search. Either is built in two passes over the segments' boxes, with no table of
/// growing arrays: building a dictionary of one array per cell took a fifth of a command's road-graph set-up.
struct SegmentCells: Sendable {
    /// A dense grid holds at most this many cells per listing (and at least `minimumDenseCells` cells).
    static let denseCellsPerListing = 4
    static let minimumDenseCells = 65_536

    private let firstRow: Int
    private let firstColumn: Int
    private let rowCount: Int
    private let columnCount: Int
    /// The occupied cells' keys, ascending, when the grid is sparse; empty when it is dense.
    let keys: [Int64]
    /// Where each cell's run starts in `members` (one more than there are cells).
    let starts: [Int32]
    let members: [Int32]

    /// Lists each segment in every cell its box meets; `box(segment)` gives the rows and columns of those cells
    /// (nil: list it nowhere), and `rows` and `columns` bound them all. Each box is asked for two or three times.
    init(
        segmentCount: Int, rows: ClosedRange<Int>, columns: ClosedRange<Int>,
        box: (Int) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)?
    ) {
        firstRow = rows.lowerBound
        firstColumn = columns.lowerBound
        rowCount = rows.count
        columnCount = columns.count
        let gridCells = rows.count.multipliedReportingOverflow(by: columns.count)
        // A dense grid counts its listings cell by cell first; a sparse one collects them, then sorts.
        var starts: [Int32] = []
        let isDense = !gridCells.overflow
            && (gridCells.partialValue <= Self.minimumDenseCells
                || gridCells.partialValue <= Self.denseCellsPerListing * Self.listingCount(segmentCount, box))
        if isDense {
            starts = [Int32](repeating: 0, count: gridCells.partialValue + 1)
            for segment in 0..<segmentCount {
                guard let (rows, columns) = box(segment) else { continue }
                for row in rows {
                    let base = (row - firstRow) * columnCount - firstColumn + 1
                    for column in columns { starts[base + column] += 1 }
                }
            }
            for cell in 0..<gridCells.partialValue { starts[cell + 1] += starts[cell] }
            var next = starts
            var members = [Int32](repeating: 0, count: Int(starts[gridCells.partialValue]))
            for segment in 0..<segmentCount {
                guard let (rows, columns) = box(segment) else { continue }
                for row in rows {
                    let base = (row - firstRow) * columnCount - firstColumn
                    for column in columns {
                        members[Int(next[base + column])] = Int32(segment)
                        next[base + column] += 1
                    }
                }
            }
            keys = []
            self.starts = starts
            self.members = members
        } else {
            var listed: [(key: Int64, segment: Int32)] = []
            for segment in 0..<segmentCount {
                guard let (rows, columns) = box(segment) else { continue }
                for row in rows {
                    for column in columns { listed.append((Self.key(row, column), Int32(segment))) }
                }
            }
            listed.sort { ($0.key, $0.segment) < ($1.key, $1.segment) }
            var keys: [Int64] = []
            for (offset, entry) in listed.enumerated() where keys.last != entry.key {
                keys.append(entry.key)
                starts.append(Int32(offset))
            }
            starts.append(Int32(listed.count))
            self.keys = keys
            self.starts = starts
            members = listed.map(\.segment)
        }
    }

    /// How many cell listings the boxes make (asked only when the grid is large: one more pass over them).
    private static func listingCount(
        _ segmentCount: Int, _ box: (Int) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)?
    ) -> Int {
        (0..<segmentCount).reduce(0) { total, segment in
            total + (box(segment).map { $0.rows.count * $0.columns.count } ?? 0)
        }
    }

    /// Whether the cells form a dense grid (else only the occupied ones are kept, sorted by key).
    var isDense: Bool { keys.isEmpty }

    /// Calls `body` with each segment listed in the cell at `row`, `column` (none outside the grid).
    @inline(__always)
    func forEachSegment(row: Int, column: Int, _ body: (Int32) -> Void) {
        let cell: Int
        if keys.isEmpty {
            let r = row - firstRow
            let c = column - firstColumn
            guard r >= 0, r < rowCount, c >= 0, c < columnCount else { return }
            cell = r * columnCount + c
        } else {
            let key = Self.key(row, column)
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            guard low < keys.count, keys[low] == key else { return }
            cell = low
        }
        for slot in Int(starts[cell])..<Int(starts[cell + 1]) { body(members[slot]) }
    }

    private static func key(_ row: Int, _ column: Int) -> Int64 {
        Int64(row) << 32 | Int64(UInt32(truncatingIfNeeded: column))
    }
}

extension SegmentCells {
    /// Cells from the arrays of a saved index over `rows` and `columns` (`GraphPreparation`), once they are found
    /// to fit: a dense grid has a run for every cell, a sparse one a run for each of its keys (ascending), runs
    /// start at 0 and never go back, and every listing names one of `segmentCount` segments.
    init(
        rows: ClosedRange<Int>, columns: ClosedRange<Int>, keys: [Int64], starts: [Int32], members: [Int32],
        segmentCount: Int
    ) throws(BinaryReader.Failure) {
        let gridCells = rows.count.multipliedReportingOverflow(by: columns.count)
        let runs = keys.isEmpty ? gridCells.partialValue : keys.count
        guard keys.isEmpty ? !gridCells.overflow : true, starts.count == runs + 1, starts.first == 0,
            starts.last == Int32(exactly: members.count)
        else { throw BinaryReader.Failure(reason: "the snapping cells disagree in size") }
        for run in 0..<runs where starts[run] > starts[run + 1] {
            throw BinaryReader.Failure(reason: "the snapping cells' runs go back at cell \(run)")
        }
        for index in keys.indices.dropFirst() where keys[index - 1] >= keys[index] {
            throw BinaryReader.Failure(reason: "the snapping cells' keys are not ascending at \(index)")
        }
        for member in members where member < 0 || Int(member) >= segmentCount {
            throw BinaryReader.Failure(reason: "a snapping cell lists segment \(member) of \(segmentCount)")
        }
        firstRow = rows.lowerBound
        firstColumn = columns.lowerBound
        rowCount = rows.count
        columnCount = columns.count
        self.keys = keys
        self.starts = starts
        self.members = members
    }
}
