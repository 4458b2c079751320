import CWebFiles

/// The web page's three files and the OpenAPI document, built into the binary by CWebFiles.
enum EmbeddedFiles {
    static let indexHTML = bytes(planner_index_html())
    static let appJS = bytes(planner_app_js())
    static let appCSS = bytes(planner_app_css())
    static let openAPIJSON = bytes(planner_openapi_json())

    private static func bytes(_ file: planner_embedded_file) -> [UInt8] {
        Array(UnsafeBufferPointer(start: file.bytes, count: file.count))
    }
}
