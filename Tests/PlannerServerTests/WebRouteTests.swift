import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import PlannerServer

/// The web app's routes: the headers every answer carries.
@Suite struct WebRouteTests {
    @Test(arguments: ["/", "/healthz", "/v1/theaters?near=91,0", "/v1/nowhere"])
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
