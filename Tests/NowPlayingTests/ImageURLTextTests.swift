import Foundation
import Testing

@testable import NowPlaying

/// Poster and backdrop URLs written as text (``ImageConfiguration/posterURLText(path:size:)``), which lists write
/// once per film: the same characters as the URL API's, whatever the base and the path.
@Suite struct ImageURLTextTests {
    static let bases = [
        "https://image.tmdb.org/t/p/", "https://image.example/t/p", "http://127.0.0.1:8080/t/p/",
        "https://image.example/", "https://image.example/t/p/?token=1", "https://image.example/t%20p/",
    ]

    static let paths: [String?] = [
        "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", "abc.jpg", "/a b.jpg", "/ä.jpg", "/a?b.jpg", "/a#b.jpg", "/a%20b.jpg",
        "/a/b.jpg", "/..", "/.", "/", "", nil, "/x-y_z.JPEG", "/~tilde.png", "/a+b.jpg",
    ]

    @Test(arguments: bases)
    func theTextIsTheURLsTextForEveryPathAndSize(base: String) throws {
        let images = ImageConfiguration(
            secureBaseURL: try #require(URL(string: base)), posterSizes: ["w92", "w342", "original"],
            backdropSizes: ["w300", "original"])
        for path in Self.paths {
            for size in ["w342", "w500", "original", "w45", "h632"] {
                #expect(
                    images.posterURLText(path: path, size: size)
                        == images.posterURL(path: path, size: size)?.absoluteString,
                    "poster \(path ?? "nil") \(size) on \(base)")
                #expect(
                    images.backdropURLText(path: path, size: size)
                        == images.backdropURL(path: path, size: size)?.absoluteString,
                    "backdrop \(path ?? "nil") \(size) on \(base)")
            }
        }
    }

    @Test func tmdbsPosterIsItsBaseItsSizeAndItsFile() throws {
        let images = ImageConfiguration(
            secureBaseURL: try #require(URL(string: "https://image.tmdb.org/t/p/")), posterSizes: ["w342"])
        #expect(images.posterURLText(path: "/abc.jpg") == "https://image.tmdb.org/t/p/w342/abc.jpg")
    }
}
