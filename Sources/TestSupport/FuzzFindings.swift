import Foundation

/// The inputs that fuzzing (`Scripts/fuzz.sh`) found crashing or hanging a parser, kept beside the tests that
/// read them again: `Tests/MODULETests/Fixtures/Fuzz/`.
public enum FuzzFindings {
    /// The file `name` in the `Fixtures/Fuzz` folder beside the calling test file.
    public static func url(_ name: String, testFile: String = #filePath) -> URL {
        URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Fixtures/Fuzz/\(name)")
    }

    /// That file's bytes.
    public static func bytes(_ name: String, testFile: String = #filePath) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(name, testFile: testFile)))
    }
}
