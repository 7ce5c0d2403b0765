"""The fuzz targets, one per input path. Each makes a corpus of valid files from the seed
(random matches played through the journal and the archive, as the device writes them),
makes a case from it (make: a dict of file name -> bytes, the reproducer), and checks
the invariants on the case (check: raises Finding, or any exception, on a defect):

  journal   truc.snp/truc.log at boot: boots, presses work, a file set aside is said and
            never lost, a second boot gives the same match; files as saved give back the
            match saved, a torn last record loses that record alone
  settings  truc.cfg at boot: boots, the match is never set aside for the settings, the
            New match screen works from the settings' last new match
  archive   truc.aNN: Past matches works on the device; tools.pull writes every match
            the device lists, each to its own log, each replaying to the device's match
  datafiles fonts and texts (ui/fonts/*.bin, app/lang_*.bin): boots, the match kept, a
            damaged file said
  tablelog  a table log: replay, report and `sim --log` agree; a match the log gives,
            archived and pulled, replays to itself
  load      Match.load: never raises; what it accepts dumps, exports and loads back
  tournament what reaches a tournament's table: the tournament file truc.trn (refused
            with a reason, or read back to the very bytes), the director's assignment
            and `have` payloads (refused with a reason, or an assignment whose set-up
            starts a match), all through hw.tourfile's and hw.payloads' parsers; and
            the bytes a broker sends, read by the MQTT client (hw.mqtt) a packet at a
            time: a PUBLISH (acknowledged with its packet id), another packet, or an
            OSError with a reason, never another exception
  heap      the device on the MicroPython unix port with a starved heap (tools/mp_soak.py):
            a recovery from a full heap, never a crash, the match kept (a won match may
            wait, marked, for room to be archived: a boot from the files gives it back)
  pages     a request to the director's pages (tools/director/web.py): its query string,
            the console's POST forms; a clear 4xx or a page, never a fault, the director
            changed only by an accepted action and with what the form said, the console's
            key only to whom may have it, nothing of the request in a page unescaped
  director  the MQTT messages tools.director reads (truc/<table>/log and status),
            duplicated, reordered, dropped, damaged: never a crash, what it stores
            replays, a result is its log's, a restart reads the same
  share     HTTP requests and DNS questions to the sharing server (hw.httpd) on
            127.0.0.1: each answered with a status its rules give (200 only for its four
            paths, GET only) or dropped, never an exception out of the server; a DNS
            answer is the question's with the board's address; the match and the flash
            unchanged
  directorcli the organizer's command lines `correct` and `reseat` (their arguments
            damaged): exit 0, or exit 2 with one line and the tournament unchanged
"""
import contextlib
import io
import json
import os
import random
import re
import sys
import tempfile

import tools  # noqa: F401  (the firmware on the import path)
import sim  # noqa: F401  (and the stand-ins ahead of it)
from sim.device import Device
from sim.flash import Flash
from sim.fingers import Fingers
from truc.match import Match
from truc import tablelog
from hw.journal import HEAD, RECORD, Journal
from hw.archive import Archive
from app.i18n import LANGUAGES
from app.settings import Settings
from ui.gestures import SHORT, DOUBLE, LONG
from tools.fuzz import Finding
from tools.fuzz import formats, mutate
from tools.mpbuild import ROOT
from tools import randplay  # random legal play, shared with the property tests

SETUPS = (
    "variant valencia",
    "variant mallorca\nset players=2 canton=12 cantons=3 peces=4 jocfora=match",
    "variant palacios\nset canton=12 cantons=3 jocfora=match",
    "variant valencia\nset players=6 canton=18 cantons=3",
    "variant mallorca\nset players=6 canton=18 flor=on",
)
NAMES = ("", "", "NOS", "ELLS", "Àngel", "Xisca", "", "")
BOARDS = ("tdisplay", "devkit_oled", "m5stack_core", "m5stickc_plus2")


def _played(setup, steps):
    m = Match()
    for line in setup.split("\n"):
        assert tablelog.run(m, line) is None
    for _ in range(steps):
        if randplay.step(m) is None:
            break
    return m


def _matches(seed, most):
    """Eight random matches of seed, each of up to most steps: (k, match)."""
    for k in range(8):
        random.seed(seed * 100 + k)
        yield k, _played(SETUPS[k % len(SETUPS)], random.randrange(0, most))


def _save_settings(flash, s):
    s.fs = flash  # the settings' own file, on the fuzzed flash
    s.save()


def _journal(seed, k):
    """The files a device leaves after a random match k: (files, the match's dump)."""
    random.seed(seed * 100 + k)  # randplay's random
    flash = Flash()
    m = Match()
    s = Settings()
    s.language = LANGUAGES[k % len(LANGUAGES)]
    s.names = list(NAMES) if k % 2 else [""] * 8
    j = Journal(flash)
    j.open(m)
    for line in SETUPS[k % len(SETUPS)].split("\n"):
        tablelog.run(m, line)
        j.changed()
    for _ in range(random.randrange(0, 120)):
        r = random.randrange(20)
        if r == 0:
            m.undo()
        elif r == 1:
            m.redo()
        elif randplay.step(m) is None:
            break
        j.changed()
    s.setup[0], s.setup[1], s.setup[2] = m.variant(), m.players(), m.options() & 255
    j.close()
    _save_settings(flash, s)
    return dict(flash.files), m.dump()


def _keys(rng, n=8):
    """A press script: n (key, gesture) pairs, as bytes."""
    return bytes(v for _ in range(n) for v in (rng.randrange(3), rng.randrange(3)))


def _press(device, script):
    fingers = Fingers(device)
    for i in range(0, len(script) - 1, 2):
        fingers.gesture(script[i] % device.keys, (SHORT, DOUBLE, LONG)[script[i + 1] % 3])


def _lost(before, after):
    """A file's content that is in neither its place nor a set-aside name."""
    kept = set(after.values())
    for name, data in before.items():
        if data not in kept and name in after:
            continue  # rewritten in place: a save, not a loss
        if data not in kept:
            return name
    return None


def _aside(before, after):
    return sorted(n for n in after if ".bad" in n and n not in before)


class Target:
    name = ""

    def corpus(self, seed):
        return [_journal(seed, k) for k in range(6)]

    def make(self, rng, corpus):
        raise NotImplementedError

    def check(self, files):
        raise NotImplementedError


