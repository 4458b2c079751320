import Foundation

/// Where TMDb serves images, from `/configuration`.
public struct ImageConfiguration: Sendable, Equatable, Decodable {
    /// The https root of every image, such as `https://image.tmdb.org/t/p/`.
    public var secureBaseURL: URL
    /// Poster widths TMDb serves, such as "w342" or "original".
    public var posterSizes: [String]
    /// Backdrop widths TMDb serves, such as "w780" or "original".
    public var backdropSizes: [String]

    /// Creates an image configuration.
    public init(secureBaseURL: URL, posterSizes: [String], backdropSizes: [String] = []) {
        self.secureBaseURL = secureBaseURL
        self.posterSizes = posterSizes
        self.backdropSizes = backdropSizes
    }

    /// The full URL of a poster.
    /// - Parameters:
    ///   - path: ``Movie/posterPath``, such as `/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg`.
    ///   - size: a size from ``posterSizes``; when it isn't one, the largest `w…` size not above it, else "original".
    /// - Returns: nil when `path` is nil or empty.
    public func posterURL(path: String?, size: String = "w342") -> URL? {
        url(path: path, size: size, sizes: posterSizes)
    }

    /// The full URL of a backdrop.
    /// - Parameters:
    ///   - path: ``Movie/backdropPath`` or a backdrop's ``ImageSet/Image/filePath``.
    ///   - size: a size from ``backdropSizes``, chosen as ``posterURL(path:size:)`` chooses.
    /// - Returns: nil when `path` is nil or empty.
    public func backdropURL(path: String?, size: String = "w780") -> URL? {
        url(path: path, size: size, sizes: backdropSizes)
    }

    /// The base URL, the size nearest `size` among `sizes`, and the path.
    private func url(path: String?, size: String, sizes: [String]) -> URL? {
        guard let path, !path.isEmpty else { return nil }
        let chosen = Self.pick(size, from: sizes)
        let trimmed = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return secureBaseURL.appendingPathComponent(chosen).appendingPathComponent(trimmed)
    }

    static func pick(_ size: String, from sizes: [String]) -> String {
        if sizes.isEmpty || sizes.contains(size) { return size }
        func width(_ s: String) -> Int? { s.hasPrefix("w") ? Int(s.dropFirst()) : nil }
        guard let wanted = width(size) else { return sizes.contains("original") ? "original" : sizes.last! }
        let fitting = sizes.compactMap { s in width(s).map { (s, $0) } }.filter { $0.1 <= wanted }
        return fitting.max { $0.1 < $1.1 }?.0 ?? sizes.first!
    }

    private struct Images: Decodable {
        var secureBaseURL: String?
        var baseURL: String?
        var posterSizes: [String]?
        var backdropSizes: [String]?
        enum CodingKeys: String, CodingKey {
            case secureBaseURL = "secure_base_url"
            case baseURL = "base_url"
            case posterSizes = "poster_sizes"
            case backdropSizes = "backdrop_sizes"
        }
    }

    enum CodingKeys: String, CodingKey { case images }

    /// Decodes `{"images": {"secure_base_url": …, "poster_sizes": […], "backdrop_sizes": […]}}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let images = try c.decode(Images.self, forKey: .images)
        guard let text = images.secureBaseURL ?? images.baseURL, let url = URL(string: text) else {
            throw DecodingError.dataCorruptedError(forKey: .images, in: c, debugDescription: "no image base URL")
        }
        secureBaseURL = url
        posterSizes = images.posterSizes ?? []
        backdropSizes = images.backdropSizes ?? []
    }
}
