#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bytes at a fixed address for as long as they are kept: a file mapped read-only, or a copy of an array (the road
/// area files' `BinaryReader`, and OSM XML read by `XMLScanner`).
///
/// A mapped area file is read where it lies in the page cache: reading it into an array first touched as much
/// fresh memory as the file, many of the page faults of `planner nearby` (BENCHMARKS.md). Area files are replaced by
/// renaming a new file over them, never rewritten in place, so a mapped file does not change under its reader.
public final class ByteSource: @unchecked Sendable {
    public let buffer: UnsafeRawBufferPointer
    private let isMapped: Bool

    /// A copy of `bytes`.
    public init(copying bytes: [UInt8]) {
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0) }
        buffer = UnsafeRawBufferPointer(rebasing: memory[0..<bytes.count])
        isMapped = false
    }

    /// The file at `path`, mapped read-only; nil when it cannot be opened or mapped, or is empty.
    public init?(mapping path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else {
            return nil
        }
        let size = Int(status.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            return nil
        }
        buffer = UnsafeRawBufferPointer(start: mapped, count: size)
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else {
            UnsafeMutableRawPointer(mutating: buffer.baseAddress)?.deallocate()
        }
    }
}
