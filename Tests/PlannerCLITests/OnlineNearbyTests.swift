import FlyingFox
import Foundation
import TestSupport
import Testing

/// Fake Overpass and Nominatim, in their documented shapes, for `nearby --online`.
enum FakeOSMServices {
    /// Three cinemas around Place Bellecour, Lyon; Overpass sends them out of distance order.
    static let overpass: FakeServer.Handler = { request, _ in
        let form = String(decoding: request.body, as: UTF8.self).removingPercentEncoding ?? ""
        let amenity = form.contains("\"amenity\"=\"theatre\"") ? "theatre" : "cinema"
        return Reply.json("""
            {"version":0.6,"generator":"Overpass API","elements":[
              {"type":"node","id":3003,"lat":45.7700,"lon":4.8500,"tags":{"amenity":"\(amenity)","name":"Far \(amenity)"}},
              {"type":"way","id":2002,"center":{"lat":45.7580,"lon":4.8325},"tags":{"amenity":"\(amenity)","name":"Near \(amenity)"}},
              {"type":"node","id":1001,"lat":45.7620,"lon":4.8350,"tags":{"amenity":"\(amenity)","name":"Middle \(amenity)"}}
            ]}
            """)
    }

    static let nominatim: FakeServer.Handler = { request, _ in
        if request.path == "/reverse" {
            return Reply.json(#"{"display_name":"Place Bellecour, Lyon, France","lat":"45.7578","lon":"4.832"}"#)
        }
        let name = request.query["q"] ?? "Lyon"
        return Reply.json("""
            [{"osm_type":"relation","osm_id":120965,"lat":"45.7578137","lon":"4.8320114","category":"boundary",
              "type":"administrative","name":"\(name)","display_name":"\(name), France","address":{"country_code":"fr"}}]
            """)
    }
}

@Suite("nearby --online against fake Overpass and Nominatim on loopback")
struct OnlineNearbyTests {
    func planner(overpass: FakeServer, nominatim: FakeServer) -> PlannerProcess {
        PlannerProcess(environment: [
            "OVERPASS_URL": overpass.baseURL.absoluteString + "/api/interpreter",
            "NOMINATIM_URL": nominatim.baseURL.absoluteString,
        ])
    }

    @Test func lyonListsWhatOverpassReturnedSortedByDistanceAndASecondCallMakesNoRequest() async throws {
        try await withFakeServer(FakeOSMServices.overpass) { overpass in
            try await withFakeServer(FakeOSMServices.nominatim) { nominatim in
                let planner = planner(overpass: overpass, nominatim: nominatim)
                let arguments = ["nearby", "--near", "Lyon", "--online", "--radius", "2km", "--format", "json"]
                let result = try await planner.run(arguments)
                #expect(result.status == 0, "\(result.stderr)")
                let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
                let theaters = json["theaters"] as! [[String: Any]]
                #expect(theaters.map { $0["name"] as! String } == ["Near cinema", "Middle cinema", "Far cinema"])
                #expect(theaters.allSatisfy { $0["source"] as? String == "Overpass" })
                // The keyword became the right tag, and every request named the tool
                let query = try #require(await overpass.log.requests.first)
                let form = String(decoding: query.body, as: UTF8.self).removingPercentEncoding ?? ""
                #expect(form.contains("nwr[\"amenity\"=\"cinema\"](around:2000,45.7578137,4.8320114)"))
                let all = await overpass.log.requests + nominatim.log.requests
                #expect(all.allSatisfy { ($0.header("User-Agent") ?? "").hasPrefix("planner/") })
                // A second identical call is answered from the cache
                let (overpassCount, nominatimCount) = (await overpass.log.count, await nominatim.log.count)
                let again = try await planner.run(arguments)
                #expect(again.status == 0)
                #expect(await overpass.log.count == overpassCount)
                #expect(await nominatim.log.count == nominatimCount)
            }
        }
    }

