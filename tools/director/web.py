"""The director's pages, served from a thread of its process (http.server):

    /            the phone page: the player's table first, then the groups and the bracket
    /projector   every table live, the groups' tables and the bracket, for a hall's screen
    /console     the organizer's: tables, matches, refusals; a result corrected (with its
                 reason), a match re-seated (POST /correct, POST /reseat)
    /state.json  the director's snapshot; ?since=V holds the answer until the version
                 passes V (or HOLD_S), so a page shows a change as soon as it happens

in Catalan, Spanish and English (?lang=, else the browser's Accept-Language, else the
tournament's language; the words are pages/words.json). The pages are the files of
pages/, nothing from the internet. Only the director's version, snapshot(), correct()
and reseat() are used (docs/TOURNAMENT.md). Every request is bounded (its line, headers,
body and time) and answered only on these paths; bad input gets a clear error and
changes nothing. The console answers a browser on this machine, or one given its key
(the console_url); its actions always need the key, which only the console page has.

    python -m tools.director.web --stand-in [--port P] [--lang ca]   (the pages on a
    tournament played by the engine: tools/director/stand_in.py)
"""
import hmac
import html
import ipaddress
import json
import os
import re
import secrets
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, quote, urlsplit

PAGES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pages")
LANGUAGES = ("ca", "es", "en")
HOLD_S = 8  # a long poll's longest wait (the pages ask again at once)
HOLDING = 200  # at most this many polls held at once; more are answered at once
TICK_S = 0.05  # how often a held poll looks at the version
BODY = 2048  # the longest body a POST may have (a correction with its reason: ~300 B)
URL = 1024  # the longest request target
READ_S = 10  # a request's line, headers and body must arrive within this
REASON = 200  # the longest reason a correction may give
PAGE_FILES = {"/": "phone.html", "/projector": "projector.html", "/console": "console.html"}
TITLES = {"/": "title_phone", "/projector": "title_projector", "/console": "title_console"}
STATIC = {"/pages.js": "application/javascript", "/pages.css": "text/css"}
HEADERS = {"Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'; "
           "form-action 'self'; base-uri 'none'",
           "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Cache-Control": "no-store"}
MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,16}\Z")
NUMBER = re.compile(r"[0-9]{1,3}\Z")


class Refused(Exception):
    """Bad input: the status and what is wrong, as a word of pages/words.json and what
    fills its blanks (a word's key among them is said in the language asked for); or a
    sentence of the director's own (word None)."""

    def __init__(self, status, word, *args):
        super().__init__(word, *args)
        self.status, self.word, self.fill = status, word, args

    def said(self, words):
        if self.word is None:
            return self.fill[0]
        return words[self.word] % tuple(words.get(a, a) if isinstance(a, str) else a
                                        for a in self.fill)


def load_words():
    """{language: {key: text}} from pages/words.json ({key: {language: text}})."""
    with open(os.path.join(PAGES, "words.json"), encoding="utf-8") as f:
        words = json.load(f)
    return {lang: {k: v[lang] for k, v in words.items()} for lang in LANGUAGES}


def accepted(header):
    """The first of LANGUAGES an Accept-Language header asks for (by its q), or None."""
    best, best_q = None, 0.0
    for item in header.split(",")[:20]:
        tag, _, params = item.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                continue
        lang = tag.strip().lower()[:2]
        if lang in LANGUAGES and q > best_q:
            best, best_q = lang, q
    return best


def query(target, allowed):
    """The request target's path and its parameters ({name: value}); a parameter not in
    allowed, given twice or not UTF-8 is refused."""
    parts = urlsplit(target)
    try:
        pairs = parse_qs(parts.query, keep_blank_values=True, strict_parsing=bool(parts.query),
                         errors="strict", max_num_fields=8)
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "bad_query") from None
    out = {}
    for name, values in pairs.items():
        if name not in allowed:
            raise Refused(400, "unknown_parameter", repr(name[:20]),
                          ", ".join(sorted(allowed)) or "-")
        if len(values) > 1:
            raise Refused(400, "given_twice", repr(name[:20]))
        out[name] = values[0]
    return parts.path, out


