# The sharing server's rarer answers (hw.httpd): GET /match.log, the table log of the match
# in progress, and GET /past, the past matches. Imported for such a request and let go
# after it: while the phones only poll /state, their bytecode and names are not in the
# heap.
import json
import sys

from ui import forget

# Made once: forgetting in a finally must not allocate (the heap may be full there).
_LOG = ("truc.tablelog", "truc.tableline", "truc.tablesetup")

def answer(sharing, path):
    """(content type, length or -1 when unknown, the body's pieces of bytes) of path 2,
    the table log, or 3, the past matches, for hw.share's sharing."""
    if path == 2:
        return "text/plain; charset=utf-8", -1, _match_log(sharing.match)
    body = b"[]"
    if sharing.archive is not None:
        archive = sharing.archive()
        body = _past(archive)
        tell = sharing.tell
        if archive.set_aside and tell:  # a damaged file found: the device says so (as
            tell(archive.DAMAGED)  # at boot)
    return "application/json", len(body), (body,)


def _past(archive):
    # The past matches, newest first, as JSON bytes: summary fields and team names.
    from hw.archive import summary, teams

    out = []
    for found in archive.matches():
        out.append(list(summary(found[2])) + teams(found[2]))
    return json.dumps(out).encode()


def _match_log(match):
    # The table log's lines, as tools.pull writes them; the table log's module is let go
    # after, unless something else holds it.
    had = "truc.tablelog" in sys.modules
    from truc import tablelog

    try:
        for line in tablelog.export(match):
            yield (line + "\n").encode()
    except ValueError:  # the match outgrew its log: its start is no longer kept
        pass
    finally:
        tablelog = None
        if not had:
            forget(_LOG)  # with the writer and reader it imports
