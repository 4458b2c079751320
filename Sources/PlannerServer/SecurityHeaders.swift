import HTTPTypes
import Hummingbird

/// The headers every response carries so that a browser runs nothing but the page's own script: a strict
/// Content-Security-Policy (no inline script or style, no other origin but TMDb's posters), no content sniffing, and
/// no referrer sent to the poster host.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The page's policy: its script, styles and requests are its own; images are its own or TMDb's posters.
    static var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https://image.tmdb.org; "
            + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }

    static var referrerPolicy: HTTPField.Name { HTTPField.Name("Referrer-Policy")! }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[Self.referrerPolicy] = "no-referrer"
        return response
    }
}
