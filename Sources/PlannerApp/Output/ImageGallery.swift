import Foundation
import NowPlaying
import Tabular

/// A film's or series' posters and backdrops as URLs, for `planner movie ID --images` and `planner tv ID --images`.
package struct ImageGallery {
    /// One image: what it is, its size in pixels, the language of its text, and its URL.
    package struct Entry: Encodable, Sendable {
        /// "poster" or "backdrop".
        package let kind: String
        package let width: Int
        package let height: Int
        /// ISO 639-1, or null for an image without text.
        package let language: Nullable<String>
        /// The file as TMDb keeps it; null when its image configuration could not be had.
        package let url: Nullable<String>
    }

    /// "film 550" or "series 1396".
    package let subject: String
    package let id: Int
    package let posters: [Entry]
    package let backdrops: [Entry]
    package let provenance: Provenance

    /// The gallery of `set`, each URL in its original size.
    package init(subject: String, set: ImageSet, images: ImageLinks, provenance: Provenance) {
        func entries(_ list: [ImageSet.Image], kind: String, url: (String) -> String?) -> [Entry] {
            list.map {
                Entry(
                    kind: kind, width: $0.width, height: $0.height, language: Nullable($0.language),
                    url: Nullable(url($0.filePath)))
            }
        }
        self.subject = subject
        id = set.id
        posters = entries(set.posters, kind: "poster") { images.poster($0, size: .original) }
        backdrops = entries(set.backdrops, kind: "backdrop") { images.backdrop($0, size: .original) }
        self.provenance = provenance
    }

    /// A table: kind, size, language and URL, posters first.
    package func table() -> String {
        let all = posters + backdrops
        var lines = ["Posters and backdrops of TMDb \(subject)"]
        guard !all.isEmpty else {
            lines.append("no images")
            lines.append(FilmFormat.source(provenance) + ".")
            return lines.joined(separator: "\n")
        }
        var table = TextTable(headers: ["Kind", "Size", "Language", "URL"], alignments: [.left, .right, .left, .left])
        for entry in all {
            table.rows.append([
                entry.kind, "\(entry.width)x\(entry.height)", entry.language.value ?? "–", entry.url.value ?? "N/A",
            ])
        }
        lines += ["", table.render(), ""]
        lines.append(
            "\(posters.count) poster\(posters.count == 1 ? "" : "s") and \(backdrops.count) "
                + "backdrop\(backdrops.count == 1 ? "" : "s"), \(FilmFormat.source(provenance)). "
                + "Data: TMDb (not endorsed or certified by TMDb).")
        return lines.joined(separator: "\n")
    }

    /// One line per image: kind, width, height, language, URL.
    package func csv() -> String {
        let rows = (posters + backdrops).map {
            CSVTable.line([$0.kind, "\($0.width)", "\($0.height)", $0.language.value ?? "", $0.url.value ?? ""])
        }
        return ([CSVTable.line(["kind", "width", "height", "language", "url"])] + rows).joined(separator: "\n")
    }

    /// `{"id": 550, "posters": […], "backdrops": […], "source": …}`.
    package func json() throws -> String {
        struct Document: Encodable {
            let id: Int
            let posters: [Entry]
            let backdrops: [Entry]
            let source: FilmFormat.SourceJSON
        }
        return try FilmFormat.json(
            Document(id: id, posters: posters, backdrops: backdrops, source: FilmFormat.sourceJSON(provenance)))
    }
}

extension FilmServices {
    /// `planner movie ID --images`: a film's posters and backdrops.
    package func movieGallery(id: Int) async throws -> ImageGallery {
        guard id > 0 else { throw PlannerAppError.invalidArgument("the TMDb id must be a positive number, not \(id)") }
        let set: Fetched<ImageSet>
        do {
            set = try await client.movieImages(id: id, policy: policy)
        } catch NowPlayingError.notFound {
            throw PlannerAppError.notFound("no film with id \(id) on TMDb (is it a TV series? try planner tv \(id))")
        }
        let images = await imageLinks()
        return ImageGallery(subject: "film \(id)", set: set.value, images: images, provenance: set.provenance)
    }

    /// `planner tv ID --images`: a series' posters and backdrops.
    package func tvGallery(id: Int) async throws -> ImageGallery {
        guard id > 0 else { throw PlannerAppError.invalidArgument("the TMDb id must be a positive number, not \(id)") }
        let set: Fetched<ImageSet>
        do {
            set = try await client.tvImages(id: id, policy: policy)
        } catch NowPlayingError.notFound {
            throw PlannerAppError.notFound("no series with id \(id) on TMDb (is it a film? try planner movie \(id))")
        }
        let images = await imageLinks()
        return ImageGallery(subject: "series \(id)", set: set.value, images: images, provenance: set.provenance)
    }
}
