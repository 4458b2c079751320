// getaddrinfo_a (glibc 2.34 and later have it in libc itself).
#define _GNU_SOURCE
#include "shim.h"

#include <dlfcn.h>
#include <netdb.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// The functions of libcurl the transport calls, found in the library loaded by `ccurl_load`.
static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *handle);
    void (*easy_reset)(CURL *handle);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *value);
    void (*slist_free_all)(struct curl_slist *list);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static const char *load_failure = NULL;
static int loaded = 0;
static char load_message[512];

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (found == NULL && load_failure == NULL) {
        snprintf(load_message, sizeof load_message, "libcurl.so.4 has no %s", name);
        load_failure = load_message;
    }
    return found;
}

static void load(void) {
    // The soname of libcurl 7 and 8 (Debian's libcurl4, which libcurl4-openssl-dev depends on), unless
    // $PLANNER_LIBCURL names another file.
    const char *name = getenv("PLANNER_LIBCURL");
    void *library = dlopen(name != NULL && name[0] != '\0' ? name : "libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(load_message, sizeof load_message, "%s", why != NULL ? why : "libcurl.so.4 could not be loaded");
        load_failure = load_message;
        return;
    }
    curl.global_init = (CURLcode(*)(long))symbol(library, "curl_global_init");
    curl.easy_init = (CURL * (*)(void)) symbol(library, "curl_easy_init");
    curl.easy_cleanup = (void (*)(CURL *))symbol(library, "curl_easy_cleanup");
    curl.easy_reset = (void (*)(CURL *))symbol(library, "curl_easy_reset");
    curl.easy_perform = (CURLcode(*)(CURL *))symbol(library, "curl_easy_perform");
    curl.easy_setopt = (CURLcode(*)(CURL *, CURLoption, ...))symbol(library, "curl_easy_setopt");
    curl.easy_getinfo = (CURLcode(*)(CURL *, CURLINFO, ...))symbol(library, "curl_easy_getinfo");
    curl.slist_append =
        (struct curl_slist * (*)(struct curl_slist *, const char *)) symbol(library, "curl_slist_append");
    curl.slist_free_all = (void (*)(struct curl_slist *))symbol(library, "curl_slist_free_all");
    if (load_failure != NULL) return;
    if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
        load_failure = "curl_global_init failed";
        return;
    }
    __atomic_store_n(&loaded, 1, __ATOMIC_RELEASE);
}

int ccurl_is_loaded(void) { return __atomic_load_n(&loaded, __ATOMIC_ACQUIRE); }

// One lookup's request, hints and name together, so that a lookup abandoned while the resolver still works on it
// (timed out or stopped, and not cancellable) can be left to it whole: the resolver writes into it when it ends.
struct lookup {
    struct gaicb request;
    struct addrinfo hints;
    char name[];
};

static long milliseconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)(now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

// Starts looking `host` up without waiting (getaddrinfo_a); NULL when the lookup could not even start.
static struct lookup *start_lookup(const char *host) {
    size_t length = strlen(host);
    struct lookup *lookup = calloc(1, sizeof *lookup + length + 1);
    if (lookup == NULL) return NULL;
    memcpy(lookup->name, host, length + 1);
    lookup->hints.ai_family = AF_UNSPEC;
    lookup->hints.ai_socktype = SOCK_STREAM;
    lookup->request.ar_name = lookup->name;
    lookup->request.ar_request = &lookup->hints;
    struct gaicb *requests[1] = {&lookup->request};
    if (getaddrinfo_a(GAI_NOWAIT, requests, 1, NULL) != 0) {
        free(lookup);
        return NULL;
    }
    return lookup;
}

// Ends a lookup nobody waits for any more: cancelled, or freed if done, or left to the resolver while it still
// works on it (a few hundred bytes, once per time-out).
static void abandon(struct lookup *lookup) {
    switch (gai_cancel(&lookup->request)) {
    case EAI_CANCELED: free(lookup); break;
    case EAI_ALLDONE:
        if (lookup->request.ar_result != NULL) freeaddrinfo(lookup->request.ar_result);
        free(lookup);
        break;
    default: break;
    }
}

// Ends a lookup the resolver is done with: frees it, and says whether the name was found.
static CURLcode finish_lookup(struct lookup *lookup) {
    int status = gai_error(&lookup->request);
    if (lookup->request.ar_result != NULL) freeaddrinfo(lookup->request.ar_result);
    free(lookup);
    return status == 0 ? CURLE_OK : CURLE_COULDNT_RESOLVE_HOST;
}

// Lookups started by ccurl_resolve_ahead and not yet taken by a ccurl_resolve: at most one a name, and a few names.
enum { ahead_capacity = 8, ahead_fresh_ms = 10000 };
static pthread_mutex_t ahead_lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
    struct lookup *lookup;
    struct timespec started;
} ahead[ahead_capacity];