def _mutated(rng, name, data, others):
    new = mutate.edit(rng, data, others)
    if rng.randrange(4):  # past the checks, to the parser
        new = formats.fix(name, new, rng)
    return new


def _boot(files, board, what):
    """A device booted on files: the boot's invariants checked. Returns it."""
    flash = Flash({n: d for n, d in files.items() if n.startswith("truc.")})
    before = dict(flash.files)
    d = Device(board, flash=flash, draw=False)
    after = d.flash.files
    aside = _aside(before, after)
    if aside and not d.app.message:
        raise Finding("%s: %s set aside with no notice" % (what, ", ".join(aside)))
    lost = _lost(before, after)
    if lost:
        raise Finding("%s: %s lost at boot" % (what, lost))
    again = Device(board, flash=d.flash.reboot(), draw=False)
    if not hasattr(d.app, "match") or not hasattr(again.app, "match"):  # ui.fault's page
        if getattr(d.app, "lines", None) != getattr(again.app, "lines", None):
            raise Finding("%s: a second boot says another thing" % what)
    elif again.app.match.dump() != d.app.match.dump():
        raise Finding("%s: a second boot gives another match (%d commands, then %d)" % (
            what, d.app.match.entries(), again.app.match.entries()))
    if _aside(after, again.flash.files):
        raise Finding("%s: a second boot sets aside more" % what)
    return again


def _given_back(booted, saved):
    # The match booted is the one saved, or it less its last change (an apply, an undo
    # or a redo: the last record, torn): its commands in effect the same up to there.
    was = Match()
    assert was.load(saved)
    ways = [Match() for _ in range(3)]
    for way in ways:
        way.load(saved)
    ways[1].undo()
    ways[2].redo()
    for m in [was] + ways[1:]:
        if m.state == booted.state and m.entries() == booted.entries() and all(
                m.entry(i) == booted.entry(i) for i in range(m.entries())):
            return
    raise Finding("journal: saved %d commands, the boot gives back %d (another match)" % (
        was.entries(), booted.entries()))


class JournalFiles(Target):
    name = "journal"

    def make(self, rng, corpus):
        files, dump = rng.choice(corpus)
        files = dict(files)
        files["keys"] = _keys(rng)
        files["board"] = rng.choice(BOARDS).encode()
        log = files.get("truc.log", b"")
        if rng.randrange(3) == 0 and len(log) >= HEAD + RECORD:
            # As saved, or its last record torn (cut short, or its check bad): the boot
            # must give back the match saved, or it less that last record.
            files["saved"] = bytes(dump)
            cut = rng.randrange(3)
            if cut == 1:
                files["truc.log"] = log[:len(log) - rng.randrange(1, RECORD)]
            elif cut == 2:
                files["truc.log"] = log[:-1] + bytes((log[-1] ^ rng.randrange(1, 256),))
            return files
        others = [f[n] for f, _ in corpus for n in ("truc.snp", "truc.log") if n in f]
        for name in rng.sample(("truc.snp", "truc.log"), rng.choice((1, 1, 2))):
            if name in files and rng.randrange(12):
                files[name] = _mutated(rng, name, files[name], others)
            else:
                files.pop(name, None)  # missing
        return files

    def check(self, files):
        d = _boot(files, files["board"].decode(), "journal")
        if "saved" in files:
            _given_back(d.app.match, files["saved"])
        _press(d, files["keys"])
        m = Match()
        if not m.load(d.app.match.dump()) or m.state != d.app.match.state:
            raise Finding("journal: the match booted does not load back")


class SettingsFile(Target):
    name = "settings"

    def make(self, rng, corpus):
        files, _ = rng.choice(corpus)
        files = dict(files)
        others = [f["truc.cfg"] for f, _ in corpus]
        if rng.randrange(2):
            files["truc.cfg"] = _mutated(rng, "truc.cfg", files["truc.cfg"], others)
        else:  # crafted: the last new match (variant, players, options), help seen and
            # sharing, the 5 bytes before the password's length (0: none in the corpus)
            data = bytearray(files["truc.cfg"])  # and the CRC
            for _ in range(rng.randrange(1, 3)):
                data[-10 + rng.randrange(5)] = rng.choice((0, 1, 2, 3, 4, 5, 6, 7, 8, 0x7F,
                                                           0xFF, rng.randrange(256)))
            files["truc.cfg"] = formats.fix("truc.cfg", data)
        files["keys"] = _keys(rng, 12)
        files["board"] = rng.choice(BOARDS).encode()
        return files

    def check(self, files):
        match = Match()
        Journal(Flash({n: files[n] for n in ("truc.snp", "truc.log") if n in files})).open(
            match)
        d = _boot(files, files["board"].decode(), "settings")
        if d.app.match.dump() != match.dump():
            raise Finding("settings: the match is not the one saved")
        flash = d.flash.files
        if any(n not in flash for n in ("truc.snp", "truc.log") if n in files):
            raise Finding("settings: the match was set aside for the settings file")
        app = d.app
        app.open("newmatch")  # from the settings' last new match
        d.step()
        _press(d, files["keys"])
        app.home()
        app.open("settingsmenu")
        d.step()
        _press(d, files["keys"][:8])


