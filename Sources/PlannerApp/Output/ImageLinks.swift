import Foundation
import NowPlaying

/// The image sizes planner asks TMDb for, by use.
package enum ImageSize: String, Sendable {
    /// A poster beside a row of a list.
    case listPoster = "w342"
    /// The poster of one film's or series' details.
    case detailPoster = "w500"
    /// A backdrop.
    case backdrop = "w780"
    /// The file as TMDb keeps it (the gallery of `--images`, whose sizes it names).
    case original
}

/// Poster and backdrop URLs, built from TMDb's `/configuration`. Without a configuration (TMDb could not be
/// asked, and the cache holds none) every URL is nil: a poster is a nicety, and its absence fails nothing.
package struct ImageLinks: Sendable {
    /// Where TMDb serves images, or nil when it could not be had.
    package let configuration: ImageConfiguration?

    package init(configuration: ImageConfiguration?) { self.configuration = configuration }

    /// No configuration: every URL is nil. What a report holds until a face that writes URLs asks for them.
    package static let none = ImageLinks(configuration: nil)

    /// The URL of the poster at `path`, or nil when there is no path or no configuration.
    package func poster(_ path: String?, size: ImageSize = .listPoster) -> String? {
        configuration?.posterURLText(path: path, size: size.rawValue)
    }

    /// The URL of the backdrop at `path`, or nil when there is no path or no configuration.
    package func backdrop(_ path: String?, size: ImageSize = .backdrop) -> String? {
        configuration?.backdropURLText(path: path, size: size.rawValue)
    }
}

/// An optional written as JSON `null` when it is nil, where a synthesized `Encodable` leaves the key out: for
/// fields a schema promises on every row, such as `poster_url`.
package struct Nullable<Wrapped: Encodable & Sendable>: Encodable, Sendable {
    package let value: Wrapped?

    package init(_ value: Wrapped?) { self.value = value }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension FilmServices {
    /// TMDb's image configuration, from the cache or `/configuration`, for a face about to write poster URLs: no
    /// other face asks, so a table costs no request. When it cannot be had, the URLs are nil and nothing fails.
    package func imageLinks() async -> ImageLinks {
        ImageLinks(configuration: try? await client.imageConfiguration(policy: policy).value)
    }
}
