import CCurl
import Foundation

/// One request's run through a libcurl easy handle, on the thread that calls ``perform(pool:)``.
///
/// Only ``cancel()`` and ``isCancelled`` may be called from elsewhere; the rest belongs to the performing thread.
final class CurlTransfer: @unchecked Sendable {
    /// What came back: libcurl's result code, and the final response's status, headers and body.
    struct Outcome: Sendable {
        var code: CURLcode
        var statusCode: Int
        var headers: [String: String]
        var body: Data
    }

    /// Why libcurl cannot be used (it could not be loaded, or its global set-up failed), or nil when it is ready:
    /// loaded and set up once, whichever thread asks first.
    static let loadFailure: String? = ccurl_load().map { String(cString: $0) }

    let request: HTTPRequest
    private let lock = NSLock()
    private var cancelled = false
    private var headers: [String: String] = [:]
    private var body = Data()

    init(request: HTTPRequest) {
        self.request = request
    }

    /// Asks the transfer to stop at libcurl's next progress call.
    func cancel() {
        lock.withLock { cancelled = true }
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool {
        lock.withLock { cancelled }
    }

    /// Whether libcurl is told to use a proxy, which looks names up itself: by the variables libcurl reads.
    static let proxyIsSet: Bool = ["http_proxy", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"].contains {
        (name: String) in getenv(name).map { $0.pointee != 0 } ?? false
    }

    /// Runs the request to its end on the calling thread, which it blocks.
    func perform(pool: CurlHandlePool) -> Outcome {
        let lookup = lookUpHostFirst()
        guard lookup == CURLE_OK else { return Outcome(code: lookup, statusCode: 0, headers: [:], body: Data()) }
        guard Self.loadFailure == nil, let handle = pool.take() else {
            return Outcome(code: CURLE_FAILED_INIT, statusCode: 0, headers: [:], body: Data())
        }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer {
            ccurl_slist_free_all(headerList)
            pool.giveBack(handle)
        }
        let code = withExtendedLifetime(self) { () -> CURLcode in
            if let failed = configure(handle, headerList: &headerList) { return failed }
            if isCancelled { return CURLE_ABORTED_BY_CALLBACK }
            return ccurl_easy_perform(handle)
        }
        var status = 0
        ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return Outcome(code: code, statusCode: status, headers: headers, body: body)
    }

    /// The request's timeout in whole milliseconds, at least 1.
    private var timeoutMilliseconds: Int { max(1, Int((request.timeoutSeconds * 1000).rounded(.up))) }

    /// Until libcurl is loaded, the host's name is looked up without it (``ccurl_resolve``), and a name that does
    /// not resolve ends the request with libcurl's own code for it. So a machine with no network fails a search's
    /// Overpass and Nominatim requests as before, but without loading libcurl and the libraries it brings
    /// (BENCHMARKS.md). Not done once libcurl is loaded (it looks names up
    /// itself), behind a proxy, or for a name that is not ASCII (libcurl converts those to their ASCII form first).
    ///
    /// A name that resolved once is not looked up again in this process (``CurlTransport/checkReachable(_:)``
    /// looks it up before ``perform(pool:)`` does).
    /// - Parameter evenWhenLoaded: look the name up even when libcurl is loaded (``CurlTransport/checkReachable(_:)``,
    ///   which must tell before anything is sent).
    func lookUpHostFirst(evenWhenLoaded: Bool = false) -> CURLcode {
        guard evenWhenLoaded || ccurl_is_loaded() == 0, let host = Self.nameToLookUp(request.url) else { return CURLE_OK }
        let code = withExtendedLifetime(self) {
            ccurl_resolve(host, timeoutMilliseconds, curlShouldStop, Unmanaged.passUnretained(self).toOpaque())
        }
        if code == CURLE_OK { Self.resolved.withLock { $0.append(host) } }
        return code
    }

    /// What ``lookUpHostFirst(evenWhenLoaded:)`` would return, when the host's name was looked up ahead
    /// (``CurlTransport/lookUpAhead(_:)``) and the answer is in: taken without waiting, so that the caller need not
    /// start a thread to wait for it. Nil when there is no such answer (none was started, or it is under way).
    func finishedLookUpAhead(evenWhenLoaded: Bool = false) -> CURLcode? {
        guard evenWhenLoaded || ccurl_is_loaded() == 0, let host = Self.nameToLookUp(request.url) else { return nil }
        let code = ccurl_take_finished_ahead(host)
        guard code >= 0 else { return nil }
        let result = CURLcode(rawValue: UInt32(code))
        if result == CURLE_OK { Self.resolved.withLock { $0.append(host) } }
        return result
    }

    /// The host names that resolved in this process (a few: one per service asked).
    private static let resolved = LockedValue<[String]>([])

    /// `url`'s host name, when there is something to find out before sending to it: not behind a proxy, an ASCII
    /// name, not yet resolved in this process.
    static func nameToLookUp(_ url: URL) -> String? {
        guard !proxyIsSet, let host = url.host, !host.isEmpty, host.utf8.allSatisfy({ $0 < 0x80 }),
            !resolved.withLock({ $0.contains(host) })
        else { return nil }
        return host
    }

    /// Sets the handle's options for ``request``; returns the first failing option's code, or nil.
    private func configure(_ handle: UnsafeMutableRawPointer, headerList: inout UnsafeMutablePointer<curl_slist>?)
        -> CURLcode?
    {
        let me = Unmanaged.passUnretained(self).toOpaque()
        let timeoutMs = timeoutMilliseconds
        var codes: [CURLcode] = [
            ccurl_setopt_string(handle, CURLOPT_URL, request.url.absoluteString),
            ccurl_limit_to_http(handle),
            ccurl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, request.followsRedirects ? 1 : 0),
            ccurl_setopt_long(handle, CURLOPT_MAXREDIRS, CurlTransport.maxRedirects),
            // Offer every encoding this libcurl decodes (gzip, deflate, …) and hand back the decoded body.
            ccurl_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, ""),
            // No signals: they are process-wide, and this runs on many threads at once.
            ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
            ccurl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeoutMs),
            ccurl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, timeoutMs),
            ccurl_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody),
            ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, me),
            ccurl_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader),
            ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, me),
            ccurl_setopt_long(handle, CURLOPT_NOPROGRESS, 0),
            ccurl_setopt_xferinfo_callback(handle, curlProgress),
            ccurl_setopt_pointer(handle, CURLOPT_XFERINFODATA, me),
        ]
        let method = request.method.uppercased()
        if method == "HEAD" {
            codes.append(ccurl_setopt_long(handle, CURLOPT_NOBODY, 1))
        } else if let body = request.body {
            codes.append(ccurl_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)))
            codes.append(
                body.withUnsafeBytes { bytes in
                    // COPYPOSTFIELDS copies the bytes; an empty body still needs a valid pointer.
                    let pointer = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                    return ccurl_setopt_pointer(
                        handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer))
                })
            if method != "POST" { codes.append(ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method)) }
        } else if method != "GET" {
            codes.append(ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, request.method))
        }
        var names = Set<String>()
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            names.insert(name.lowercased())
            // "Name;" is libcurl's spelling of a header sent with an empty value ("Name:" would remove it).
            headerList = ccurl_slist_append(headerList, value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        // libcurl waits up to a second for "100 Continue" before sending a large body; URLSession never asks.
        if !names.contains("expect") { headerList = ccurl_slist_append(headerList, "Expect:") }
        codes.append(ccurl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList))
        return codes.first { $0 != CURLE_OK }
    }

    /// Appends body bytes.
    fileprivate func receive(body bytes: UnsafeRawBufferPointer) {
        body.append(contentsOf: bytes)
    }

    /// Takes one header line; a status line starts a new response (after a redirect or "100 Continue").
    fileprivate func receive(headerLine bytes: UnsafeRawBufferPointer) {
        let line = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if line.hasPrefix("HTTP/") {
            headers = [:]
            body = Data()
            return
        }
        guard let colon = line.firstIndex(of: ":") else { return }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
        let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return }
        // Repeated fields join with ", " (RFC 9110 §5.3), as HTTPURLResponse shows them.
        headers[name] = headers[name].map { "\($0), \(value)" } ?? value
    }
}

