import CWebFiles

/// The web page's three files and the OpenAPI document, built into the binary by CWebFiles: views of its arrays,
/// which live as long as the process, so that each file is copied only into the buffer a route answers with.
enum EmbeddedFiles {
    static var indexHTML: UnsafeRawBufferPointer { view(planner_index_html()) }
    static var appJS: UnsafeRawBufferPointer { view(planner_app_js()) }
    static var appCSS: UnsafeRawBufferPointer { view(planner_app_css()) }
    static var openAPIJSON: UnsafeRawBufferPointer { view(planner_openapi_json()) }

    private static func view(_ file: planner_embedded_file) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: file.bytes, count: file.count)
    }
}
