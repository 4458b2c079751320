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

    /// The text of ``posterURL(path:size:)``: the same characters, written without a `URL` where the base and
    /// the segments need no escaping (TMDb's always), for a list that writes a poster URL per film.
    public func posterURLText(path: String?, size: String = "w342") -> String? {
        urlText(path: path, size: size, sizes: posterSizes)
    }

    /// The text of ``backdropURL(path:size:)``, written as ``posterURLText(path:size:)`` writes its.
    public func backdropURLText(path: String?, size: String = "w780") -> String? {
        urlText(path: path, size: size, sizes: backdropSizes)
    }

    /// The base URL's text, the size and the path joined by `/` when `appendingPathComponent` would join them so
    /// (an http(s) base ending in `/` with no query or fragment, segments of letters, digits, `-`, `_` and `.`);
    /// otherwise the URL's own text.
    private func urlText(path: String?, size: String, sizes: [String]) -> String? {
        guard let path, !path.isEmpty else { return nil }
        let chosen = Self.pick(size, from: sizes)
        let trimmed = path.hasPrefix("/") ? path.dropFirst() : path[...]
        let base = secureBaseURL.absoluteString
        if Self.isPlainSegment(chosen[...]), Self.isPlainSegment(trimmed), Self.takesPlainSegments(base) {
            return base + chosen + "/" + String(trimmed)
        }
        return url(path: path, size: size, sizes: sizes)?.absoluteString
    }

    /// A path segment the URL API writes as it is: ASCII letters, digits, `-`, `_` and `.`, not empty and not
    /// dots alone.
    static func isPlainSegment(_ text: Substring) -> Bool {
        var dotsAlone = true
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                dotsAlone = false
            case UInt8(ascii: "."):
                continue
            default:
                return false
            }
        }
        return !dotsAlone
    }

    /// A base whose text a plain segment is simply written after: http or https, ending in `/`, with no query,
    /// fragment or escape.
    static func takesPlainSegments(_ base: String) -> Bool {
        (base.hasPrefix("https://") || base.hasPrefix("http://")) && base.hasSuffix("/")
            && !base.utf8.contains { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "%") }
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
