import FlyingFox
import Foundation
import TestSupport

/// The schedule the fake Finnkino serves: shows of the fake TMDb's films at Kinopalatsi and Tennispalatsi.
///
/// A copy of PlannerCLITests' schedule (Support/FakeFinnkinoService.swift), so that the plan and the suggestions
/// computed here in process are those the command-line tests check.
enum FakeFinnkinoService {
    /// The year of a fake TMDb film, as its release date gives it.
    static func year(_ id: Int) -> Int {
        let film = FakeTMDbService.films.first { $0.id == id }!
        return Int(FakeTMDbService.day(film.releaseInDays).prefix(4))!
    }

    static let kino = FakeFinnkino.kinopalatsi
    static let tennis = FakeFinnkino.tennispalatsi

    /// Tomorrow's shows (Helsinki time), all late enough that none has become unreachable while the test runs.
    static func tomorrow() -> [FinnkinoShowSpec] {
        let day = FakeFinnkino.helsinkiDay(1)
        return [
            FinnkinoShowSpec(
                id: 1, title: "Revontulet", originalTitle: "Northern Lights", year: year(101), day: day, time: "18:30",
                theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 2, title: "Harbour Nights", originalTitle: nil, year: year(102), day: day, time: "20:00",
                theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 3, title: "Talvitie", originalTitle: "Winter Road", year: year(103), day: day, time: "17:00",
                theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 4, title: "Not On Your List", originalTitle: "Not On Your List", year: year(101), day: day,
                time: "19:00", theatreID: kino.id, theatre: kino.name),
            FinnkinoShowSpec(
                id: 5, title: "Revontulet", originalTitle: "Northern Lights", year: year(101), day: day, time: "19:15",
                theatreID: tennis.id, theatre: tennis.name),
            FinnkinoShowSpec(
                id: 6, title: "Talvitie", originalTitle: "Winter Road", year: year(103), day: day, time: "22:00",
                theatreID: kino.id, theatre: kino.name),
        ]
    }

    /// A Finnkino whose schedule is cut off in the middle of a show (its areas are whole).
    static let malformedSchedule: FakeServer.Handler = { request, count in
        request.path.hasPrefix("/xml/Schedule")
            ? FakeFinnkino.xml("<Schedule><Shows><Show><ID>1</ID>")
            : try await FakeFinnkino.handler([])(request, count)
    }
}

/// Runs `body` with a fake TMDb and a fake Finnkino serving `shows`, both on loopback, stopping them afterwards.
func withFakeTMDbAndFinnkino(
    _ shows: [FinnkinoShowSpec], finnkinoHandler: FakeServer.Handler? = nil,
    _ body: (_ tmdb: FakeServer, _ finnkino: FakeServer) async throws -> Void
) async throws {
    try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
        try await withFakeServer(basePath: "/xml", finnkinoHandler ?? FakeFinnkino.handler(shows)) { finnkino in
            try await body(tmdb, finnkino)
        }
    }
}
