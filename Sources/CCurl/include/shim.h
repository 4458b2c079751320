#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

// libcurl, loaded with dlopen on the first request rather than linked: a command that asks no server (`--version`,
// `--offline`, a search inside the bundled data) then never loads it and the libraries it pulls in, which cost
// time and memory at every start (BENCHMARKS.md). The types and constants still come from libcurl's header
// (libcurl4-openssl-dev); the functions are called through pointers that `ccurl_load` fills.
//
// `curl_easy_setopt` and `curl_easy_getinfo` are variadic, which Swift cannot call: the wrappers below give each
// argument type the CurlTransport needs a function of its own.

#include <curl/curl.h>

typedef size_t (*ccurl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);
typedef int (*ccurl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                                       curl_off_t ulnow);

/// Loads libcurl (libcurl.so.4, or the file $PLANNER_LIBCURL names) and runs `curl_global_init` once, whichever
/// thread asks first. Returns NULL when it is ready, else why not (the loader's message), the same on every later
/// call.
const char *ccurl_load(void);

// Each of these needs a successful `ccurl_load` first.
CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
void ccurl_easy_reset(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *value);
void ccurl_slist_free_all(struct curl_slist *list);

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
/// For string options: libcurl copies the string (except CURLOPT_POSTFIELDS, which this shim never sets).
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
/// For CURLOPT_HTTPHEADER and the callbacks' user data.
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
/// For CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION.
CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback callback);
CURLcode ccurl_setopt_xferinfo_callback(CURL *handle, ccurl_xferinfo_callback callback);
/// Limits a handle (and its redirects) to http and https: by name where libcurl has it (7.85 and later), else by
/// the older bitmask options (Ubuntu 22.04 ships 7.81).
CURLcode ccurl_limit_to_http(CURL *handle);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);

/// Whether libcurl is loaded and set up: a `ccurl_load` has succeeded.
int ccurl_is_loaded(void);

/// Returns non-zero to stop a `ccurl_resolve` early.
typedef int (*ccurl_stop_callback)(void *userdata);

/// Looks `host` up with the system's resolver (getaddrinfo, as libcurl's threaded resolver does), without libcurl:
/// so that a machine with no network, or a name that does not exist, fails a request before libcurl and its
/// libraries are loaded. Waits at most `timeout_ms`, and stops early when `stop` returns non-zero (it is asked
/// every 100 ms). Returns CURLE_OK when the name resolves (or the lookup could not even start: libcurl will try
/// itself), CURLE_COULDNT_RESOLVE_HOST when the resolver says it does not, CURLE_OPERATION_TIMEDOUT or
/// CURLE_ABORTED_BY_CALLBACK: the codes libcurl gives for the same ends.
/// A lookup of `host` started by `ccurl_resolve_ahead` within the last 10 s is the one it waits for (and ends).
CURLcode ccurl_resolve(const char *host, long timeout_ms, ccurl_stop_callback stop, void *userdata);

/// Starts looking `host` up without waiting, so that the next `ccurl_resolve` of it (within 10 s) finds the answer
/// ready or under way: a command asks for the names it will need before its local work. Does nothing when a lookup
/// of `host` is already under way, or eight other names are; lookups nobody took within 10 s are ended first.
void ccurl_resolve_ahead(const char *host);

/// The answer of the lookup of `host` started by `ccurl_resolve_ahead`, when it has finished within the last 10 s:
/// taken, as `ccurl_resolve` would take it, with the code `ccurl_resolve` would return (CURLE_OK or
/// CURLE_COULDNT_RESOLVE_HOST). -1 when there is none, or it is still under way: `ccurl_resolve` must wait. A
/// caller that would start a thread to wait asks this first.
int ccurl_take_finished_ahead(const char *host);

/// Whether a lookup of `host` started by `ccurl_resolve_ahead` waits to be taken (for the tests).
int ccurl_resolving_ahead(const char *host);

#endif
