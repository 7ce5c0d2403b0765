# mp-heap: 144K
# The sharing server (hw.share, hw.httpd) on CPython and on the MicroPython unix port:
# the request parser against hostile input (a bounded fuzz: random bytes, random splits,
# huge lines and headers), the DNS answer, and the server on 127.0.0.1 against clients
# that send garbage, too much, nothing, or come many at once, while the match is scored
# between its turns: every command lands, every client is answered or dropped, and the
# heap comes back to its level.
import gc
import json
import random
import socket
import time

from hw import httpd
from hw.httpd import Request, REQUEST_MAX, LINE_MAX, TIMEOUT_MS
from hw.share import Sharing, IDLE_MS
from truc.match import Match
from truc import rules as R
from truc import tablelog

STATUSES = (0, 200, 302, 400, 405, 431)


class _Settings:
    def __init__(self):
        self.language = "en"
        self.names = ["", "", "", "", "", "", "", ""]
        self.sharing = False
        self.password = "abcdefgh23"  # drawn with the RF on: tests/host/test_radio.py


class _Radio:
    def __init__(self):
        self.on = False

    def name(self):
        return "truc-0001"

    def up(self, name, password):
        self.on = True
        return "127.0.0.1"

    def down(self):
        self.on = False


def _feed(data, pieces=1):
    r = Request()
    step = max(1, len(data) // pieces)
    status = 0
    for i in range(0, len(data), step):
        status = r.feed(data[i:i + step])
        if status:
            break
    return r, status


def test_requests_are_read_by_their_line_and_end_at_the_blank_line():
    r, status = _feed(b"GET /state HTTP/1.1\r\nHost: x\r\n\r\n", 7)
    assert status == 200 and r.path == 1
    assert _feed(b"GET /match.log?x=1 HTTP/1.0\r\n\r\n")[0].path == 2
    assert _feed(b"GET / HTTP/1.1\r\nHost: x\r\n")[1] == 0  # not finished: waits
    assert _feed(b"GET /generate_204 HTTP/1.1\r\n\r\n")[1] == 302
    assert _feed(b"POST / HTTP/1.1\r\n\r\n")[1] == 405
    assert _feed(b"GET / HTTP/2\r\n\r\n")[1] == 400
    assert _feed(b"GET  / HTTP/1.1\r\n\r\n")[1] == 400
    assert _feed(b"GET /" + b"a" * LINE_MAX + b" HTTP/1.1\r\n\r\n")[1] == 431
    # Not HTTP/1.x: answered at the end of the request line, not left waiting.
    assert _feed(b"GET / HTTP/1.1\n")[1] == 400  # a bare LF
    assert _feed(b"GET /\r\n")[1] == 400  # HTTP/0.9
    assert _feed(b"GET /state\r")[1] == 400
    assert _feed(b"GET / HTTP/1.1\rHost: x\r\n\r\n")[1] == 400  # a CR with no LF
    assert _feed(b"GET / HTTP/1.1\r\nHost: x\n")[1] == 0  # a header's LF: it waits
    huge = b"GET / HTTP/1.1\r\n" + b"X: " + b"y" * 2000 + b"\r\n\r\n"
    r, status = _feed(huge, 40)
    assert status == 431 and r.seen == REQUEST_MAX


def test_fuzz_hostile_requests_end_bounded_and_never_raise():
    rnd = random.Random(28) if hasattr(random, "Random") else None
    randint = rnd.randint if rnd else random.randint
    if not rnd:
        random.seed(28)
    parts = (b"GET ", b"POST ", b"/", b"/state", b"/match.log", b" HTTP/1.1", b"\r\n", b"\r",
             b"\n", b"\r\n\r\n", b"Host: x", b"\x00", b"\xff\xfe", b"?", b" ", b"a" * 60)
    for _ in range(300):
        data = bytearray()
        for _ in range(randint(0, 30)):
            if randint(0, 3):
                data += parts[randint(0, len(parts) - 1)]
            else:
                data.append(randint(0, 255))
        r = Request()
        status = 0
        at = 0
        while at < len(data) and not status:
            n = randint(1, 64)
            status = r.feed(bytes(data[at:at + n]))
            at += n
        assert status in STATUSES
        assert r.seen <= REQUEST_MAX
        assert r.line is None or len(r.line) <= LINE_MAX
        if status == 200:
            assert 0 <= r.path < len(httpd.PATHS)


def _sharing(match, port):
    return Sharing(match, _Settings(), None, port, None, _Radio(),
                   words=lambda: ["Round %d" % match.round()])


def _open(match):
    for port in range(28080, 28120):  # a free one: runs may overlap
        s = _sharing(match, port)
        try:
            s.on(0)
            return s, port
        except OSError:
            pass
    raise OSError("no free port")


def _client(port, data=b"", s=None, now=0):
    # A client connected and its data sent, the server s (if given) turning meanwhile,
    # as it would while other clients wait in its backlog.
    c = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    c.setblocking(False)
    try:
        c.connect(socket.getaddrinfo("127.0.0.1", port)[0][-1])
    except OSError:  # in progress
        pass
    for _ in range(400):  # a turned-away connection tries again after a second
        if s is not None:
            s.poll(now)
        try:
            c.send(data)
            return c
        except OSError:  # not connected yet
            time.sleep(0.01)
    raise OSError("could not connect")


def _read(c, s, now, turns=400):
    # Turns of the server until the client's answer is whole (the server closes). Into
    # one growing buffer: a bytes made again at every piece fragments the test's heap.
    got = bytearray()
    for _ in range(turns):
        s.poll(now)
        try:
            data = c.recv(2048)
        except OSError:
            continue
        if not data:
            break
        got.extend(data)
    c.close()
    return bytes(got)


def test_the_server_answers_the_page_the_state_and_the_log():
    m = Match()
    for line in ("variant mallorca", "set players=2 canton=12 cantons=3", "dealer 0",
                 "envit A", "vull B", "baza A"):
        assert tablelog.run(m, line) is None
    s, port = _open(m)
    try:
        got = _read(_client(port, b"GET /state HTTP/1.1\r\nHost: x\r\n\r\n"), s, 0)
        head, body = got.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 200 OK") and b"application/json" in head
        state = json.loads(body)
        assert state["points"] == [0, 0] and state["bazas"] == [R.A] and state["entries"] == 6
        assert state["words"] == ["Round 1"]
        got = _read(_client(port, b"GET /match.log HTTP/1.1\r\n\r\n"), s, 0)
        lines = tablelog.split(got.split(b"\r\n\r\n", 1)[1])
        again = Match()  # the log replays to the match the device holds
        assert len(lines) == 7 and lines[-1] == "" and lines[3] == "envit A"
        for line in lines:
            assert tablelog.run(again, line) is None
        assert bytes(again.dump()) == bytes(m.dump())
        got = _read(_client(port, b"GET / HTTP/1.1\r\n\r\n"), s, 0, 2000)
        head, body = got.split(b"\r\n\r\n", 1)
        assert body.startswith(b"<!doctype html>") and body.endswith(b"</html>\n")
        assert head.endswith(b"Content-Length: %d" % len(body))
        got = _read(_client(port, b"GET /hotspot-detect.html HTTP/1.1\r\n\r\n"), s, 0)
        assert got.startswith(b"HTTP/1.1 302 Found") \
            and b"Location: http://127.0.0.1:%d/\r\n" % port in got
    finally:
        s.off()


def test_hostile_clients_never_stop_the_scoring_nor_keep_the_heap():
    m = Match()
    for line in ("variant mallorca", "set players=2 canton=12 cantons=3", "dealer 0"):
        tablelog.run(m, line)
    s, port = _open(m)
    plays = ("baza A", "baza B", "baza A") * 12
    done = 0
    try:
        # What the first answers import stays (the log's and the history's modules); the
        # state they cache is dropped at both ends.
        _read(_client(port, b"GET /state HTTP/1.1\r\n\r\n"), s, 0)
        _read(_client(port, b"GET /match.log HTTP/1.1\r\n\r\n"), s, 0)
        s.changed()
        gc.collect()
        level = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        now = 0
        levels = []
        for _ in range(3):
            clients = [_client(port, data, s, now) for data in (
                b"\x00\xff garbage \r\n\r\n",  # answered 400
                b"GET / HTTP/1.1\r\nX: " + b"y" * 3000,  # too long: 431
                b"GET /state HTTP/1.1\r\nHost: never done",  # dropped after TIMEOUT_MS
                b"GET /state HTTP/1.1\r\n\r\n") + (b"GET /match.log HTTP/1.1\r\n\r\n",) * 4]
            answers = [b""] * len(clients)
            for turn in range(600):
                if turn % 20 == 0 and done < len(plays):  # a press now and then
                    assert tablelog.run(m, plays[done]) is None
                    s.changed()
                    done += 1
                now += 10
                s.poll(now)
                for i in range(len(clients)):
                    try:
                        data = clients[i].recv(1024)
                        answers[i] += data if data else b""
                    except OSError:
                        pass
            assert answers[0].startswith(b"HTTP/1.1 400 Bad Request")
            assert answers[1].startswith(b"HTTP/1.1 431")
            assert answers[2] == b""  # dropped after TIMEOUT_MS, unanswered
            assert now > TIMEOUT_MS
            assert answers[3].startswith(b"HTTP/1.1 200 OK")
            for a in answers[4:]:  # many at once: each answered in its turn
                assert a.startswith(b"HTTP/1.1 200 OK") and b"variant mallorca\n" in a
            for c in clients:
                c.close()
            for _ in range(10):
                s.poll(now)
            assert s.server.clients == []
            clients = answers = data = a = c = None
            s.changed()
            gc.collect()
            levels.append(gc.mem_alloc() - level if level else 0)
        assert done == len(plays) and m.entries() == 3 + len(plays)  # no command lost
        # The heap back to its level after each round (the first grows some lists once).
        assert levels[0] < 256 and max(levels) - min(levels) < 64, levels
    finally:
        s.off()


def test_sharing_ends_after_idle_ms_without_a_request():
    m = Match()
    s, port = _open(m)
    try:
        assert s.active() and s.settings.sharing and s.radio.on
        assert len(s.settings.password) >= 8
        assert not s.poll(IDLE_MS - 10)
        assert s.poll(IDLE_MS + 20)  # ended by itself: the screen may show it
        assert not s.active() and not s.settings.sharing and not s.radio.on
    finally:
        s.off()


def test_dns_answers_every_name_with_the_boards_address():
    m = Match()
    s = Sharing(m, _Settings(), None, 0, None, _Radio())
    for dns in range(28153, 28200):
        s.dns_port = dns
        try:
            s.on(0)
            break
        except OSError:
            s.port = 0
    else:
        raise OSError("no free port")
    try:
        q = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        addr = socket.getaddrinfo("127.0.0.1", dns)[0][-1]
        question = b"\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00" \
            b"\x11connectivitycheck\x07gstatic\x03com\x00\x00\x01\x00\x01"
        q.sendto(b"\x01\x02", addr)  # too short: no answer, no harm
        q.sendto(question, addr)
        q.setblocking(False)
        answer = None
        for _ in range(200):
            s.poll(0)
            try:
                answer = q.recv(512)
                break
            except OSError:
                pass
        q.close()
        assert answer[:2] == b"\x12\x34" and answer[2] & 0x80 and answer[6:8] == b"\x00\x01"
        assert answer[12:len(question)] == question[12:]
        assert answer[-4:] == b"\x7f\x00\x00\x01"
    finally:
        s.off()
