#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H

#include <zlib.h>

/// Starts inflating a zlib or gzip stream (windowBits 15 + 32: detect the header).
/// `inflateInit2` is a macro, which Swift cannot call directly.
static inline int czlib_inflate_init_auto(z_stream *stream) {
    return inflateInit2(stream, 15 + 32);
}

#endif