/// libcurl's CURLOPT_WRITEFUNCTION: keeps the body bytes.
private func curlWriteBody(buffer: UnsafeMutablePointer<CChar>?, size: Int, count: Int, me: UnsafeMutableRawPointer?)
    -> Int
{
    guard let buffer, let me else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
    transfer.receive(body: UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}

/// libcurl's CURLOPT_HEADERFUNCTION: keeps the header fields of the last response.
private func curlWriteHeader(buffer: UnsafeMutablePointer<CChar>?, size: Int, count: Int, me: UnsafeMutableRawPointer?)
    -> Int
{
    guard let buffer, let me else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue()
    transfer.receive(headerLine: UnsafeRawBufferPointer(start: buffer, count: size * count))
    return size * count
}

/// ``ccurl_resolve``'s stop callback: non-zero once the transfer is cancelled.
private func curlShouldStop(me: UnsafeMutableRawPointer?) -> Int32 {
    guard let me else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue().isCancelled ? 1 : 0
}

/// libcurl's CURLOPT_XFERINFOFUNCTION, called about once a second at least: non-zero aborts a cancelled transfer.
private func curlProgress(
    me: UnsafeMutableRawPointer?, downloadTotal: curl_off_t, downloaded: curl_off_t, uploadTotal: curl_off_t,
    uploaded: curl_off_t
) -> Int32 {
    guard let me else { return 0 }
    return Unmanaged<CurlTransfer>.fromOpaque(me).takeUnretainedValue().isCancelled ? 1 : 0
}

/// A value behind a lock.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