    @Test func withoutOnlineAPlaceOutsideTheLocalDataIsLookedUpByDefault() async throws {
        try await withFakeServer(FakeOSMServices.overpass) { overpass in
            try await withFakeServer(FakeOSMServices.nominatim) { nominatim in
                let planner = planner(overpass: overpass, nominatim: nominatim)
                // No --online, no setting: the local data does not cover Lyon, so OpenStreetMap is asked.
                let result = try await planner.run(["nearby", "--near", "Lyon", "--radius", "2km"])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.contains("Near cinema"))
                #expect(result.stdout.contains("Overpass"))
                #expect(await overpass.log.count > 0)

                // --offline, and `online never`, keep it local: the coverage error, and no request.
                let before = await overpass.log.count
                for arguments in [["nearby", "--near", "Lyon", "--radius", "2km", "--offline"]] {
                    let offline = try await planner.run(arguments)
                    #expect(offline.status != 0)
                    #expect(offline.stderr.contains("the local data covers"))
                }
                #expect(try await planner.run(["config", "set", "online", "never"]).status == 0)
                let never = try await planner.run(["nearby", "--near", "Lyon", "--radius", "2km", "--online"])
                #expect(never.status != 0)
                #expect(never.stderr.split(separator: "\n").count == 1)
                #expect(await overpass.log.count == before)
            }
        }
    }

