import Geo
import Testing
@testable import Theaters
import Tabular

@Suite struct TheaterQueryTests {
    /// The keyword's normal form, byte by byte for ASCII, is what the scalar-by-scalar way gives for every mix
    /// of letters, hyphens, white space and non-ASCII text.
    @Test func keywordsAreNormalizedAsTheScalarWayNormalizesThem() {
        func scalarWay(_ keyword: String) -> String {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: keyword.lowercased().unicodeScalars.map { $0 == "-" ? " " : $0 })
            return String(scalars).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        }
        let pieces = [
            "", " ", "-", "\t", "\r\n", "\u{0B}", "\u{1F}", "\u{A0}", "Movie", "THEATRE", "é", "Ki-no", "9", "\u{2028}",
        ]
        var checked = 0
        for a in pieces { for b in pieces { for c in pieces {
            let keyword = a + b + c
            #expect(TheaterQuery.normalized(keyword) == scalarWay(keyword), "\(Array(keyword.unicodeScalars))")
            checked += 1
        } } }
        #expect(checked == 2_744)
    }

    @Test(arguments: ["movie theatre", "movie theater", "movie theatres", "cinema", "cinemas", "movies", "Movie  Theatre"])
    func cinemaKeywordsMeanAmenityCinema(_ keyword: String) {
        #expect(TheaterQuery(keyword: keyword) == .category(.cinema, driveIn: false))
    }

    @Test(arguments: ["theatre", "theater", "Theatre"])
    func theatreKeywordsMeanAmenityTheatre(_ keyword: String) {
        #expect(TheaterQuery(keyword: keyword) == .category(.theatre, driveIn: false))
    }

    @Test func driveInMeansCinemaWithDriveInYes() {
        #expect(TheaterQuery(keyword: "drive-in") == .category(.cinema, driveIn: true))
    }

    @Test func anyOtherKeywordIsANameMatchIgnoringCaseAndAccents() throws {
        let query = TheaterQuery(keyword: "KESAKINO")
        #expect(query.isNameMatch)
        let coordinate = try Coordinate(latitude: 60.168744, longitude: 24.95177)
        let theater = Theater(
            osmType: .node, osmID: 2_493_672_735, name: "Kesäkino Engel", coordinate: coordinate, category: .cinema,
            tags: [:], fallbackID: "x")
        #expect(query.matches(theater))
        #expect(!TheaterQuery(keyword: "Bio Rex").matches(theater))
    }

    @Test func aDriveInQueryOnlyMatchesDriveIns() throws {
        let coordinate = try Coordinate(latitude: 0, longitude: 0)
        let plain = Theater(osmType: nil, osmID: nil, name: "A", coordinate: coordinate, category: .cinema, tags: [:], fallbackID: "a")
        let driveIn = Theater(
            osmType: nil, osmID: nil, name: "B", coordinate: coordinate, category: .cinema, tags: ["drive_in": "yes"],
            fallbackID: "b")
        let query = TheaterQuery(keyword: "drive-in")
        #expect(!query.matches(plain))
        #expect(query.matches(driveIn))
    }
}

@Suite struct CSVTableTests {
    @Test func quotedFieldsKeepCommasQuotesAndLineBreaks() throws {
        let table = try CSVTable(text: "name,note\n\"A, B\",\"say \"\"hi\"\"\nthere\"\nC,D\n")
        #expect(table.header == ["name", "note"])
        #expect(table.rows == [["A, B", "say \"hi\"\nthere"], ["C", "D"]])
    }

    @Test func aByteOrderMarkAndSemicolonsAreUnderstood() throws {
        let table = try CSVTable(text: "\u{FEFF}nom;lat;lon\r\nCinéma;48.8;2.3\r\n")
        #expect(table.header == ["nom", "lat", "lon"])
        #expect(table.rows == [["Cinéma", "48.8", "2.3"]])
    }

    @Test func writingEscapesOnlyWhatNeedsIt() {
        #expect(CSVTable.line(["plain", "a,b", "q\"q"]) == "plain,\"a,b\",\"q\"\"q\"")
    }
}

