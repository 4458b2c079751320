import CZlib

/// Decompression through the system zlib.
enum Inflate {
    /// The failures of inflating one buffer or stream.
    enum Failure: Error, Equatable, CustomStringConvertible {
        /// The compressed data ends before its end marker.
        case truncated
        /// The compressed data is not valid zlib/gzip, or has the wrong size.
        case corrupt(String)

        /// The reason in words, for an error message.
        var description: String {
            switch self {
            case .truncated: "the compressed data ends early"
            case .corrupt(let reason): reason
            }
        }
    }

    /// Inflates a zlib stream whose inflated size is known (a PBF blob's `zlib_data` and `raw_size`).
    static func zlib(_ input: ArraySlice<UInt8>, rawSize: Int) throws(Failure) -> [UInt8] {
        guard rawSize >= 0 else { throw .corrupt("negative raw_size") }
        var output = [UInt8](repeating: 0, count: rawSize)
        var outputLength = uLongf(rawSize)
        let status = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                uncompress(target.baseAddress, &outputLength, source.baseAddress, uLong(source.count))
            }
        }
        switch status {
        case Z_OK:
            guard Int(outputLength) == rawSize else {
                throw .corrupt("inflated to \(outputLength) bytes, raw_size says \(rawSize)")
            }
            return output
        case Z_BUF_ERROR:
            // Either the output is too small (raw_size lies) or the input ended early.
            throw .corrupt("zlib data does not inflate to raw_size \(rawSize) bytes")
        case Z_DATA_ERROR: throw .corrupt("zlib data error")
        case Z_MEM_ERROR: throw .corrupt("out of memory while inflating")
        default: throw .corrupt("zlib status \(status)")
        }
    }
}

/// A streaming inflater for zlib or gzip data (windowBits 15 + 32), fed chunk by chunk.
final class StreamInflater {
    private var stream = z_stream()
    private(set) var finished = false

    init() throws(Inflate.Failure) {
        let status = czlib_inflate_init_auto(&stream)
        guard status == Z_OK else { throw .corrupt("inflateInit2 failed with status \(status)") }
    }

    deinit {
        inflateEnd(&stream)
    }

    /// Inflates `input`, passing each piece of output to `sink`. Data after the end of the stream is ignored.
    func inflate(_ input: [UInt8], sink: ([UInt8]) throws -> Void) throws {
        guard !finished, !input.isEmpty else { return }
        var output = [UInt8](repeating: 0, count: 256 * 1024)
        try input.withUnsafeBufferPointer { source in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = uInt(source.count)
            while stream.avail_in > 0 && !finished {
                let (status, produced) = output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                switch status {
                case Z_OK, Z_BUF_ERROR: break
                case Z_STREAM_END: finished = true
                default: throw Inflate.Failure.corrupt(stream.msg.map { String(cString: $0) } ?? "status \(status)")
                }
                if produced > 0 { try sink(Array(output[0..<produced])) }
                if status == Z_BUF_ERROR && produced == 0 { break }
            }
            stream.next_in = nil
            stream.avail_in = 0
        }
    }
}
