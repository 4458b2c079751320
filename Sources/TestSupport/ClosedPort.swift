import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A port on 127.0.0.1 that refuses every connection, and that no other test can take while it is held: a TCP socket
/// bound to it that never listens.
///
/// A stopped fake server's port is not that: tests run in parallel, and the next fake server another test starts can be
/// given the same port. One CI run's "a closed port is unreachable" was answered by another test's cut-short body.
public struct ClosedPort: LoopbackService {
    /// `http://127.0.0.1:PORT` followed by the base path.
    public let baseURL: URL
    fileprivate let descriptor: Int32

    fileprivate static func hold(basePath: String) throws -> ClosedPort {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { general in
                bind(descriptor, general, length) == 0 && getsockname(descriptor, general, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let port = UInt16(bigEndian: address.sin_port)
        return ClosedPort(baseURL: URL(string: "http://127.0.0.1:\(port)\(basePath)")!, descriptor: descriptor)
    }
}

/// Something a client can be pointed at on loopback: a fake server, or a port that refuses.
public protocol LoopbackService: Sendable {
    var baseURL: URL { get }
}

/// Runs `body` with a ``ClosedPort``, held until `body` ends, whatever happens.
@discardableResult
public func withClosedPort<T>(basePath: String = "", _ body: (ClosedPort) async throws -> T) async throws -> T {
    let closed = try ClosedPort.hold(basePath: basePath)
    defer { close(closed.descriptor) }
    return try await body(closed)
}
