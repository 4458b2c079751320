// Places