class ArchiveFiles(Target):
    name = "archive"

    def corpus(self, seed):
        # One flash's archive: the matches kept in turn, each in the slot its sequence
        # number gives (a file is read only there), the ring of 20 gone round once.
        flash = Flash()
        archive = Archive(flash)
        for turn in range(3):
            for k, m in _matches(seed + turn, 400):
                teams = (NAMES[2 + k % 4], NAMES[3 + k % 4]) if k % 2 else ("", "")
                archive.keep(m, teams)  # not one where nothing was played
        return {n: d for n, d in flash.files.items() if n.startswith("truc.a")}

    def make(self, rng, corpus):
        # Some of its files, a third of them damaged, an eighth in another slot: several
        # that read, so that what reads them is seen to keep each apart.
        files = {}
        names = sorted(corpus)
        for name in rng.sample(names, rng.randrange(1, min(len(names), 8) + 1)):
            data = corpus[name]
            if rng.randrange(3) == 0:
                data = _mutated(rng, name, data, list(corpus.values()))
            if rng.randrange(8) == 0:
                name = "truc.a%02d" % rng.randrange(20)
            files[name] = data
        files["keys"] = _keys(rng)
        return files

    def check(self, files):
        archive = Archive(Flash({n: d for n, d in files.items() if n.startswith("truc.")}))
        loaded = []
        for _, name, _ in archive.matches():
            m = Match()
            if archive.load(name, m):
                loaded.append(json.dumps(_describe(m)))
        d = Device("tdisplay", flash=Flash({n: d for n, d in files.items()
                                            if n.startswith("truc.")}), draw=False)
        d.app.open("mainmenu")
        d.app.home()
        d.app.open("pastmatches")
        d.step()
        _press(d, files["keys"])
        with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
            folder = os.path.join(tmp, "flash")
            os.mkdir(folder)
            for name, data in files.items():
                if name.startswith("truc."):
                    with open(os.path.join(folder, name), "wb") as f:
                        f.write(data)
            out = os.path.join(tmp, "out")
            from tools import pull
            status, said = _quietly(pull.main, ["--flash", folder, "--all", out])
            if status not in (0, 1):
                raise Finding("archive: pull exits %r: %s" % (status, said[-400:]))
            written = sorted(n for n in os.listdir(out) if n != "current.log") \
                if os.path.isdir(out) else []
            pulled = []
            for name in written:
                with open(os.path.join(out, name), "rb") as f:
                    m, code = _replayed(f.read())
                if code:
                    raise Finding("archive: pull wrote %s, which replay refuses" % name)
                pulled.append(json.dumps(_describe(m)))
        if sorted(pulled) != sorted(loaded):
            raise Finding("archive: the device lists %d past matches, pull writes %d (%s)" % (
                len(loaded), len(pulled), said[-300:]))


def _describe(m):
    from tools.replay import describe
    return describe(m)


