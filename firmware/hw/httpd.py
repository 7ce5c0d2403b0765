# The sharing server (hw.share): HTTP on a listening socket and DNS on a UDP one, both
# non-blocking and polled by the main loop (app.loop) at every turn: no threads, no
# asyncio. It reads the match, the settings and the past matches, and never changes them.
#
#   GET /           the page (hw/share.html, streamed from flash as it is)
#   GET /state      the score as JSON, which the page asks for every second
#   GET /match.log  the table log of the match in progress (the text tools.pull writes)
#   GET /past       the past matches, JSON
#   GET elsewhere   302 to the page: a phone that joins opens it by itself (captive portal)
#
# Anything else gets 400 (405 another method, 431 a request over REQUEST_MAX bytes) and is
# closed; a request line that is not HTTP/1.x (HTTP/0.9, a bare LF) gets its 400 at once.
# What a client sent and the server did not read is read before it closes (else the
# network stack resets the connection and the client may lose the answer).
# At most CLIENTS at a time, each with deadlines: its request whole within READ_MS, its
# answer sent within TIMEOUT_MS. A new connection while all are taken drops the one
# still reading its request that has been silent longest (a phone sends its request at
# once: what holds a slot in silence is not a phone), so connections that never finish
# cannot silence the page. More wait in the listening socket's backlog (hw.listen).
import json
from binascii import hexlify
import sys

from micropython import const

from ui import elapsed, forget, open_data

LINE_MAX = const(128)  # the request line ("GET /match.log HTTP/1.1")
REQUEST_MAX = const(1024)  # the request line and headers
# Six players and their onlookers poll once a second, each poll a few turns of the loop;
# a client holds at most its Request and one 256 B piece of its answer (under 1 KB).
_CLIENTS = const(6)
_READ_MS = const(2000)  # a request not whole by then is dropped
_QUIET_MS = const(100)  # a client reading its request and silent this long may make room
TIMEOUT_MS = const(4000)
_DRAIN = const(32)  # reads of what is left of a request before closing: 2 KB at most
_CHUNK = const(256)  # bytes read from the page file at a time
_RECV = const(64)  # bytes of a request read at a time: small, so a fragmented heap has room
PATHS = (b"/", b"/state", b"/match.log", b"/past")
_END = const(b"\r\n\r\n")
_REASONS = {200: "OK", 302: "Found", 400: "Bad Request", 405: "Method Not Allowed",
            431: "Request Header Fields Too Large"}


class Request:
    """An HTTP request read a piece at a time, never more than REQUEST_MAX bytes kept
    or read: feed() returns 0 while it is incomplete, then the status (200 with path the
    index in PATHS, 302 another path, 400, 405, 431), and ignores what comes after."""

    def __init__(self):
        self.line = bytearray()
        self.seen = 0  # bytes of the request so far
        self.matched = 0  # how much of the blank line that ends the headers came last
        self.status = 0
        self.path = -1

    def feed(self, data):
        if self.status:
            return self.status
        line = self.line
        matched = self.matched
        seen = self.seen
        for b in data:
            seen += 1
            if self.path == -1:  # the request line, up to its CR
                if b == 13:
                    if self._parse() == 400:  # not HTTP/1.x: answered at once
                        return self.end(400)
                    self.path = -2
                elif b == 10:  # a bare LF: HTTP/0.9, or not HTTP
                    return self.end(400)
                elif len(line) >= LINE_MAX:
                    return self.end(431)
                else:
                    line.append(b)
            elif self.path == -2:  # the request line's CR: its LF next
                if b != 10:
                    return self.end(400)
                self.path = -3
            if b == _END[matched]:
                matched += 1
                if matched == 4:  # the blank line: the request is whole
                    return self.end(self._parse())
            else:
                matched = 1 if b == 13 else 0
            if seen >= REQUEST_MAX:
                self.seen = seen
                return self.end(431)
        self.seen = seen
        self.matched = matched
        return 0

    def end(self, status):
        self.status = status
        return status

    def _parse(self):
        parts = bytes(self.line).split(b" ")
        if len(parts) != 3 or not parts[2].startswith(b"HTTP/1.") or parts[1][:1] != b"/":
            return 400
        if parts[0] != b"GET":
            return 405
        path = parts[1].split(b"?")[0]
        for i in range(len(PATHS)):
            if PATHS[i] == path:
                self.path = i
                return 200
        return 302


