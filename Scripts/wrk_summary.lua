-- For Scripts/bench-serve.sh and Scripts/bench-storage.sh: after wrk's own report, one line that the script reads back.
-- Latencies are in microseconds, as wrk measures them; `status` counts responses outside 2xx/3xx.
done = function(summary, latency, requests)
    local e = summary.errors
    io.write(string.format(
        "SUMMARY requests=%d duration_us=%d rps=%.2f p50_us=%d p99_us=%d connect=%d read=%d write=%d status=%d timeout=%d\n",
        summary.requests, summary.duration, summary.requests / (summary.duration / 1e6),
        latency:percentile(50), latency:percentile(99),
        e.connect, e.read, e.write, e.status, e.timeout))
end
