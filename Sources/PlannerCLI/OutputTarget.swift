import Foundation
import PlannerApp

#if canImport(Glibc)
    import Glibc
#endif

/// Sends rendered output to standard output (no path, or `-`), or to a file.
///
/// A regular file (or a new one) is replaced atomically: a temporary file beside it, synced, then renamed over it,
/// so that a failed run never leaves it half-written. A symbolic link is followed and the file it points to is
/// replaced, so the link stays a link. Anything else that exists (a device such as /dev/null, a FIFO, a socket)
/// is written in place: renaming over it would replace the device node with a plain file. Every write error
/// (ENOSPC, EIO, EPIPE) is one ``PlannerAppError/cannotWrite(path:reason:)``.
struct OutputTarget {
    let path: String?

    func write(_ text: String) throws {
        let bytes = Array((text.utf8.last == 0x0A ? text : text + "\n").utf8)
        guard let path, path != "-" else {
            try Self.writeAll(bytes, to: STDOUT_FILENO, name: "standard output")
            return
        }
        let target = try Self.followingLinks(path)
        var info = stat()
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw PlannerAppError.cannotWrite(path: path, reason: "it is a folder")
            default:
                try Self.writeInPlace(bytes, to: target, name: path)
                return
            }
        }
        try Self.replaceAtomically(target, with: bytes, name: path, mode: info.st_mode & 0o7777)
    }

    /// The path a chain of symbolic links ends at (which need not exist yet).
    static func followingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw PlannerAppError.cannotWrite(path: path, reason: reason(errno)) }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = resolving(link, besideLinkAt: current)
        }
        throw PlannerAppError.cannotWrite(path: path, reason: "too many levels of symbolic links")
    }

    /// A link's target as a path: an absolute target as it is, a relative one against the link's own folder (the
    /// kernel's rule), so that `link.json -> t.json` in the working folder is `t.json`, never `/t.json`. The
    /// folder is kept as written, not normalised, so `sub/../t2.json` still passes through `sub` as the kernel would.
    static func resolving(_ target: String, besideLinkAt link: String) -> String {
        if target.hasPrefix("/") { return target }
        guard let slash = link.lastIndex(of: "/") else { return target }
        return String(link[...slash]) + target
    }

    /// Writes to a device, FIFO or socket as it is.
    static func writeInPlace(_ bytes: [UInt8], to target: String, name: String) throws {
        let descriptor = open(target, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PlannerAppError.cannotWrite(path: name, reason: reason(errno)) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, name: name)
    }

    /// A temporary file beside `target`, written, synced and renamed over it; removed on any failure.
    static func replaceAtomically(_ target: String, with bytes: [UInt8], name: String, mode existingMode: mode_t) throws {
        let folder = (target as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.planner-output-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw PlannerAppError.cannotWrite(path: name, reason: reason(errno)) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var renamed = false
        defer {
            if !renamed { unlink(temporary) }
        }
        do {
            defer { close(descriptor) }
            // An existing file keeps its permissions; a new one gets the usual 0644 less the umask.
            let mask = umask(0)
            umask(mask)
            fchmod(descriptor, existingMode != 0 ? existingMode : 0o666 & ~mask)
            try writeAll(bytes, to: descriptor, name: name)
            guard fsync(descriptor) == 0 else { throw PlannerAppError.cannotWrite(path: name, reason: reason(errno)) }
        }
        guard rename(temporary, target) == 0 else { throw PlannerAppError.cannotWrite(path: name, reason: reason(errno)) }
        renamed = true
    }

    /// Writes every byte, retrying short writes and interruptions.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, name: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw PlannerAppError.cannotWrite(path: name, reason: reason(errno))
            }
            offset += written
        }
    }

    /// The system's words for an error number: "No space left on device".
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