def correction(form):
    """(match, winner, cantons, reason) from a POST /correct form, or Refused."""
    match = _match(form)
    winner = form.get("winner", "")
    if winner not in ("0", "1"):
        raise Refused(400, "bad_winner")
    cantons = [_number(form, "cantons_a", "cantons", 0, 99),
               _number(form, "cantons_b", "cantons", 0, 99)]
    reason = " ".join(form.get("reason", "").split())
    if not reason:
        raise Refused(400, "no_reason")
    if len(reason) > REASON or not reason.isprintable():
        raise Refused(400, "long_reason", REASON)
    return match, int(winner), cantons, reason


def reseating(form):
    """(match, table) from a POST /reseat form, or Refused."""
    return _match(form), _number(form, "table", "to_table", 1, 999)


def _match(form):
    match = form.get("match", "")
    if not MATCH_ID.match(match):
        raise Refused(400, "bad_match")
    return match


def _number(form, name, label, low, high):
    value = form.get(name, "").strip()
    if not NUMBER.match(value) or not low <= int(value) <= high:
        raise Refused(400, "bad_number", label, low, high)
    return int(value)


ACTIONS = {"/correct": (correction, "correct",
                        ("match", "winner", "cantons_a", "cantons_b", "reason")),
           "/reseat": (reseating, "reseat", ("match", "table"))}


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64

    def __init__(self, director, host, port, language):
        super().__init__((host, port), Handler)
        self.director = director
        self.language = language if language in LANGUAGES else None
        self.words = load_words()
        self.pages = {}
        for path, name in list(PAGE_FILES.items()) + [(p, p[1:]) for p in STATIC]:
            with open(os.path.join(PAGES, name), encoding="utf-8") as f:
                self.pages[path] = f.read()
        self.key = secrets.token_urlsafe(12)
        self.hold_s = HOLD_S  # (the fuzz target's server holds less and reads faster)
        self.read_s = READ_S
        self.port = self.server_address[1]
        self.closing = threading.Event()
        self.holding = threading.BoundedSemaphore(HOLDING)
        self.acting = threading.Lock()  # one correction or re-seat at a time
        self.cached = (None, b"")  # (version, the snapshot as JSON)
        self.cache_lock = threading.Lock()
        self.thread = threading.Thread(target=self.serve_forever, name="director-web",
                                       kwargs={"poll_interval": 0.2}, daemon=True)

    @property
    def url(self):
        return "http://%s:%d/" % (self._host(), self.port)

    @property
    def console_url(self):
        return "http://%s:%d/console?key=%s" % (self._host(), self.port, self.key)

    def _host(self):
        host = self.server_address[0]
        return "[%s]" % host if ":" in host else host

    def state(self):
        """The snapshot as JSON bytes, made once per version."""
        version = self.director.version
        with self.cache_lock:
            if self.cached[0] != version:
                self.cached = (version, json.dumps(self.director.snapshot(),
                                                   ensure_ascii=False).encode())
            return self.cached[1]

    def close(self):
        self.closing.set()
        self.shutdown()
        self.server_close()
        self.thread.join(5)


