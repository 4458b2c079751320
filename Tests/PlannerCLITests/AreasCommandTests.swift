import Foundation
import TestSupport
import Testing

@Suite("planner areas: importing OpenStreetMap extracts and routing on them")
struct AreasCommandTests {
    static let columbus = SharedData.path("osm/otp_columbus.osm.pbf")

    @Test(.enabled(if: SharedData.isAvailable, "skipped: ../shared/data is absent"))
    func anImportedExtractGivesRoadTimesAndItsTheaters() async throws {
        let planner = PlannerProcess()
        let imported = try await planner.run(["areas", "import", Self.columbus, "--name", "columbus"])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported columbus"))
        #expect(imported.stdout.contains("graph edges"))
        #expect(imported.stdout.contains("skipped       0 references"))
        let list = try await planner.run(["areas", "list"])
        #expect(list.stdout.contains("columbus"))
        #expect(list.stdout.contains("helsinki"))  // the bundled area

        let nearby = try await planner.run(["nearby", "--near", "39.9612,-82.9988", "--radius", "20km", "--mode", "drive", "--format", "json"])
        #expect(nearby.status == 0, "\(nearby.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(nearby.stdout.utf8)) as! [String: Any]
        let theaters = json["theaters"] as! [[String: Any]]
        #expect(theaters.map { $0["name"] as! String }.contains("AMC Lennox 24"))
        #expect(theaters.allSatisfy { $0["duration_source"] as? String == "road-network" })

        let removed = try await planner.run(["areas", "remove", "columbus"])
        #expect(removed.status == 0)
        let after = try await planner.run(["nearby", "--near", "39.9612,-82.9988", "--radius", "20km"])
        #expect(after.status != 0)  // no data there any more
    }

    @Test(.enabled(if: SharedData.isAvailable, "skipped: ../shared/data is absent"))
    func badFilesAreOneLineAndLeaveThePreviousAreasUntouched() async throws {
        let planner = PlannerProcess()
        _ = try await planner.run(["areas", "import", Self.columbus, "--name", "columbus"])
        let areas = planner.home.appendingPathComponent("areas/columbus.roadgraph")
        let before = try Data(contentsOf: areas)
        let truncated = planner.home.appendingPathComponent("cut.osm.pbf")
        try Data(contentsOf: URL(fileURLWithPath: Self.columbus)).prefix(300_000).write(to: truncated)
        let notOSM = planner.home.appendingPathComponent("notes.osm.pbf")
        try Data("just some text\n".utf8).write(to: notOSM)
        let empty = planner.home.appendingPathComponent("empty.osm.pbf")
        try Data().write(to: empty)
        for (file, words) in [(truncated, "truncated"), (notOSM, "not an OpenStreetMap file"), (empty, "empty")] {
            let result = try await planner.run(["areas", "import", file.path, "--name", "columbus"])
            #expect(result.status != 0)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains(words), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: areas) == before)
    }

    @Test(.enabled(if: SharedData.isAvailable, "skipped: ../shared/data is absent"))
    func gzippedOSMXMLImportsToo() async throws {
        let planner = PlannerProcess()
        let result = try await planner.run(["areas", "import", SharedData.path("osm/graphhopper_krems.osm.gz")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("imported graphhopper_krems"))
    }
}
