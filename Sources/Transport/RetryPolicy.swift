import Foundation

/// When and how long to wait before trying a request again (HTTP 429 and 5xx only).
public struct RetryPolicy: Sendable {
    /// How many times a request is sent at most, the first time included.
    public var maxAttempts: Int
    /// The first backoff, in seconds; it doubles on each retry.
    public var baseDelaySeconds: Double
    /// The longest backoff, in seconds.
    public var maxDelaySeconds: Double
    /// The longest wait a `Retry-After` header may ask for, in seconds.
    public var maxRetryAfterSeconds: Double
    /// Waits the given number of seconds; tests swap it to record or shorten the waits.
    public var sleep: @Sendable (Double) async throws -> Void

    /// Four attempts, 0.5 s doubling up to 8 s, `Retry-After` capped at 30 s.
    public static let standard = RetryPolicy()

    /// Creates a policy.
    public init(
        maxAttempts: Int = 4,
        baseDelaySeconds: Double = 0.5,
        maxDelaySeconds: Double = 8,
        maxRetryAfterSeconds: Double = 30,
        sleep: @escaping @Sendable (Double) async throws -> Void = RetryPolicy.taskSleep
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelaySeconds = max(0, baseDelaySeconds)
        self.maxDelaySeconds = max(0, maxDelaySeconds)
        self.maxRetryAfterSeconds = max(0, maxRetryAfterSeconds)
        self.sleep = sleep
    }

    /// Sleeps with `Task.sleep`.
    public static let taskSleep: @Sendable (Double) async throws -> Void = { seconds in
        guard seconds > 0 else { return }
        try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
    }

    /// Whether a response with this status is worth sending again.
    public static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// The wait before retry number `retry` (0 for the first retry), given the response's `Retry-After`.
    /// - Parameters:
    ///   - retry: how many retries have already been made.
    ///   - retryAfter: the `Retry-After` header, in seconds (HTTP dates are not honoured).
    /// - Returns: seconds to wait.
    public func delay(beforeRetry retry: Int, retryAfter: String?, now: Date = Date()) -> Double {
        if let text = retryAfter?.trimmingCharacters(in: .whitespaces), let seconds = Double(text), seconds >= 0 {
            return min(seconds, maxRetryAfterSeconds)
        }
        // RFC 9110 §10.2.3: Retry-After is delay-seconds or an HTTP-date ("Sun, 22 Nov 2026 02:20:00 GMT").
        if let text = retryAfter, let date = Self.httpDate(text) {
            return min(max(0, date.timeIntervalSince(now)), maxRetryAfterSeconds)
        }
        let exponential = baseDelaySeconds * pow(2, Double(min(retry, 30)))
        return min(exponential, maxDelaySeconds)
    }

    /// Reads an HTTP-date in its preferred IMF-fixdate form (RFC 9110 §5.6.7), or nil.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text.trimmingCharacters(in: .whitespaces))
    }
}
