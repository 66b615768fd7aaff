"""What the replays print: `ok` for a request that answered as the app needs, and `Failure`
(raised by `fail`) naming the request and the difference."""


class Failure(Exception):
    pass


def fail(request, difference):
    raise Failure(f"FAIL {request}: {difference}")


def ok(request, detail=""):
    print(f"ok   {request}" + (f"  ({detail})" if detail else ""))