def _quietly(fn, argv):
    """fn(argv) with its output caught: (exit status, what it printed)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            status = fn(argv)
        except SystemExit as e:
            status = e.code
    return status, out.getvalue()


def _sim_log(board, path):
    """What `sim --headless --board BOARD --log PATH` exits with and prints (its own
    steps: headless.run's output streams are bound when it is first imported)."""
    from sim import headless

    with open(path, "rb") as f:
        lines = tablelog.split(f.read())  # as sim/__main__.py reads --log
    out = io.StringIO()
    return headless.run(board, log_lines=lines, out=out, err=out), out.getvalue()


def _replayed(data):
    from tools import replay
    out, err = io.StringIO(), io.StringIO()
    return replay.replay(tablelog.split(data), out=out, err=err)


DATA_FILES = tuple(sorted(
    [f for f in ("app/" + n for n in os.listdir(os.path.join(ROOT, "firmware", "app")))
     if f.endswith(".bin")] +
    ["ui/fonts/" + n for n in os.listdir(os.path.join(ROOT, "firmware", "ui", "fonts"))
     if n.endswith(".bin")]))


class DataFiles(Target):
    name = "datafiles"

    def corpus(self, seed):
        originals = {}
        for name in DATA_FILES:
            with open(os.path.join(ROOT, "firmware", name), "rb") as f:
                originals[name] = f.read()
        return [_journal(seed, k) for k in (0, 1)], originals

    def make(self, rng, corpus):
        journals, originals = corpus
        name = rng.choice(DATA_FILES)
        data = originals[name]
        others = [d for n, d in originals.items() if n != name and n[:3] == name[:3]]
        files = dict(rng.choice(journals)[0])
        new = data
        while new == data:
            new = _mutated(rng, name, data, others) if rng.randrange(8) else b""
        if name.startswith("app/lang_"):  # the settings name the language mutated
            s = Settings()
            s.language = name[9:11]
            flash = Flash()
            _save_settings(flash, s)
            files["truc.cfg"] = flash.files["truc.cfg"]
        files["data:" + name.replace("/", ":")] = new
        files["keys"] = _keys(rng)
        # A board that opens the font (the OLED the small ones, the 320x240 glass the
        # large ones); any for a language.
        files["board"] = (b"devkit_oled" if "small" in name else
                          b"m5stack_core" if name.endswith(("/large.bin", "huge.bin")) else
                          rng.choice((b"tdisplay", b"m5stickc_plus2")) if "fonts" in name
                          else rng.choice(BOARDS).encode())
        return files

    def check(self, files):
        from ui import text

        data = [(n[5:].replace(":", "/"), d) for n, d in files.items() if n.startswith("data:")]
        with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
            for name, d in data:
                os.makedirs(os.path.dirname(os.path.join(tmp, name)), exist_ok=True)
                with open(os.path.join(tmp, name), "wb") as f:
                    f.write(d)
            saved = Match()
            Journal(Flash({n: files[n] for n in ("truc.snp", "truc.log") if n in files})).open(
                saved)
            sys.path.insert(0, tmp)  # ahead of firmware/: ui.open_data finds these first
            text._fonts.clear()
            try:
                d = _boot(files, files["board"].decode(), "datafiles")
                flash = d.flash.files
                if any(flash.get(n) != files[n] for n in ("truc.snp", "truc.log") if n in files):
                    raise Finding("datafiles: the saved match was set aside or changed")
                lines = getattr(d.app, "lines", None)  # ui.fault's page, standing in for the app
                if lines is not None:
                    if data[0][0] not in "".join(lines):
                        raise Finding("datafiles: the fault page does not name %s: %r" % (
                            data[0][0], lines))
                elif d.app.match.dump() != saved.dump():
                    raise Finding("datafiles: the saved match is not the one booted")
                elif not d.app.message:
                    raise Finding("datafiles: a damaged %s boots with no word of it"
                                  % data[0][0])
                _press(d, files["keys"])
            finally:
                sys.path.remove(tmp)
                text._fonts.clear()
                from app import i18n
                i18n.use("en")


# What some reader might take for the end of a line (str.splitlines does, for each).
SEPARATORS = tuple(c.encode() for c in "\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
HOSTILE = SEPARATORS + (b"\x85", b"\xef\xbb\xbf", b"# ", b"\t",
           b"  ", b"\xff", b"\x00", b"baza A", b"baza B", b"undo", b"vull A", b"envit B",
           b"truc A 2", b"set players=2", b"variant valencia", b"\n\n", "é".encode())


class TableLog(Target):
    name = "tablelog"

    def corpus(self, seed):
        out = []
        for _, m in _matches(seed, 200):
            out.append(("\n".join(tablelog.export(m)) + "\n").encode())
        return out

    def make(self, rng, corpus):
        data = bytearray(rng.choice(corpus))
        for _ in range(rng.randrange(1, 4)):
            r = rng.randrange(3)
            if r == 0:
                at = rng.randrange(len(data) + 1)
                data[at:at] = rng.choice(HOSTILE)
            elif r == 1:
                data = bytearray(mutate.edit(rng, data, corpus))
            else:  # a command hidden in a comment behind a separator, at a line's start
                starts = [0] + [i + 1 for i in range(len(data)) if data[i] == 10]
                at = rng.choice(starts)
                command = rng.choice(rng.choice(corpus).split(b"\n")[1:] or [b"baza A"])
                data[at:at] = b"# note" + rng.choice(SEPARATORS) + command + b"\n"
        case = {"table.log": bytes(data)}
        if not rng.randrange(5):  # sim --log plays it through the UI: slow, 1 case in 5
            case["board"] = rng.choice(BOARDS).encode()
        return case

    def check(self, files):
        data = files["table.log"]
        m, code = _replayed(data)
        said = json.dumps(_describe(m))
        with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
            path = os.path.join(tmp, "table.log")
            with open(path, "wb") as f:
                f.write(data)
            from tools import report
            try:
                r = report.load(path)
                reported = None if not code else "accepts"
                if not code and json.dumps(_describe(r)) != said:
                    reported = "reads another match"
            except (ValueError, UnicodeDecodeError):
                reported = "refuses" if not code else None
            if reported:
                raise Finding("tablelog: report %s what replay %s" % (
                    reported, "refuses" if code else "accepts"))
            status, out = _sim_log(files["board"].decode(), path) if "board" in files \
                else (code, said)
        if (status != 0) != (code != 0):
            raise Finding("tablelog: sim --log exits %r where replay exits %d: %s" % (
                status, code, out[-300:]))
        if not code and said not in out:
            raise Finding("tablelog: sim --log plays another match than replay")
        # Archived (the archive keeps a match once play began), pulled, replayed.
        if not code and m.started() and m.from_start():
            flash = Flash()
            Archive(flash).keep(m)
            from tools import pull
            found, _ = pull.past(flash.files, lambda text: None)
            if len(found) != 1:
                raise Finding("tablelog: the archived match does not pull")
            again, c = _replayed("".join(pull.lines(found[0][-1])).encode())
            if c or json.dumps(_describe(again)) != said:
                raise Finding("tablelog: the pulled log replays to another match")


class MatchLoad(Target):
    name = "load"

    def corpus(self, seed):
        out = []
        for k in range(10):
            random.seed(seed * 100 + k)
            m = _played(SETUPS[k % len(SETUPS)], random.randrange(0, 300))
            for _ in range(random.randrange(4)):
                m.undo()
            out.append(bytes(m.dump()))
        return out

    def make(self, rng, corpus):
        return {"dump": mutate.edit(rng, rng.choice(corpus), corpus)}

    def check(self, files):
        from tools.soakplan import check_export

        m = Match()
        if not m.load(files["dump"]):
            if m.entries() or m.variant():
                raise Finding("load: a refused dump leaves a match behind")
            return
        again = Match()
        if not again.load(m.dump()) or again.state != m.state or again.dump() != m.dump():
            raise Finding("load: an accepted dump does not dump and load back the same")
        why = check_export(m)
        if why:
            raise Finding("load: " + why)
        n = 0
        while m.undo() is None:
            n += 1
        for _ in range(n):
            if m.redo() is not None:
                raise Finding("load: undo all, redo all does not come back")
        if m.state != again.state:
            raise Finding("load: undo all, redo all gives another state")


class StarvedHeap(Target):
    """Each case: a board, a soak seed and a heap size from just above what boots to
    what fits every screen; the soak (tools/mp_soak.py, "starved": the loop may recover,
    a won match may wait for room to be archived, a boot with no room ends the run) must
    end with no failure."""
    name = "heap"
    # The 64-bit port with the soak's own heap: from what boots, measured on the code
    # being tested (to 64 B) with SPARE to spare, SPAN up (the 320x240 glass's fonts take
    # more, the OLED's less; a constant drifted below what booted).
    SPARE = 2048
    SPAN = 13000
    STEP = 512  # the heaps drawn: each one booted when the floor was found

    def corpus(self, seed):
        from tools import soak

        self._tmp = soak.scratch()  # removed with this target
        tmp = self._tmp.name
        self._trees = {b: soak.mp_tree(b, os.path.join(tmp, b)) for b in BOARDS}
        self.low = {b: boot_floor(self._trees[b], self.SPARE, self.SPAN, self.STEP)
                    for b in BOARDS}
        return self._trees

    def make(self, rng, corpus):
        board = rng.choice(BOARDS)
        low = self.low[board]
        return {"board": board.encode(),
                "heap": str(rng.randrange(low, low + self.SPAN, self.STEP)).encode(),
                "seed": str(rng.randrange(1, 1 << 30)).encode()}

    def check(self, files):
        from tools import soak
        from tools.mpbuild import tool

        board = files["board"].decode()
        tree = self._trees[board]
        with soak.scratch() as flash:
            proc = soak.mp_process(tool("micropython"), tree, flash, 120,
                                   int(files["seed"]), heap=int(files["heap"]),
                                   starved=True)
            out, err = proc.communicate(timeout=300)
        last = out.strip().splitlines()[-1] if out.strip() else ""
        if proc.returncode or not last.startswith("soaked"):
            raise Finding("heap: %s, heap %s: %s" % (board, files["heap"].decode(),
                                                     (out + err)[-800:]))


# A request to the director's pages: KEY stands for the console's key (made anew by each
# server), LENGTH for the body's length (made right, most of the time, after the edits).
PAGE_REQUESTS = (
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: ca-ES,ca;q=0.9\r\n\r\n",
    b"GET /?lang=es HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /projector?lang=ca HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /console?lang=en&key=KEY HTTP/1.1\r\nHost: venue.local\r\n\r\n",
    b"GET /console HTTP/1.1\r\nHost: localhost\r\n\r\n",
    b"GET /state.json?since=3 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /state.json?since=99 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"GET /pages.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    b"POST /correct HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: LENGTH\r\n\r\n"
    b"key=KEY&lang=ca&match=m3&winner=1&cantons_a=2&cantons_b=3&reason=wrong+baza+entered",
    b"POST /correct HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: LENGTH\r\n\r\n"
    b"key=KEY&match=m11&winner=0&cantons_a=3&cantons_b=0&reason=table+swapped",
    b"POST /reseat HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n"
    b"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: LENGTH\r\n\r\n"
    b"key=KEY&match=m20&table=12",
)
PAGE_HOSTILE = (b"%ff", b"%00", b"%", b"&", b"=", b"&&", b"+", b"<b>x", b"</script>",
                b"lang=fr", b"key=KEY", b"winner=2", b"cantons_a=-1", b"cantons_b=100",
                b"match=m999", b"match=", b"reason=%20%20", b"table=0", b"table=1000",
                b"since=-1", b"since=1e3", "é".encode(), b"\r\n", b"9" * 30, b"x" * 300,
                b"?", b"#", b"/../", b"\x00", b"\xff")

PAGE_VALUES = (b"0", b"1", b"2", b"3", b"99", b"100", b"999", b"1000", b"m1", b"m24", b"m25",
               b"", b"+", b"++x++", b"%C3%A9s", b"x" * 200, b"x" * 201, b"1e2", b"-0", b"007",
               b"%0A", b"%3Cb%3Ex", b"ca", b"fr")


class DirectorPages(Target):
    name = "pages"

    def corpus(self, seed):
        return PAGE_REQUESTS

    def make(self, rng, corpus):
        # As many forms as queries: the forms are what changes the tournament.
        post = bool(rng.randrange(2))
        data = rng.choice([r for r in corpus if r.startswith(b"POST") == post])
        head, _, body = data.partition(b"\r\n\r\n")
        line, _, headers = head.partition(b"\r\n")
        part = rng.randrange(4)  # the query string, the form, anywhere, or a field's value
        if part == 3 and body:
            fields = body.split(b"&")
            at = rng.randrange(len(fields))
            fields[at] = fields[at].split(b"=")[0] + b"=" + rng.choice(PAGE_VALUES)
            body = b"&".join(fields)
        for _ in range(rng.randrange(1, 4) if part < 3 else 0):
            if part == 0 or (part == 1 and not body):
                line = self._edited(rng, line, corpus)
            elif part == 1:
                body = self._edited(rng, body, corpus)
            else:
                head = mutate.edit(rng, line + b"\r\n" + headers, corpus)
                line, _, headers = head.partition(b"\r\n")
        return {"request": line + b"\r\n" + headers + b"\r\n\r\n" + body,
                "length": b"right" if rng.randrange(4) else str(rng.randrange(600)).encode()}

    @staticmethod
    def _edited(rng, data, corpus):
        if rng.randrange(2):
            at = rng.randrange(len(data) + 1)
            return data[:at] + rng.choice(PAGE_HOSTILE) + data[at:]
        return mutate.edit(rng, data, corpus)

    def check(self, files):
        from urllib.parse import parse_qs, urlsplit

        from tools.director import web
        from tools.director.stand_in import StandIn

        class Director:  # the four members the pages may use; the actions asked kept
            def __init__(self, real):
                self.real, self.asked = real, []

            @property
            def version(self):
                return self.real.version

            def snapshot(self):
                return self.real.snapshot()

            def correct(self, *args):
                self.asked.append(("correct",) + args)
                return self.real.correct(*args)

            def reseat(self, *args):
                self.asked.append(("reseat",) + args)
                return self.real.reseat(*args)

        director = Director(StandIn(seed=3))
        server = web.serve(director)
        server.hold_s, server.read_s = 0.2, 1
        try:
            request = files["request"].replace(b"KEY", server.key.encode())
            head, _, body = request.partition(b"\r\n\r\n")
            length = str(len(body)).encode() if files["length"] == b"right" else files["length"]
            request = head.replace(b"LENGTH", length) + b"\r\n\r\n" + body
            before = director.snapshot()
            status, answer = self._asked(server.port, request)
            after = director.snapshot()
            again, _ = self._asked(server.port, b"GET /state.json HTTP/1.1\r\nHost: x\r\n\r\n")
        finally:
            server.close()
        said = "pages: %r answered %r" % (request[:200], answer[:300])
        if status is None and not request.split(b"\n")[0].strip():
            return  # an empty first line: nothing asked, nothing answered (http.server's way)
        if status is None or (status >= 500 and status != 505):
            raise Finding("pages: no answer or a fault: " + said)
        if again != 200:
            raise Finding("pages: the server does not answer after " + said)
        head, _, page = answer.partition(b"\r\n\r\n")
        length = re.search(rb"\r\ncontent-length: *([0-9]+)", head.lower())
        if length is None or len(page) < int(length.group(1)):
            raise Finding("pages: the answer is not as long as it says: " + said)
        page, more = page[:int(length.group(1))], page[int(length.group(1)):]
        if more and not more.startswith(b"HTTP/1.1 "):  # what followed, asked again
            raise Finding("pages: an answer runs past its length: " + said)
        target = request.split(b" ")[1] if request.count(b" ") >= 2 else b""
        path = urlsplit(target.decode("latin-1")).path
        key = server.key.encode()
        carried = key in request
        if key in answer and not (path == "/console" or carried):
            raise Finding("pages: the console's key to a request without it: " + said)
        for mark in (b"<b>x", b"</script>"):  # in a page (JSON is sent as such, nosniff)
            if mark in request and mark in page and b"text/html" in head.lower():
                raise Finding("pages: the request's %r in the page unescaped: %s" % (mark, said))
        # The Content-Type header's, not any words of the head (http.server's status line
        # for a bad version quotes the request's, "application/json" among them).
        if re.search(rb"\r\ncontent-type: *application/json", head.lower()) and status != 303:
            try:
                json.loads(page)
            except ValueError:
                raise Finding("pages: a JSON answer that does not parse: " + said) from None
        accepted = request.startswith(b"POST ") and status in (200, 303)
        if not accepted:
            if after != before:
                raise Finding("pages: a refused request changed the tournament: " + said)
            return
        # Accepted: the director was asked once, with what the form says.
        form = {k: v[0] for k, v in parse_qs(body.decode(), keep_blank_values=True).items()}
        action = "correct" if path == "/correct" else "reseat"
        parse = web.correction if action == "correct" else web.reseating
        if director.asked != [(action,) + tuple(parse(form))]:
            raise Finding("pages: the director was asked %r for %s" % (director.asked, said))

    @staticmethod
    def _asked(port, request):
        """(status or None, the whole answer) of one request on its own connection."""
        import socket

        with socket.create_connection(("127.0.0.1", port), timeout=5) as c:
            c.sendall(request)
            c.shutdown(socket.SHUT_WR)  # nothing more: a short body ends here
            answer = b""
            try:
                while True:
                    chunk = c.recv(65536)
                    if not chunk:
                        break
                    answer += chunk
            except OSError:
                pass
        parts = answer.split(b" ", 2)
        if len(parts) < 2 or not parts[1].isdigit():
            return None, answer
        return int(parts[1]), answer


class DirectorMessages(Target):
    """Each case: the messages of table 1's match (tools.director's m1), some duplicated,
    swapped, dropped, damaged by mutate.edit or sent on another table's topic; then, in
    two cases of three, the whole journal again."""
    name = "director"
    SETUP = ["variant mallorca", "set canton=12 cantons=2"]

    def corpus(self, seed):
        from tools.director.engine import random_log
        return [["m1 %d %s" % (i, line) for i, line in enumerate(
            random_log(self.SETUP, seed * 100 + k), 1)] for k in range(6)]

    def make(self, rng, corpus):
        payloads = [p.encode() for p in rng.choice(corpus)]
        flat = [p for c in corpus for p in c]
        messages = []
        for p in payloads:
            kind = rng.randrange(12)
            if kind == 0:
                continue  # dropped
            topic = "truc/table%d/log" % (2 if kind == 1 else 1)
            if kind == 2:
                p = mutate.edit(rng, p, [q.encode() for q in flat[:50]])
            messages.append([topic, p.decode("latin-1")])
            if kind == 3:
                messages.append([topic, p.decode("latin-1")])  # twice
            if kind == 4 and len(messages) > 1:
                messages[-1], messages[-2] = messages[-2], messages[-1]
        if rng.randrange(3) == 0:
            messages.append(["truc/table1/status", rng.choice(("on x", "off", "\xff"))])
        if rng.randrange(3):  # the table sends its journal again, as after a `have`
            messages.extend(["truc/table1/log", p.decode()] for p in payloads)
        return {"messages": json.dumps(messages).encode()}

    def check(self, files):
        from tools.director.director import Director
        from tools.director.tournament import Tournament
        from tools.replay import replay

        class Message:
            def __init__(self, topic, payload):
                self.topic, self.payload = topic, payload

        with tempfile.TemporaryDirectory() as folder:
            db = os.path.join(folder, "t.db")
            t = Tournament(db)
            t.import_csv("pair\nA/A\nB/B\n")
            t.add_phase("final", "knockout", self.SETUP)
            t.set_setting("tables", 2)
            t.start()
            t.close()
            d = Director(db)  # never connected: its publishes wait in paho's queue
            try:
                for topic, payload in json.loads(files["messages"]):
                    d._on_message(d.client, None, Message(topic, payload.encode("latin-1")))
                t = d.tournament
                log = t.log_text(1)
                m, code = replay(tablelog.split(log.encode()), out=io.StringIO(),
                                 err=io.StringIO())
                if code:
                    raise Finding("director: the stored log does not replay")
                row = t.match(1)
                said = t.db.execute("SELECT 1 FROM refusals WHERE reason LIKE "
                                    "'%the result stands%'").fetchone()
                if row["status"] == "done" and (row["winner"] != m.winner() or [
                        row["cantons_a"], row["cantons_b"]] != [m.cantons(0), m.cantons(1)]) \
                        and not said:
                    raise Finding("director: a result that is not its log's, unsaid")
                if m.winner() in (0, 1) and row["status"] != "done":
                    raise Finding("director: a won log without its result")
                count = log.count("\n")
                if t.db.execute("SELECT 1 FROM held WHERE seq <= ?", (count + 1,)).fetchone():
                    raise Finding("director: a held command that could be stored")
                before = t.export()
            finally:
                d.tournament.close()
            again = Tournament(db)
            try:
                if again.export() != before:
                    raise Finding("director: a restart reads another tournament")
            finally:
                again.close()


# Values for a field of truc.trn: numbers as a hand or a tool might write them, edges,
# text where a number goes, what is not printable ASCII.
TRN_VALUES = (b"0", b"007", b"01883", b"-1", b"+7", b"1000", b"65535", b"65536", b"99999",
              b"1e3", b" 7", b"7 ", b"", b"x" * 64, b"y" * 33, b"table7", b"table07",
              "é".encode(), b"\t", b"a b", b"\x00", b"abcdefghjkmnpqrs", b"ABCDEFGHJKMNPQRS")


class TournamentInput(Target):
    name = "tournament"
    KINDS = ("truc.trn", "assign", "have", "broker")

    def corpus(self, seed):
        from hw import tourfile

        rng = random.Random(seed)
        out = []
        for k in range(8):
            table = rng.randint(1, 999)
            password = "".join(rng.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(16))
            c = tourfile.Config(table, "192.168.4.%d" % k, 1883 + k, "table%d" % table,
                                password, "Fonda %d" % k, "" if k % 3 else "wifi-pass-%d" % k)
            setup = rng.choice(SETUPS).split("\n")
            if len(setup) == 1:
                setup.append("set players=2")
            assign = json.dumps({"match": "m%d" % (k + 1), "table": table, "round": 1,
                                 "pairs": ["SEGUI/SEGUI", "BERMUDEZ/DIAZ"], "setup": setup,
                                 "title": "Table %d: SEGUI/SEGUI v BERMUDEZ/DIAZ" % table},
                                ensure_ascii=k % 2 == 0).encode()
            have = b"m%d %d" % (k + 1, rng.randint(0, 300))
            out.append({"truc.trn": tourfile.format(c), "assign": assign, "have": have,
                        "table": str(table).encode(),
                        "broker": _broker_sends(table, assign, have, k)})
        return out

    def make(self, rng, corpus):
        case = dict(rng.choice(corpus))
        kind = rng.choice(self.KINDS)
        if kind == "truc.trn" and rng.randrange(2):  # a field's value made another
            lines = case[kind].split(b"\n")
            at = rng.randrange(len(lines) - 2)  # not the crc's line
            key = lines[at].split(b" ", 1)[0]
            lines[at] = key + b" " + rng.choice(TRN_VALUES) if rng.randrange(8) else key
            case[kind] = b"\n".join(lines)
        else:
            case[kind] = mutate.edit(rng, case[kind], [c[kind] for c in corpus])
        if kind == "truc.trn" and rng.randrange(4):  # past its crc, to the fields' checks
            case[kind] = formats.fix(kind, case[kind])
        return case

    def check(self, files):
        from hw import tourfile
        from hw.payloads import assignment, have

        _client_reads(files["broker"])

        data = files["truc.trn"]
        try:
            c = tourfile.parse(data)
        except ValueError as e:
            if not str(e):
                raise Finding("tournament: truc.trn refused with no reason") from None
        else:
            if tourfile.format(c) != data:
                raise Finding("tournament: truc.trn accepted but not read back to its bytes")
        table = int(files["table"])
        try:
            a = assignment(files["assign"], table)
        except ValueError as e:
            if not str(e):
                raise Finding("tournament: an assignment refused with no reason") from None
        else:
            if a is not None:
                m = Match()
                for line in a[3]:
                    if tablelog.run(m, line):
                        raise Finding("tournament: an accepted set-up the engine refuses")
                if not m.variant() or len(a[2]) != 2:
                    raise Finding("tournament: an accepted assignment starts no match")
        try:
            match, count = have(files["have"])
        except ValueError as e:
            if not str(e):
                raise Finding("tournament: a `have` refused with no reason") from None
        else:
            if ("%s %d" % (match, count)).encode() != files["have"] \
                    and not files["have"].split(b" ", 1)[1].startswith(b"0"):
                raise Finding("tournament: a `have` read as another")


def _broker_sends(table, assign, have, k):
    # What a broker sends a table after it joined: the SUBACKs, the retained assignment
    # (QoS 1), `have` (QoS 0 or 1), the PUBACK of a command, a PINGRESP.
    from hw import mqtt

    wire = _Wire(b"")
    mqtt.send(wire, 0x90, b"\x00\x02\x01")
    mqtt.send(wire, 0x90, b"\x00\x03\x01")
    mqtt.send(wire, 0x33, mqtt.pack(b"truc/table%d/assign" % table) + b"\x00\x01" + assign)
    if k % 2:
        mqtt.send(wire, 0x32, mqtt.pack(b"truc/table%d/have" % table) + b"\x01\x02" + have)
    else:
        mqtt.send(wire, 0x30, mqtt.pack(b"truc/table%d/have" % table) + have)
    return wire.written + b"\x40\x02\x00\x04\xd0\x00"


class _Wire:
    """A socket's stand-in for hw.mqtt: the broker's bytes read as MicroPython's stream
    reads them, the broker gone after them; what the client writes kept."""

    def __init__(self, data):
        self.data = data
        self.at = 0
        self.written = b""

    def settimeout(self, value):
        pass

    def read(self, n):
        got = self.data[self.at:self.at + n]
        self.at += len(got)
        return got

    def write(self, data):
        self.written += bytes(data)
        return len(data)


def _client_reads(data):
    # hw.mqtt reads data a packet at a time: each a PUBLISH, another packet, or an
    # OSError with its reason; a PUBLISH at QoS 1 acknowledged with its packet id.
    from hw import mqtt

    wire = _Wire(data)
    for _ in range(len(data) + 1):
        at = wire.at
        acked = len(wire.written)
        try:
            got = mqtt.read(wire, -1)
        except OSError as e:
            if not str(e):
                raise Finding("tournament: the client refused a broker's bytes with no"
                              " reason") from None
            return
        except Exception as e:  # noqa: BLE001  (what the fuzzer looks for)
            raise Finding("tournament: the client raised %r on a broker's bytes" % e) from None
        if got is None or wire.at == at:
            raise Finding("tournament: the client read nothing where bytes were")
        head = data[at]
        ack = wire.written[acked:]
        publish = head & 0xf0 == 0x30
        if publish and head >> 1 & 3 == 1:
            n = wire.at - len(got[1]) - 2
            if ack != b"\x40\x02" + data[n:n + 2]:
                raise Finding("tournament: a PUBLISH at QoS 1 acknowledged as %r" % ack)
        elif ack:
            raise Finding("tournament: the client answered %r to what needs no answer" % ack)
        if not publish and got != (b"", b""):
            raise Finding("tournament: a packet other than a PUBLISH read as a message")


def boots(tree, heap):
    """Whether the device of tree boots on the 64-bit port in heap bytes (the soak with
    no press)."""
    from tools import soak
    from tools.mpbuild import tool

    with soak.scratch() as flash:
        proc = soak.mp_process(tool("micropython"), tree, flash, 0, 1, heap=heap,
                               starved=True)
        out, _ = proc.communicate(timeout=300)
    # (a starved soak whose boot found no room ends "soaked ... boot_out_of_heap=1")
    return proc.returncode == 0 and out.strip().startswith("soaked") \
        and "boot_out_of_heap" not in out


def boot_floor(tree, spare, span, step):
    """The least heap, spare over the least one that boots, from which every heap step
    apart up to span more boots: booting is not monotonic (the T-Display's device boots in
    165,824 B and 167,616 B, not in 167,872 B to 168,384 B, 6 December)."""
    low = h = least_boot(tree) + spare
    while h < low + span:
        if boots(tree, h):
            h += step
        else:
            low = h = h + step
    return low


def least_boot(tree, low=64 * 1024, high=512 * 1024):
    """The least heap (to 64 B) the device of tree boots in."""
    if not boots(tree, high):
        raise RuntimeError("the device does not boot in %d B" % high)
    while high - low > 64:
        mid = (low + high) // 2 // 64 * 64
        if boots(tree, mid):
            high = mid
        else:
            low = mid
    return high


_REQUESTS = (b"GET / HTTP/1.1\r\nHost: 192.168.4.1\r\n\r\n", b"GET /state HTTP/1.1\r\n\r\n",
             b"GET /match.log HTTP/1.0\r\nAccept: */*\r\n\r\n", b"GET /past HTTP/1.1\r\n\r\n",
             b"GET /generate_204 HTTP/1.1\r\n\r\n", b"POST /state HTTP/1.1\r\n\r\n",
             b"GET /../truc.cfg HTTP/1.1\r\n\r\n", b"GET /state?x=1 HTTP/1.1\r\n\r\n")
_QUESTION = b"\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00" \
    b"\x11connectivitycheck\x07gstatic\x03com\x00\x00\x01\x00\x01"


class ShareServer(Target):
    name = "share"

    def corpus(self, seed):
        import socket

        from hw.share import Sharing

        m = _played(SETUPS[seed % len(SETUPS)], 60)
        flash = Flash()
        Archive(flash).keep(_played(SETUPS[0], 200), ("NOS", "ELLS"))
        self.match, self.flash = m, flash
        self.before = (bytes(m.dump()), dict(flash.files))

        class Settings:
            language, names, sharing, password = "en", [""] * 8, False, "abcdefgh23"

        class Radio:
            def name(self):
                return "truc-0001"

            def up(self, name, password):
                return "127.0.0.1"

            def down(self):
                pass

        self.sharing = Sharing(m, Settings(), lambda: Archive(flash), 0, 0, Radio())
        self.sharing.words = lambda: ["Round %d" % m.round()]
        self.sharing.on(0)  # on port 0: the host chooses (and DNS too)
        server = self.sharing.server
        self.port = server.port
        self.dns = server.dns.getsockname()[1]
        self.socket = socket
        return list(_REQUESTS)

    def make(self, rng, corpus):
        data = rng.choice(corpus)
        if rng.randrange(4):
            data = mutate.edit(rng, data, corpus)
        question = _QUESTION if rng.randrange(2) else mutate.edit(rng, _QUESTION, [_QUESTION])
        return {"request": bytes(data), "question": bytes(question),
                "pieces": bytes((rng.randrange(1, 64),))}

    def check(self, files):
        import time

        socket, server, now = self.socket, self.sharing.server, 0
        c = socket.create_connection(("127.0.0.1", self.port))
        c.setblocking(False)
        data, step = files["request"], files["pieces"][0]
        got = b""
        for at in range(0, max(len(data), 1), step):
            try:
                c.send(data[at:at + step])
            except OSError:
                break
            now += 10
            server.poll(now)
        q = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        q.sendto(files["question"], ("127.0.0.1", self.dns))
        q.setblocking(False)
        answer = None
        for _ in range(2000):
            now += 10
            server.poll(now)
            try:
                piece = c.recv(4096)
                if not piece:
                    break
                got += piece
            except BlockingIOError:
                time.sleep(0.0002)
            except OSError:
                break
            if answer is None:
                try:
                    answer = q.recv(512)
                except OSError:
                    pass
        c.close()
        for _ in range(5):
            now += 10
            server.poll(now)
            if answer is None:
                try:
                    answer = q.recv(512)
                except OSError:
                    pass
        q.close()
        self._judge(files, got, answer)
        if server.clients:
            raise Finding("share: a client still held after its answer")

    def _judge(self, files, got, answer):
        from hw import httpd

        if got:
            line = got.split(b"\r\n", 1)[0]
            parts = line.split(b" ")
            if len(parts) < 3 or parts[0] != b"HTTP/1.1" or int(parts[1]) not in (
                    200, 302, 400, 405, 431):
                raise Finding("share: answered %r" % line[:60])
            first = files["request"].split(b"\r", 1)[0].split(b"\n", 1)[0].split(b" ")
            if parts[1] == b"200" and (first[0] != b"GET" or len(first) != 3 or first[1].split(
                    b"?")[0] not in httpd.PATHS):
                raise Finding("share: 200 to %r" % files["request"][:60])
        q = files["question"]
        if answer is not None and (answer[:2] != q[:2] or not answer[2] & 0x80
                                   or answer[-4:] != b"\x7f\x00\x00\x01"):
            raise Finding("share: DNS answered %r" % answer[:40])
        if (bytes(self.match.dump()), self.flash.files) != self.before:
            raise Finding("share: the match or the flash changed")


class DirectorCommandLine(Target):
    """Each case: `tools.director correct` or `reseat` with an argument damaged, on a
    knockout of 6 pairs on 4 tables, started."""
    name = "directorcli"

    def corpus(self, seed):
        return [{"argv": b"correct\0--match\0m%d\0--winner\0%d\0--cantons\0%s\0--reason\0"
                 b"lost device" % (k % 4 + 1, k % 2, b"2,1" if k % 2 == 0 else b"0,2")}
                for k in range(4)] + [
                {"argv": b"reseat\0--match\0m%d\0--table\0%d" % (k + 1, k + 1)}
                for k in range(4)]

    def make(self, rng, corpus):
        case = dict(rng.choice(corpus))
        case["argv"] = mutate.edit(rng, case["argv"], [c["argv"] for c in corpus])
        return case

    def check(self, files):
        from tools.director.__main__ import main
        from tools.director.tournament import Tournament

        try:
            argv = files["argv"].decode("utf-8").split("\0")
        except UnicodeError:
            return  # a shell hands Python text
        if not argv or argv[0] not in ("correct", "reseat") or any("\n" in a for a in argv):
            return
        with tempfile.TemporaryDirectory() as folder:
            db = os.path.join(folder, "t.db")
            t = Tournament(db)
            t.import_csv("pair\nA/A\nB/B\nC/C\nD/D\nE/E\nF/F\n")
            t.add_phase("ko", "knockout", ["variant mallorca", "set canton=12 cantons=2"])
            t.set_setting("tables", 4)
            t.start()
            t.schedule()
            before = (t.export(), [tuple(r) for r in t.db.execute("SELECT * FROM matches")])
            t.close()
            status, said = _quietly(main, argv[:1] + ["--db", db] + argv[1:])
            t = Tournament(db)
            try:
                after = (t.export(), [tuple(r) for r in t.db.execute("SELECT * FROM matches")])
            finally:
                t.close()
            if status not in (0, 2):
                raise Finding("directorcli: exit status %r" % (status,))
            if status == 2 and (said.count("\n") != 1 or after != before):
                raise Finding("directorcli: refused, but %s" % (
                    "the tournament changed" if after != before else "not in one line"))


TARGETS = {t.name: t for t in (JournalFiles, SettingsFile, ArchiveFiles, DataFiles, TableLog,
                               MatchLoad, TournamentInput, StarvedHeap, ShareServer,
                               DirectorPages, DirectorMessages, DirectorCommandLine)}
