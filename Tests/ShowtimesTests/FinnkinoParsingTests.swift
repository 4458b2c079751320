import Foundation
import Showtimes
import Testing

@Suite("Reading Finnkino's XML")
struct FinnkinoParsingTests {
    @Test func aShowWithOnlyALocalStartIsReadOnTheHelsinkiClockAcrossTheDSTChange() throws {
        // Given shows on the Saturday and the Sunday of the last weekend of October 2026 (clocks go back on the 25th)
        let xml = """
            <Schedule><PubDate/><Shows>
            <Show><ID>1</ID><dttmShowStart>2026-10-24T18:30:00</dttmShowStart><Title>A</Title><Theatre>X</Theatre></Show>
            <Show><ID>2</ID><dttmShowStart>2026-10-25T18:30:00</dttmShowStart><Title>B</Title><Theatre>X</Theatre></Show>
            </Shows></Schedule>
            """
        let shows = try FinnkinoParsing.shows(fromSchedule: Data(xml.utf8))
        // Then Saturday's is at UTC+3 and Sunday's at UTC+2
        #expect(shows[0].start == LocalClock.instant(iso8601: "2026-10-24T15:30:00Z"))
        #expect(shows[1].start == LocalClock.instant(iso8601: "2026-10-25T16:30:00Z"))
        #expect(shows.map { $0.localTime(of: $0.start) } == ["18:30", "18:30"])
    }

    @Test(arguments: [
        Array("<Schedule><Shows>\n<Show a".utf8) + [0xF2] + Array("=\"1\"><Title>A</Title></Show></Shows></Schedule>".utf8),
        Array("<Schedule><Shows>\n<Sh".utf8) + [0xF2] + Array("w><Title>A</Title></Show></Shows></Schedule>".utf8),
    ])
    func aNameThatIsNotUTF8IsAnErrorNotACrash(_ bytes: [UInt8]) {
        // Given a schedule with one byte that is not UTF-8 in an attribute's or an element's name, on which
        // Foundation's XMLParser trapped (found while fuzzing OSM XML, FUZZING.md)
        // Then it is refused with the line of that byte
        #expect(throws: ShowtimesError.malformedXML(provider: "Finnkino", line: 2, reason: "it is not UTF-8 text")) {
            _ = try FinnkinoParsing.shows(fromSchedule: Data(bytes))
        }
    }

    @Test func theFuzzersDocumentWithAProcessingInstructionWithoutDataIsRefusedForItsText() {
        // Given the fuzzer's input: a document opening with `<?xmver?>`, on whose missing data Foundation's XMLParser
        // crashed, then text before any element
        let text = "<?xmver?>poo</NaeeAroo</NaeeAreatrcAreas>"
        // Then it is refused for the text, for schedules and areas alike
        let error = ShowtimesError.malformedXML(
            provider: "Finnkino", line: 1, reason: "there is text before the first element")
        #expect(throws: error) { _ = try FinnkinoParsing.shows(fromSchedule: Data(text.utf8)) }
        #expect(throws: error) { _ = try FinnkinoParsing.areas(from: Data(text.utf8)) }
    }

    @Test func aProcessingInstructionWithDataIsReadPast() throws {
        let xml = "<?xml version=\"1.0\"?><Schedule><?pi data?><?pi ?><?pi?><Shows/></Schedule>"
        #expect(try FinnkinoParsing.shows(fromSchedule: Data(xml.utf8)).isEmpty)
    }

    @Test func aShowWithoutATitleIsAnError() {
        let xml =
            "<Schedule><Shows><Show><ID>1</ID><dttmShowStart>2026-10-24T18:30:00</dttmShowStart></Show></Shows></Schedule>"
        #expect(throws: ShowtimesError.invalidShow(provider: "Finnkino", field: "Title", value: "")) {
            _ = try FinnkinoParsing.shows(fromSchedule: Data(xml.utf8))
        }
    }

    @Test func aShowWithAnUnreadableStartIsAnError() {
        let xml =
            "<Schedule><Shows><Show><Title>A</Title><Theatre>X</Theatre><dttmShowStart>tonight</dttmShowStart></Show></Shows></Schedule>"
        #expect(throws: ShowtimesError.invalidShow(provider: "Finnkino", field: "dttmShowStart", value: "tonight")) {
            _ = try FinnkinoParsing.shows(fromSchedule: Data(xml.utf8))
        }
    }

    @Test func oneUnreadableShowIsLeftOutAndTheRestAreKept() throws {
        let xml = """
            <Schedule><Shows>
            <Show><Title>A</Title><Theatre>X</Theatre><dttmShowStart>2026-10-24T18:30:00</dttmShowStart></Show>
            <Show><Title>B</Title><Theatre>X</Theatre><dttmShowStart>tonight</dttmShowStart></Show>
            </Shows></Schedule>
            """
        let schedule = try FinnkinoParsing.schedule(from: Data(xml.utf8))
        #expect(schedule.shows.map(\.title) == ["A"])
        #expect(schedule.unreadable == [.invalidShow(provider: "Finnkino", field: "dttmShowStart", value: "tonight")])
    }

    @Test(arguments: [
        ("<Schedule><Shows><Show><Title>A</Title></Shows></Schedule>", "</Shows> does not close <Show>"),
        ("<Schedule><Shows><Show><Title>A</Title></Show></Shows>", "ends before its tags are closed"),
        ("", "the answer is empty"),
        ("<Schedule/><Schedule/>", "more after the end"),
        ("<Schedule><Shows><Show><Title>A & B</Title></Show></Shows></Schedule>", "'&'"),
        ("<Schedule><Shows><Show><Title>A < B</Title></Show></Shows></Schedule>", "'<'"),
        ("<!DOCTYPE html>\n<p>Down for maintenance", "HTML page"),
    ])
    func malformedXMLIsExplainedInWordsNotAnErrorNumber(_ text: String, _ expected: String) {
        #expect {
            _ = try FinnkinoParsing.shows(fromSchedule: Data(text.utf8))
        } throws: { error in
            guard case .malformedXML(_, _, let reason) = error as? ShowtimesError else { return false }
            return reason.contains(expected) && !reason.contains("NSXMLParserErrorDomain")
        }
    }

    @Test func textThatIsNotXMLIsMalformed() {
        #expect {
            _ = try FinnkinoParsing.shows(fromSchedule: Data("<html><body>Service Unavailable".utf8))
        } throws: { error in
            if case .malformedXML = error as? ShowtimesError { return true }
            return false
        }
    }

    @Test(arguments: ["<Schedule><Shows><Show><ID>1</ID>", "", "<Schedule><Shows></Schedule>"])
    func aCutOrUnbalancedDocumentIsMalformed(_ text: String) {
        #expect {
            _ = try FinnkinoParsing.shows(fromSchedule: Data(text.utf8))
        } throws: { error in
            if case .malformedXML = error as? ShowtimesError { return true }
            return false
        }
    }

    @Test func everyErrorDescribesItselfInOneLine() {
        let errors: [ShowtimesError] = [
            .timedOut(provider: "Finnkino"), .unreachable(provider: "Finnkino"),
            .httpStatus(provider: "Finnkino", code: 500),
            .malformedXML(provider: "Finnkino", line: 3, reason: "bad"),
            .invalidShow(provider: "Finnkino", field: "Title", value: ""),
            .notCached(provider: "Finnkino"), .invalidImport(line: 2, reason: "no title"), .database("locked"), .invalidDay("22.11.2026"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
        }
    }
}