class Handler(BaseHTTPRequestHandler):
    server_version = "truc-director"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    # A request line with a bad version (or none, HTTP/0.9's) still gets a status line.
    default_request_version = "HTTP/1.1"

    def setup(self):
        self.timeout = self.server.read_s
        super().setup()

    def log_message(self, format, *args):  # noqa: A002  (the base class's name)
        pass  # the director's own log says what matters; a hall of phones is not news

    def parse_request(self):
        if len(self.raw_requestline) > URL + 20:
            self.requestline = ""
            self.request_version = "HTTP/1.1"
            self.command = ""
            self.send_error(414, "the request line is longer than %d bytes" % URL)
            return False
        return super().parse_request()

    def do_GET(self):
        self._answer(self._get)

    def do_POST(self):
        self._answer(self._post)

    def __getattr__(self, name):  # do_HEAD, do_PUT, any other method: 405
        if name.startswith("do_"):
            return self._not_allowed
        raise AttributeError(name)

    def _not_allowed(self):
        self._answer(lambda: self._refuse(405, "get_post_only", repr(self.command[:20])))

    def _refuse(self, status, word, *args):
        raise Refused(status, word, *args)

    def _answer(self, handle):
        start = time.monotonic()
        if self.command != "POST" and ("Content-Length" in self.headers
                                       or "Transfer-Encoding" in self.headers):
            self.close_connection = True  # its body unread: not taken for a next request
        self.form_lang = None
        try:
            handle()
        except Refused as e:
            self._error(e.status, e.said(self.server.words[self._said_in()]))
        except (OSError, TimeoutError):
            self.close_connection = True
        except Exception:  # noqa: BLE001  (the director's fault: said, the server goes on)
            traceback.print_exc()
            self._error(500, Refused(500, "director_fault").said(
                self.server.words[self._said_in()]))
        if time.monotonic() - start > self.server.read_s + self.server.hold_s:
            self.close_connection = True

    def _said_in(self):
        """The language a refusal is said in: the form's or the address's lang, else the
        browser's, else the tournament's."""
        if self.form_lang in LANGUAGES:
            return self.form_lang
        asked = re.search(r"[?&]lang=(ca|es|en)(&|$)", self.path or "")
        return (asked.group(1) if asked else accepted(self.headers.get(
            "Accept-Language", "")[:200]) or self.server.language or "en")

    # GET

    def _get(self):
        path = urlsplit(self.path).path
        if path == "/state.json":
            _, params = query(self.path, ("since",))
            return self._state(params.get("since"))
        if path in STATIC:
            query(self.path, ())
            return self._send(200, STATIC[path] + "; charset=utf-8",
                              self.server.pages[path].encode())
        if path not in PAGE_FILES:
            raise Refused(404, "no_page", repr(path[:60]))
        allowed = ("lang", "key") if path == "/console" else ("lang",)
        _, params = query(self.path, allowed)
        lang = self._language(params)
        if path == "/console":
            self._console_allowed(params.get("key"))
        self._page(200, path, lang)

    def _language(self, params):
        lang = params.get("lang")
        if lang is not None and lang not in LANGUAGES:
            raise Refused(400, "bad_lang")
        return (lang or accepted(self.headers.get("Accept-Language", "")[:200])
                or self.server.language or "en")

    def _console_allowed(self, key):
        if key is not None:
            if not hmac.compare_digest(key.encode(), self.server.key.encode()):
                raise Refused(403, "bad_key")
            return
        # Without the key: a browser on this machine, asking for this machine by name (a
        # page of another site that resolves its name to 127.0.0.1 does not).
        host = (self.headers.get("Host") or "").rpartition(":")[0] or self.headers.get("Host")
        try:
            local = ipaddress.ip_address(self.client_address[0]).is_loopback
        except ValueError:
            local = False
        if not local or host not in ("127.0.0.1", "localhost", "[::1]"):
            raise Refused(403, "console_here")

    def _state(self, since):
        if since is not None:
            if not re.match(r"-?[0-9]{1,15}\Z", since):
                raise Refused(400, "bad_since")
            self._hold(int(since))
        self._send(200, "application/json; charset=utf-8", self.server.state())

    def _hold(self, since):
        """Waits until the version passes since, HOLD_S passes or the server closes."""
        server = self.server
        if not server.holding.acquire(blocking=False):
            return  # too many held: this one is answered at once, its page asks again
        try:
            end = time.monotonic() + server.hold_s
            while server.director.version <= since and time.monotonic() < end:
                if server.closing.wait(TICK_S):
                    return
        finally:
            server.holding.release()

    def _page(self, status, path, lang):
        words = self.server.words[lang]
        data = {"lang": lang, "words": words, "key": ""}
        if path == "/console":
            data["key"] = self.server.key
        text = self.server.pages[path]
        # The page's data as JSON in a script element of its own (not run: the policy
        # allows scripts only from /pages.js); "</" cannot close it early.
        text = text.replace("{{lang}}", lang).replace("{{title}}", html.escape(
            words[TITLES[path]]))
        text = text.replace("{{data}}", json.dumps(data, ensure_ascii=False).replace(
            "</", "<\\/"))
        self._send(status, "text/html; charset=utf-8", text.encode())

    # POST

    def _post(self):
        path, params = query(self.path, ())
        if path not in ACTIONS:
            raise Refused(404 if path not in PAGE_FILES and path != "/state.json" else 405,
                          "post_only")
        form = self._form(ACTIONS[path][2])
        if not hmac.compare_digest(form.get("key", "").encode(), self.server.key.encode()):
            raise Refused(403, "bad_key")
        parse, method, _ = ACTIONS[path]
        args = parse(form)
        with self.server.acting:
            try:
                getattr(self.server.director, method)(*args)
            except ValueError as e:
                raise Refused(400, None, str(e) or "?") from None
        if self._wants_json():
            return self._send(200, "application/json; charset=utf-8", json.dumps(
                {"ok": True, "version": self.server.director.version}).encode())
        lang = form.get("lang") if form.get("lang") in LANGUAGES else "en"
        self.send_response(303)
        self.send_header("Location", "/console?lang=%s&key=%s" % (lang, quote(self.server.key)))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _form(self, fields):
        length = self.headers.get("Content-Length")
        if self.headers.get("Transfer-Encoding"):
            raise Refused(411, "no_length")
        if length is None or not length.isdigit():
            raise Refused(411, "no_length")
        if int(length) > BODY:
            raise Refused(413, "too_big", BODY)
        kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
        body = self.rfile.read(int(length))
        if len(body) != int(length):
            raise Refused(400, "body_short")
        if kind != "application/x-www-form-urlencoded":
            raise Refused(415, "not_form")
        try:
            pairs = parse_qs(body.decode("utf-8"), keep_blank_values=True,
                             strict_parsing=bool(body), errors="strict", max_num_fields=10)
        except (ValueError, UnicodeDecodeError):
            raise Refused(400, "bad_form") from None
        allowed = set(fields) | {"key", "lang"}
        form = {}
        for name, values in pairs.items():
            if name not in allowed:
                raise Refused(400, "unknown_field", repr(name[:20]), ", ".join(sorted(allowed)))
            if len(values) > 1:
                raise Refused(400, "given_twice", repr(name[:20]))
            form[name] = values[0]
        self.form_lang = form.get("lang")
        return form

    def _wants_json(self):
        return "application/json" in (self.headers.get("Accept") or "")

    # Answers

    def _error(self, status, message):
        if status >= 400 and self.command == "POST" or status in (411, 413, 414):
            self.close_connection = True  # the body may not have been read
        path = urlsplit(self.path or "/").path
        if path == "/state.json" or self._wants_json() or self.command not in ("GET", "POST"):
            body = json.dumps({"error": message}, ensure_ascii=False).encode()
            return self._send(status, "application/json; charset=utf-8", body)
        page = ("<!doctype html><html><head><meta charset='utf-8'><meta name='viewport' "
                "content='width=device-width,initial-scale=1'><title>%d</title>"
                "<link rel='stylesheet' href='/pages.css'></head><body class='said'><main>"
                "<h1>%d</h1><p id='error'>%s</p><p><a href='/console'>/console</a> · "
                "<a href='/'>/</a></p></main></body></html>") % (
            status, status, html.escape(message))
        self._send(status, "text/html; charset=utf-8", page.encode())

    def _send(self, status, kind, body):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        for name, value in HEADERS.items():
            self.send_header(name, value)
        if self.close_connection:
            self.send_header("Connection", "close")
        if status == 405:
            self.send_header("Allow", "GET, POST")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def serve(director, host="127.0.0.1", port=0, language=None):
    """The pages of director, served from a daemon thread: a started Server with .port,
    .url, .console_url and .close(). language: the tournament's (ca, es or en)."""
    server = Server(director, host, port, language)
    server.thread.start()
    return server


def main(argv=None):
    from sim.cli import Parser, number

    parser = Parser(prog="python -m tools.director.web", description=__doc__.split("\n")[0])
    parser.add_argument("--stand-in", action="store_true", required=True,
                        help="a tournament played by the engine (the real director: "
                             "python -m tools.director)")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=number(0, 65535), default=8035,
                        help="0: any free port")
    parser.add_argument("--lang", choices=LANGUAGES)
    parser.add_argument("--seed", type=number(0), default=1)
    args = parser.parse_args(argv)
    from tools.director.stand_in import StandIn

    director = StandIn(args.seed)
    try:
        server = serve(director, args.host, args.port, args.lang)
    except OSError as e:
        parser.error("cannot listen on %s:%d: %s" % (args.host, args.port, e.strerror or e))
    print("pages: %s  projector: %sprojector  console: %s" % (
        server.url, server.url, server.console_url), flush=True)
    try:
        while True:  # a command every second somewhere, as a hall of tables plays
            time.sleep(1)
            director.step(director.rng.randrange(1, 9))
    except KeyboardInterrupt:
        server.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