    @Test func theTheatreKeywordAsksForAmenityTheatre() async throws {
        try await withFakeServer(FakeOSMServices.overpass) { overpass in
            try await withFakeServer(FakeOSMServices.nominatim) { nominatim in
                let result = try await planner(overpass: overpass, nominatim: nominatim).run(
                    ["nearby", "--near", "Lyon", "--online", "--radius", "2km", "--keyword", "theatre"])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.contains("Near theatre"))
                #expect(result.stdout.contains("Overpass"))
            }
        }
    }

    @Test func twoProcessesAtOnceNeverSendNominatimTwoRequestsWithinASecond() async throws {
        let arrivals = ArrivalLog()
        let nominatim: FakeServer.Handler = { request, count in
            await arrivals.record()
            return try await FakeOSMServices.nominatim(request, count)
        }
        try await withFakeServer(FakeOSMServices.overpass) { overpass in
            try await withFakeServer(nominatim) { nominatimServer in
                let planner = planner(overpass: overpass, nominatim: nominatimServer)
                _ = try await planner.run(["config", "set", "contact", "tester@example.org"])
                async let first = planner.run(["nearby", "--near", "Lyon", "--online", "--radius", "2km"])
                async let second = planner.run(["nearby", "--near", "Villeurbanne", "--online", "--radius", "2km"])
                let (a, b) = try await (first, second)
                #expect(a.status == 0, "\(a.stderr)")
                #expect(b.status == 0, "\(b.stderr)")
                let times = await arrivals.times.sorted()
                #expect(times.count >= 2)  // two searches; a geocoded origin needs no reverse lookup
                for (x, y) in zip(times, times.dropFirst()) {
                    #expect(y.timeIntervalSince(x) >= 1.0, "two Nominatim requests \(y.timeIntervalSince(x)) s apart")
                }
                let agent = try #require(await nominatimServer.log.requests.first?.header("User-Agent"))
                #expect(agent.contains("tester@example.org"))
            }
        }
    }

    @Test func whenOverpassFailsNominatimsAmenitySearchStandsIn() async throws {
        let nominatim: FakeServer.Handler = { request, count in
            guard request.query["amenity"] == "cinema" else { return try await FakeOSMServices.nominatim(request, count) }
            return Reply.json("""
                [{"osm_type":"node","osm_id":1001,"lat":"45.762","lon":"4.835","category":"amenity","type":"cinema",
                  "name":"Cinéma Comoedia","display_name":"Cinéma Comoedia, Lyon, France"}]
                """)
        }
        try await withFakeServer({ _, _ in Reply.json("{}", status: 504) }) { overpass in
            try await withFakeServer(nominatim) { nominatimServer in
                let result = try await planner(overpass: overpass, nominatim: nominatimServer).run(
                    ["nearby", "--near", "Lyon", "--online", "--radius", "2km"])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.contains("Cinéma Comoedia"))
                #expect(result.stdout.contains("Overpass failed"))
                #expect(result.stdout.contains("Nominatim"))
            }
        }
    }

    @Test(arguments: ["showtimes", "plan"])
    func aCommandGivenADatabaseCachesItsLookupsThereAndWritesNoOtherFile(command: String) async throws {
        try await withFakeServer(FakeOSMServices.overpass) { overpass in
            try await withFakeServer(FakeOSMServices.nominatim) { nominatim in
                // Given no PLANNER_DB: the default file would be under XDG_DATA_HOME
                var planner = planner(overpass: overpass, nominatim: nominatim)
                planner.environment.removeValue(forKey: "PLANNER_DB")
                let given = planner.home.appendingPathComponent("given.sqlite")
                let line = [command, "--near", "Lyon", "--online", "--radius", "2km", "--db", given.path]
                // When the command is given --db and looks Lyon and its cinemas up
                let first = try await planner.run(line + ["--format", "json"])
                #expect(first.status == 0, "\(first.stderr)")
                let asked = (await overpass.log.count, await nominatim.log.count)
                #expect(asked.0 > 0 && asked.1 > 0)
                // Then the given file holds the answers: the same line asks neither service again
                let second = try await planner.run(line + ["--format", "json"])
                #expect(second.status == 0, "\(second.stderr)")
                let askedAgain = (await overpass.log.count, await nominatim.log.count)
                #expect(askedAgain == asked)
                #expect(FileManager.default.fileExists(atPath: given.path))
                // And the default file was never made
                let defaultFolder = planner.home.appendingPathComponent("data/planner")
                #expect(!FileManager.default.fileExists(atPath: defaultFolder.path), "\(defaultFolder.path) was made")
            }
        }
    }

    @Test func withTheNetworkDownHelsinkiStillAnswersFromLocalDataAndSaysWhatIsMissing() async throws {
        let planner = PlannerProcess(environment: [
            "OVERPASS_URL": "http://127.0.0.1:9/api/interpreter", "NOMINATIM_URL": "http://127.0.0.1:9",
        ])
        let result = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--online", "--radius", "2km"], timeoutSeconds: 120)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Kinopalatsi"))
        #expect(result.stdout.contains("showing local data only"))
        let lyon = try await planner.run(["nearby", "--near", "45.7578,4.832", "--online", "--radius", "2km"], timeoutSeconds: 120)
        #expect(lyon.status != 0)
        #expect(lyon.stderr.split(separator: "\n").count == 1)
    }

    @Test func aCommandRightAfterAnotherFoundTheServicesDownAsksNeitherAndAnswersAlike() async throws {
        // Given a command that found Overpass and Nominatim down (nothing listens on port 9)
        let planner = PlannerProcess(environment: [
            "OVERPASS_URL": "http://127.0.0.1:9/api/interpreter", "NOMINATIM_URL": "http://127.0.0.1:9",
        ])
        let line = ["nearby", "--near", "60.1699,24.9384", "--online", "--radius", "2km", "--verbose"]
        let first = try await planner.run(line, timeoutSeconds: 120)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("overpass: POST") && first.stderr.contains("nominatim: GET"))
        // When the next runs on the same database within the outage
        let second = try await planner.run(line, timeoutSeconds: 120)
        // Then it sends nothing (the verbose log lists no request) and prints what the first printed
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stderr.contains("overpass:") && !second.stderr.contains("nominatim:"), "\(second.stderr)")
        #expect(second.stdout == first.stdout)
    }

    @Test func aDatabaseThatIsNotOneIsReportedFirstAndNoServiceIsAsked() async throws {
        // The lookup database opens on a thread of its own while the search reads its local data; its refusal
        // still comes first, as when it was opened before anything else, and nothing is sent.
        try await withFakeServer(FakeOSMServices.overpass) { overpass in
            try await withFakeServer(FakeOSMServices.nominatim) { nominatim in
                let planner = planner(overpass: overpass, nominatim: nominatim)
                let path = try #require(planner.environment["PLANNER_DB"])
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
                for arguments in [
                    ["nearby", "--near", "Lyon", "--online", "--radius", "2km"],
                    ["nearby", "--near", "Nowhere-In-Particular", "--radius", "2km"],
                    ["nearby", "--near", "95.5,24.9384", "--radius", "2km"],
                ] {
                    let result = try await planner.run(arguments)
                    #expect(result.status != 0)
                    #expect(result.stderr == "planner: error: The file at \(path) is not a SQLite database; nothing was changed.\n")
                }
                #expect(await overpass.log.count == 0)
                #expect(await nominatim.log.count == 0)
            }
        }
    }
}

actor ArrivalLog {
    private(set) var times: [Date] = []
    func record() { times.append(Date()) }
}
