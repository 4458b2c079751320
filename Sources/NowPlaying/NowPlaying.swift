// The NowPlaying module: see issue 3.