def head(status, kind=None, length=-1, location=None):
    """The status line and headers of an answer."""
    text = "HTTP/1.1 %d %s\r\nConnection: close\r\nCache-Control: no-store\r\n" \
        % (status, _REASONS[status])
    if kind:
        text += "Content-Type: %s\r\n" % kind
    if length >= 0:
        text += "Content-Length: %d\r\n" % length
    if location:
        text += "Location: %s\r\n" % location
    return (text + "\r\n").encode()


def state(match, settings, version, words):
    """The match as the page shows it, as JSON in pieces of bytes, sent one after the
    other: the numbers, and the scoreboard's words in the device's language (the call
    waiting among them); the round history's hex a piece of its own, never copied into
    the rest (no one block of the heap holds the whole answer). The history's module is
    imported for it and let go after, unless something else holds it."""
    had = "truc.history" in sys.modules
    try:
        from truc.history import History, SIZE

        m = match
        # The round history as its records, SIZE bytes each in hex (truc.history: the
        # page reads the fields it shows at their offsets): one string, not a list each.
        rounds = hexlify(History(m).records())  # pyright: ignore[reportArgumentType]
    finally:
        if not had:
            forget(("truc.history",))
    text = json.dumps({
        "version": version, "lang": settings.language, "entries": m.entries(),
        "words": words,
        "variant": m.variant(), "players": m.players(), "target": m.target(),
        "cantons_to_win": m.cantons_to_win() if m.variant() else 0,
        "cantons": [m.cantons(0), m.cantons(1)], "points": [m.points(0), m.points(1)],
        "round": m.round(), "duel": m.duel(), "dealer": m.dealer(), "ma": m.ma(),
        "winner": m.winner(), "truc_worth": m.truc_worth() if m.variant() else 1,
        "envit": m.envit_state(), "bazas": [m.baza(i) for i in range(m.bazas())],
        "last": list(m.last_round()), "size": SIZE,
    }).encode()
    # The object without its closing brace, then the rounds as its last member.
    return memoryview(text)[:len(text) - 1], b',"rounds":"', rounds, b'"}'


def past(archive):
    """The past matches, newest first, as JSON bytes: summary fields and team names."""
    from hw.archive import summary, teams

    out = []
    for found in archive.matches():
        out.append(list(summary(found[2])) + teams(found[2]))
    return json.dumps(out).encode()


def match_log(match):
    """The table log's lines, as tools.pull writes them; the table log's module is let
    go after, unless something else holds it."""
    had = "truc.tablelog" in sys.modules
    from truc import tablelog

    try:
        for line in tablelog.export(match):
            yield (line + "\n").encode()
    except ValueError:  # the match outgrew its log: its start is no longer kept
        pass
    finally:
        tablelog = None
        if not had:  # with the writer and reader it imports
            forget(("truc.tablelog", "truc.tableline", "truc.tablesetup"))


class _Client:
    def __init__(self, sock, now):
        self.sock = sock
        self.since = now
        self.heard = now  # when it last sent something
        self.request = Request()
        self.answer = None  # an iterator of byte chunks
        self.left = None  # a memoryview of the chunk still to send