// Where the lookup of `host` started ahead sits in the table, or -1; the caller holds ahead_lock.
static int ahead_index(const char *host) {
    for (int i = 0; i < ahead_capacity; i++) {
        if (ahead[i].lookup != NULL && strcmp(ahead[i].lookup->name, host) == 0) return i;
    }
    return -1;
}

void ccurl_resolve_ahead(const char *host) {
    struct lookup *stale[ahead_capacity];
    int stale_count = 0;
    pthread_mutex_lock(&ahead_lock);
    // Lookups nobody took within ahead_fresh_ms (the service was not asked after all) give their places up.
    for (int i = 0; i < ahead_capacity; i++) {
        if (ahead[i].lookup != NULL && milliseconds_since(&ahead[i].started) >= ahead_fresh_ms) {
            stale[stale_count++] = ahead[i].lookup;
            ahead[i].lookup = NULL;
        }
    }
    int free_slot = -1;
    if (ahead_index(host) < 0) {  // else already under way
        for (int i = 0; i < ahead_capacity && free_slot < 0; i++) {
            if (ahead[i].lookup == NULL) free_slot = i;
        }
    }
    if (free_slot >= 0 && (ahead[free_slot].lookup = start_lookup(host)) != NULL) {
        clock_gettime(CLOCK_MONOTONIC, &ahead[free_slot].started);
    }
    pthread_mutex_unlock(&ahead_lock);
    for (int i = 0; i < stale_count; i++) abandon(stale[i]);
}

int ccurl_resolving_ahead(const char *host) {
    pthread_mutex_lock(&ahead_lock);
    int found = ahead_index(host) >= 0;
    pthread_mutex_unlock(&ahead_lock);
    return found;
}

// The lookup of `host` started ahead, taken out of the table; NULL when there is none, or only one started over
// ahead_fresh_ms ago (its answer may be out of date: it is abandoned, and the caller starts another).
static struct lookup *take_ahead(const char *host) {
    struct lookup *taken = NULL;
    int fresh = 0;
    pthread_mutex_lock(&ahead_lock);
    int i = ahead_index(host);
    if (i >= 0) {
        taken = ahead[i].lookup;
        fresh = milliseconds_since(&ahead[i].started) < ahead_fresh_ms;
        ahead[i].lookup = NULL;
    }
    pthread_mutex_unlock(&ahead_lock);
    if (taken != NULL && !fresh) {
        abandon(taken);
        taken = NULL;
    }
    return taken;
}

int ccurl_take_finished_ahead(const char *host) {
    struct lookup *taken = NULL;
    pthread_mutex_lock(&ahead_lock);
    int i = ahead_index(host);
    if (i >= 0 && milliseconds_since(&ahead[i].started) < ahead_fresh_ms
        && gai_error(&ahead[i].lookup->request) != EAI_INPROGRESS) {
        taken = ahead[i].lookup;
        ahead[i].lookup = NULL;
    }
    pthread_mutex_unlock(&ahead_lock);
    return taken == NULL ? -1 : (int)finish_lookup(taken);
}

CURLcode ccurl_resolve(const char *host, long timeout_ms, ccurl_stop_callback stop, void *userdata) {
    struct lookup *lookup = take_ahead(host);
    if (lookup == NULL) lookup = start_lookup(host);
    if (lookup == NULL) return CURLE_OK;
    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    CURLcode abandoned;
    for (;;) {
        if (gai_error(&lookup->request) != EAI_INPROGRESS) return finish_lookup(lookup);
        long elapsed = milliseconds_since(&start);
        if (elapsed >= timeout_ms) {
            abandoned = CURLE_OPERATION_TIMEDOUT;
            break;
        }
        if (stop != NULL && stop(userdata) != 0) {
            abandoned = CURLE_ABORTED_BY_CALLBACK;
            break;
        }
        long slice = timeout_ms - elapsed < 100 ? timeout_ms - elapsed : 100;
        struct timespec wait = {slice / 1000, (slice % 1000) * 1000000};
        const struct gaicb *waiting[1] = {&lookup->request};
        gai_suspend(waiting, 1, &wait);
    }
    abandon(lookup);
    return abandoned;
}

const char *ccurl_load(void) {
    pthread_once(&load_once, load);
    return load_failure;
}

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
void ccurl_easy_reset(CURL *handle) { curl.easy_reset(handle); }
CURLcode ccurl_easy_perform(CURL *handle) { return curl.easy_perform(handle); }
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *value) {
    return curl.slist_append(list, value);
}
void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl.easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_data_callback(CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return curl.easy_setopt(handle, option, callback);
}
CURLcode ccurl_setopt_xferinfo_callback(CURL *handle, ccurl_xferinfo_callback callback) {
    return curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, callback);
}

CURLcode ccurl_limit_to_http(CURL *handle) {
#if LIBCURL_VERSION_NUM >= 0x075500
    CURLcode code = curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (code != CURLE_OK) return code;
    return curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
#else
    CURLcode code = curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    if (code != CURLE_OK) return code;
    return curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) { return curl.easy_getinfo(handle, info, value); }
