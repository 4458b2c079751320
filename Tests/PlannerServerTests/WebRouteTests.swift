import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import PlannerServer

/// The web app's routes: its three files, and the headers every answer carries.
@Suite struct WebRouteTests {
    @Test(arguments: [("/", "text/html"), ("/app.js", "text/javascript"), ("/app.css", "text/css")])
    func thePageAndItsFilesAreServedWithTheirTypes(path: String, type: String) async throws {
        try await RouteTests.withApplication { client in
            try await client.execute(uri: path, method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType]?.hasPrefix(type + ";") == true, "\(path)")
                #expect(response.body.readableBytes > 500, "\(path)")
            }
        }
    }

    @Test(arguments: ["/", "/app.js", "/healthz", "/v1/theaters?near=91,0", "/v1/nowhere"])
    func everyAnswerForbidsInlineScriptOtherOriginsAndSniffing(uri: String) async throws {
        try await RouteTests.withApplication { client in
            try await client.execute(uri: uri, method: .get) { response in
                let policy = try #require(response.headers[.contentSecurityPolicy], "\(uri)")
                #expect(policy.hasPrefix("default-src 'none'; script-src 'self'; style-src 'self';"), "\(policy)")
                #expect(!policy.contains("unsafe"), "\(policy)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                let referrer = response.headers.first { $0.name.canonicalName == "referrer-policy" }
                #expect(referrer?.value == "no-referrer")
            }
        }
    }
}