class Server:
    """The page's server on address (and DNS, where there is its socket). What it
    shows comes from sharing (hw.share's Sharing): its match, settings, words(), archive
    and version (the state is made again when it moves)."""

    def __init__(self, sharing, address, listener, port, dns=None, record=b""):
        """listener: the listening socket, on port; dns: the DNS socket (or None) and
        record the answer it gives (hw.listen opens them)."""
        self.sharing = sharing
        self.cached = None  # the state's JSON pieces, for sharing.version; None when stale
        self.version = -1
        self.address = address
        self.clients = []
        self.served = 0  # requests answered
        self.refused = 0  # requests answered with an error
        self.listener = listener
        self.port = port
        self.dns = dns
        self.record = record

    def close(self):
        for c in self.clients:
            c.sock.close()
        self.clients = []
        self.listener.close()
        if self.dns is not None:
            self.dns.close()

    def poll(self, now):
        """One round of work for every client (a piece of a request read, a chunk sent)
        and one DNS question. Returns True when a request was answered."""
        answered = False
        for _ in range(_CLIENTS):  # all that wait, while there is room
            if not self.accept(now):
                break
        for c in self.clients[:]:
            try:
                if self._serve(c, now):
                    answered = True
            except Exception:  # MemoryError too: the client goes, the device plays on
                self._drop(c)
        if self.dns is not None:
            self._dns()
        return answered

    def accept(self, now):
        # A new client, if one is waiting and there is room: while all CLIENTS are taken,
        # the one still reading its request that sent nothing for longest (QUIET_MS at
        # least) makes room; none: the new one waits.
        clients = self.clients
        oldest = None
        if len(clients) >= _CLIENTS:
            quiet = _QUIET_MS
            for c in clients:
                if c.answer is None and elapsed(now, c.heard) >= quiet:
                    oldest = c
                    quiet = elapsed(now, c.heard)
            if oldest is None:
                return False
        try:
            sock = self.listener.accept()[0]
        except OSError:  # nobody waiting
            return False
        if oldest is not None:
            self._drop(oldest)
        sock.setblocking(False)
        clients.append(_Client(sock, now))
        return True

    def _drop(self, c):
        # What the client sent and was not read is read first (a close with unread input
        # resets the connection, and the client may lose its answer).
        try:
            for _ in range(_DRAIN):
                if not c.sock.recv(_RECV):
                    break
        except OSError:  # nothing more (EAGAIN), or the client went
            pass
        try:
            c.sock.close()
        except OSError:
            pass
        if c in self.clients:
            self.clients.remove(c)

    def _serve(self, c, now):
        if elapsed(now, c.since) > (TIMEOUT_MS if c.answer is not None else _READ_MS):
            self._drop(c)
            return False
        if c.answer is None:
            try:
                data = c.sock.recv(_RECV)
            except OSError:  # nothing yet (EAGAIN), or the client went
                return False
            if not data:
                self._drop(c)
                return False
            c.heard = now
            status = c.request.feed(data)
            if not status:
                return False
            c.answer = self._answer(c.request)
            return True
        if c.left is None:
            chunk = next(c.answer, None)
            if chunk is None:
                self._drop(c)
                return False
            c.left = memoryview(chunk)
        try:
            n = c.sock.send(c.left)
        except OSError as e:
            if e.args and e.args[0] == 11:  # EAGAIN: its buffer is full, later
                return False
            raise
        c.left = c.left[n:] if n < len(c.left) else None
        return False

    def _answer(self, request):
        status = request.status
        self.served += 1
        if status == 302:
            port = "" if self.port == 80 else ":%d" % self.port
            yield head(302, location="http://%s%s/" % (self.address, port))
            return
        if status != 200:
            self.refused += 1
            yield head(status, "text/plain", 0)
            return
        path = request.path
        if path == 0:
            f = open_data("hw/share.html", sealed=False)
            try:
                size = f.seek(0, 2)
                f.seek(0)
                yield head(200, "text/html; charset=utf-8", size)
                buf = bytearray(_CHUNK)  # one per answer: two clients may read at once
                while True:
                    n = f.readinto(buf)
                    if not n:
                        break
                    yield buf if n == _CHUNK else buf[:n]
            finally:
                f.close()
        elif path == 2:
            yield head(200, "text/plain; charset=utf-8")
            for line in match_log(self.sharing.match):
                yield line
        else:
            body = self.state() if path == 1 else (self.past(),)
            size = 0
            for piece in body:
                size += len(piece)
            yield head(200, "application/json", size)
            for piece in body:
                yield piece

    def state(self):
        sharing = self.sharing
        if self.cached is None or self.version != sharing.version:
            self.cached = None  # its room first
            self.cached = state(sharing.match, sharing.settings, sharing.version,
                                sharing.words())
            self.version = sharing.version
        return self.cached

    def past(self):
        make = self.sharing.archive
        if make is None:
            return b"[]"
        archive = make()
        body = past(archive)
        tell = self.sharing.tell
        if archive.set_aside and tell:  # a damaged file found: the device says so (as
            tell(archive.DAMAGED)  # at boot)
        return body

    def _dns(self):
        # Every question is answered with the board's address: one a turn, at most 512 B.
        try:
            query, client = self.dns.recvfrom(512)
        except OSError:
            return
        if len(query) < 17 or query[2] & 0x80:  # too short for a question, or an answer
            return
        end = 12
        while end < len(query) and query[end]:  # the name's labels
            end += query[end] + 1
        end += 5  # the name's last zero, its type and class
        if end > len(query):
            return
        # The question back, flagged as an answer with one record.
        answer = query[:2] + b"\x81\x80" + query[4:6] + b"\x00\x01\x00\x00\x00\x00" \
            + query[12:end] + self.record
        try:
            self.dns.sendto(answer, client)
        except OSError:
            pass


