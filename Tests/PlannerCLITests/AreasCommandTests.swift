import Foundation
import TestSupport
import Testing

@Suite("planner areas: importing OpenStreetMap extracts and routing on them")
struct AreasCommandTests {
    static let columbus = SharedData.path("osm/otp_columbus.osm.pbf")
    /// Importing Columbus contracts its car graph's turns: some 5 s in a release build, 45 s or more in the debug
    /// build these tests run while other tests share the cores.
    static let importTimeoutSeconds = 300.0

    @Test(.enabled(if: SharedData.isAvailable, "skipped: ../shared/data is absent"))
    func anImportedExtractGivesRoadTimesAndItsTheaters() async throws {
        let planner = PlannerProcess()
        let imported = try await planner.run(
            ["areas", "import", Self.columbus, "--name", "columbus"], timeoutSeconds: Self.importTimeoutSeconds)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported columbus"))
        #expect(imported.stdout.contains("graph edges"))
        #expect(imported.stdout.contains("skipped       0 references"))
        #expect(imported.stdout.contains("read          110560 nodes, 15503 ways, 111 relations"))
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

    @Test func aDamagedAreaFileIsReportedAndTheBundledAreaStandsIn() async throws {
        // Given a user area file cut short, under the bundled area's name
        let planner = PlannerProcess()
        let areas = planner.home.appendingPathComponent("areas")
        try FileManager.default.createDirectory(at: areas, withIntermediateDirectories: true)
        let bundled = PlannerProcess.repositoryRoot.appendingPathComponent("Data/areas/helsinki.roadgraph")
        try Data(contentsOf: bundled).prefix(300_000).write(to: areas.appendingPathComponent("helsinki.roadgraph"))

        // Then the list says it is damaged, and a route warns once and still follows the bundled roads
        let list = try await planner.run(["areas", "list"])
        #expect(list.stdout.contains("DAMAGED: import it again"))
        let route = try await planner.run(["route", "--near", "60.1699,24.9384", "--to", "Kinopalatsi"])
        #expect(route.status == 0, "\(route.stderr)")
        #expect(route.stderr.contains("warning: the area 'helsinki'"))
        #expect(route.stderr.contains("import it again"))
        #expect(route.stdout.contains("source    road-network"))
    }

    @Test func aCatalogImportsAsAnAreaOfTheatersOnTopOfTheBundledData() async throws {
        // Given a catalog of three Lyon cinemas, in the CSV form --catalog reads
        let planner = PlannerProcess()
        let csv = planner.home.appendingPathComponent("lyon.csv")
        try """
            name,lat,lon,address
            Comoedia,45.747368,4.835557,13 avenue Berthelot
            Lumière Bellecour,45.756939,4.832041,12 rue de la Barre
            Pathé Bellecour,45.758412,4.834398,79 rue de la République
            Le Grand Rex,48.870717,2.347821,1 boulevard Poissonnière
            """.write(to: csv, atomically: true, encoding: .utf8)

        // When it is imported as an area
        let imported = try await planner.run(["areas", "import", csv.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("imported lyon"))
        #expect(imported.stdout.contains("theaters      4"))
        let list = try await planner.run(["areas", "list"])
        #expect(list.stdout.contains("lyon"))
        #expect(list.stdout.contains("helsinki"))

        // Then nearby finds its theaters, timed by estimate (a catalog has no roads)
        let lyon = try await planner.run(["nearby", "--near", "45.7578,4.8320", "--radius", "2km", "--format", "json"])
        #expect(lyon.status == 0, "\(lyon.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(lyon.stdout.utf8)) as? [String: Any])
        let names = try #require(json["theaters"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        #expect(names == ["Lumière Bellecour", "Pathé Bellecour", "Comoedia"])
        // And between Lyon and Paris (inside the catalog's box, far from its theaters) nothing is claimed
        let dijon = try await planner.run(["nearby", "--near", "47.3220,5.0415", "--radius", "2km"])
        #expect(dijon.status != 0)
        #expect(dijon.stderr.contains("holds no data"))
        // And Helsinki still answers from the bundled data with road times
        let helsinki = try await planner.run(["nearby", "--near", "Helsinki"])
        #expect(helsinki.stdout.contains("Kinopalatsi"))
        #expect(helsinki.stdout.contains("follow the roads"))

        // And removing it takes its theaters away again
        #expect(try await planner.run(["areas", "remove", "lyon"]).status == 0)
        #expect(try await planner.run(["nearby", "--near", "45.7578,4.8320", "--radius", "2km"]).status != 0)
    }

    @Test(.enabled(if: SharedData.isAvailable, "skipped: ../shared/data is absent"))
    func badFilesAreOneLineAndLeaveThePreviousAreasUntouched() async throws {
        let planner = PlannerProcess()
        _ = try await planner.run(
            ["areas", "import", Self.columbus, "--name", "columbus"], timeoutSeconds: Self.importTimeoutSeconds)
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
