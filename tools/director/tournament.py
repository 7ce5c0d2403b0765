"""The tournament in SQLite: pairs, phases, matches, tables, the commands received, the
refusals and the corrections. Everything the director knows is in the database, so a
restarted director goes on where it stopped (docs/TOURNAMENT.md, "The director").

Not thread-safe by itself: Director serialises every call with one lock."""
import csv
import io
import json
import secrets
import sqlite3
import time

from tools.director import formats
from tools.director.engine import replay

SCHEMA_VERSION = 1
PASSWORD_LETTERS = "abcdefghjklmnpqrstuvwxyz23456789"  # 32: 5 bits each, 80 in 16
TIEBREAKS = ("won", "head_to_head", "cantons_diff", "cantons_for", "points_diff", "seed")
SETTINGS = {  # the organizer's choices, with their defaults (docs/TOURNAMENT.md)
    "name": "Truc tournament",
    "tables": "0",
    "tiebreak": ",".join(TIEBREAKS),
    "draw": "seed",  # "seed": pairs as seeded/imported; "random": shuffled by draw_seed
    "draw_seed": "0",
}

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE pairs (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, seed INTEGER);
CREATE TABLE phases (
    id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('groups', 'knockout')),
    setup TEXT NOT NULL, final_setup TEXT, group_size INTEGER, advance INTEGER,
    started INTEGER NOT NULL DEFAULT 0);
CREATE TABLE members (phase INTEGER NOT NULL, grp TEXT NOT NULL, pair INTEGER NOT NULL,
    PRIMARY KEY (phase, pair));
CREATE TABLE matches (
    id INTEGER PRIMARY KEY, phase INTEGER NOT NULL, grp TEXT, round INTEGER NOT NULL,
    slot INTEGER NOT NULL, pair_a INTEGER, pair_b INTEGER, tbl INTEGER,
    status TEXT NOT NULL DEFAULT 'waiting'
        CHECK (status IN ('waiting', 'playing', 'done', 'bye')),
    winner INTEGER, cantons_a INTEGER NOT NULL DEFAULT 0, cantons_b INTEGER NOT NULL DEFAULT 0,
    points_a INTEGER NOT NULL DEFAULT 0, points_b INTEGER NOT NULL DEFAULT 0,
    started INTEGER, finished INTEGER);
CREATE TABLE commands (match INTEGER NOT NULL, seq INTEGER NOT NULL, line TEXT NOT NULL,
    at REAL NOT NULL, PRIMARY KEY (match, seq));
CREATE TABLE held (match INTEGER NOT NULL, seq INTEGER NOT NULL, line TEXT NOT NULL,
    PRIMARY KEY (match, seq));
CREATE TABLE tables (tbl INTEGER PRIMARY KEY, password TEXT NOT NULL,
    connected INTEGER NOT NULL DEFAULT 0, firmware TEXT);
CREATE TABLE refusals (id INTEGER PRIMARY KEY, at REAL NOT NULL, tbl INTEGER, topic TEXT,
    payload TEXT, reason TEXT NOT NULL);
CREATE TABLE corrections (id INTEGER PRIMARY KEY, match INTEGER NOT NULL, winner INTEGER,
    cantons_a INTEGER NOT NULL, cantons_b INTEGER NOT NULL, reason TEXT NOT NULL,
    at REAL NOT NULL);
"""


def new_password():
    return "".join(secrets.choice(PASSWORD_LETTERS) for _ in range(16))


def match_name(match_id):
    return "m%d" % match_id


def match_id(name):
    """The number of a match id "m17"; ValueError for anything else."""
    if not isinstance(name, str) or name[:1] != "m" or not name[1:].isdigit() \
            or not name[1:].isascii() or len(name) > 10:
        raise ValueError("unknown match %r" % (name,))
    return int(name[1:])


def check_setup(setup):
    """The set-up lines of a phase (["variant mallorca", "set canton=12 cantons=3"]),
    checked by the engine: ValueError with its reason."""
    if not setup or not setup[0].startswith("variant "):
        raise ValueError("a phase's set-up starts with 'variant NAME'")
    for line in setup:
        if line.split(" ", 1)[0] not in ("variant", "set"):
            raise ValueError("a phase's set-up has only variant and set lines, not %r" % line)
    reason = replay(setup)[1]
    if reason:
        raise ValueError("set-up %s" % reason)
    return list(setup)


def describe_setup(setup):
    """"Mallorca · to 3 cantons" for a phase's set-up."""
    live = replay(setup)[0]
    m = live.match
    variant = live.state()["variant"] or "?"
    return "%s · to %d cantons" % (variant.capitalize(), m.cantons_to_win())


class Tournament:
    def __init__(self, path):
        self.path = path
        self.db = sqlite3.connect(path, check_same_thread=False, timeout=30)
        self.db.row_factory = sqlite3.Row
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        exists = self.db.execute("SELECT 1 FROM sqlite_master WHERE name = 'meta'").fetchone()
        if not exists:
            self.db.executescript(_SCHEMA)
            with self.db:
                self._set("schema", str(SCHEMA_VERSION))
                self._set("clock", "0")
                self._set("director_password", new_password())
                self._set("spectator_password", new_password())
        version = int(self.meta("schema"))
        if version != SCHEMA_VERSION:
            raise ValueError("%s: schema version %d, this director reads %d"
                             % (path, version, SCHEMA_VERSION))
        self.live = {}  # match id -> Live, rebuilt from the commands on demand

    # --- settings and meta

    def _set(self, key, value):
        self.db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (key, str(value)))

    def meta(self, key, default=None):
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    def setting(self, key):
        return self.meta("setting." + key, SETTINGS[key])

    def set_setting(self, key, value):
        if key not in SETTINGS:
            raise ValueError("unknown setting %r (%s)" % (key, ", ".join(SETTINGS)))
        value = str(value)
        if key == "tiebreak":
            keys = value.split(",")
            bad = [k for k in keys if k not in TIEBREAKS]
            if bad or len(set(keys)) != len(keys):
                raise ValueError("tiebreak: a comma-separated order of %s" % ", ".join(TIEBREAKS))
        elif key == "draw" and value not in ("seed", "random"):
            raise ValueError("draw: seed or random")
        elif key in ("tables", "draw_seed") and not value.isdigit():
            raise ValueError("%s: a number" % key)
        elif key == "tables":
            if not 1 <= int(value) <= 999:  # a table's number on its device: 1 to 999
                raise ValueError("tables: 1 to 999")
            self.add_tables(int(value))
        with self.db:
            self._set("setting." + key, value)

    def tick(self):
        """The next value of the tournament's clock: the order things happened in."""
        now = int(self.meta("clock")) + 1
        self._set("clock", now)
        return now

    # --- pairs and tables

    def _check_pair(self, name, seed):
        name = " ".join(name.split())
        if not name or len(name) > 60:
            raise ValueError("a pair's name: 1 to 60 characters")
        if seed is not None and (not isinstance(seed, int) or seed < 1):
            raise ValueError("a seed is a number from 1")
        if self.db.execute("SELECT 1 FROM pairs WHERE name = ?", (name,)).fetchone():
            raise ValueError("pair %r is already in" % name)
        return name

    def add_pair(self, name, seed=None):
        if self.started():
            raise ValueError("the tournament has started: no new pairs")
        name = self._check_pair(name, seed)
        with self.db:
            return self.db.execute("INSERT INTO pairs (name, seed) VALUES (?, ?)",
                                   (name, seed)).lastrowid

    def import_csv(self, text):
        """Pairs from CSV text: a column "pair" or "name" (or the first column), and an
        optional "seed". Returns how many were added; on an error none is."""
        if self.started():
            raise ValueError("the tournament has started: no new pairs")
        rows = [r for r in csv.reader(io.StringIO(text)) if any(cell.strip() for cell in r)]
        if not rows:
            raise ValueError("the CSV has no pairs")
        header = [cell.strip().lower() for cell in rows[0]]
        name_col, seed_col, first = 0, None, 1
        if "pair" in header or "name" in header:
            name_col = header.index("pair" if "pair" in header else "name")
            seed_col = header.index("seed") if "seed" in header else None
            rows, first = rows[1:], 2
        pairs = []
        for number, row in enumerate(rows, first):
            try:
                name = row[name_col] if name_col < len(row) else ""
                seed = row[seed_col].strip() if seed_col is not None and seed_col < len(row) \
                    else ""
                if seed and not (seed.isascii() and seed.isdigit()):
                    raise ValueError("the seed must be a number")
                name = self._check_pair(name, int(seed) if seed else None)
                if name in [p for p, _ in pairs]:
                    raise ValueError("pair %r is twice in the file" % name)
            except ValueError as e:
                raise ValueError("line %d: %s" % (number, e)) from None
            pairs.append((name, int(seed) if seed else None))
        with self.db:
            self.db.executemany("INSERT INTO pairs (name, seed) VALUES (?, ?)", pairs)
        return len(pairs)

    def pairs(self):
        """Pair ids in seeding order: seeded pairs by seed, then the rest as imported (or
        drawn, with the setting draw=random)."""
        rows = self.db.execute("SELECT id, seed FROM pairs ORDER BY id").fetchall()
        seeded = sorted((r["seed"], r["id"]) for r in rows if r["seed"] is not None)
        rest = [r["id"] for r in rows if r["seed"] is None]
        if self.setting("draw") == "random":
            import random
            random.Random(int(self.setting("draw_seed"))).shuffle(rest)
        return [i for _, i in seeded] + rest

    def pair_name(self, pair):
        if pair is None:
            return None
        return self.db.execute("SELECT name FROM pairs WHERE id = ?", (pair,)).fetchone()[0]

    def add_tables(self, count):
        with self.db:
            for n in range(1, count + 1):
                self.db.execute("INSERT OR IGNORE INTO tables (tbl, password) VALUES (?, ?)",
                                (n, new_password()))

    def tables(self):
        return [r[0] for r in self.db.execute("SELECT tbl FROM tables ORDER BY tbl")]

    def broker_users(self):
        """{user: password} of the broker's password file: the director, the spectator
        and every table."""
        users = {"director": self.meta("director_password"),
                 "spectator": self.meta("spectator_password")}
        for r in self.db.execute("SELECT tbl, password FROM tables"):
            users["table%d" % r[0]] = r[1]
        return users

    def password(self, table, new=False):
        if table not in self.tables():
            raise ValueError("no table %r (the tournament has %d)" % (table, len(self.tables())))
        if new:
            with self.db:
                self.db.execute("UPDATE tables SET password = ? WHERE tbl = ?",
                                (new_password(), table))
        return self.db.execute("SELECT password FROM tables WHERE tbl = ?", (table,)).fetchone()[0]

    # --- phases

    def add_phase(self, name, kind, setup, group_size=None, advance=None, final_setup=None):
        """A phase after the last one. kind "groups" (all against all in groups of
        group_size; advance pairs of each go on) or "knockout" (entered by the pairs the
        phase before sends on, or by every pair when it is the first phase)."""
        if kind not in ("groups", "knockout"):
            raise ValueError("a phase is groups or knockout, not %r" % kind)
        if not name or not name.replace("-", "").replace("_", "").isalnum():
            raise ValueError("a phase's name: letters, digits, - and _")
        setup = check_setup(setup)
        final = check_setup(final_setup) if final_setup else None
        if kind == "groups":
            if not group_size or group_size < 2:
                raise ValueError("groups need a size of at least 2")
            if advance is None or advance < 1 or advance > group_size:
                raise ValueError("advance: 1 to the group size pairs go on from each group")
        if self.started():
            raise ValueError("the tournament has started: its phases are set")
        try:
            with self.db:
                self.db.execute(
                    "INSERT INTO phases (name, kind, setup, final_setup, group_size, advance)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (name, kind, json.dumps(setup), json.dumps(final) if final else None,
                     group_size, advance))
        except sqlite3.IntegrityError:
            raise ValueError("phase %r exists" % name) from None

    def phases(self):
        return self.db.execute("SELECT * FROM phases ORDER BY id").fetchall()

    def started(self):
        return self.db.execute("SELECT 1 FROM phases WHERE started").fetchone() is not None

    def start(self):
        """Draws the first phase and assigns the first round to the tables."""
        phases = self.phases()
        if not phases:
            raise ValueError("the tournament has no phase")
        if self.started():
            raise ValueError("the tournament has started")
        entrants = self.pairs()
        if len(entrants) < 2:
            raise ValueError("the tournament needs at least 2 pairs")
        if not self.tables():
            raise ValueError("the tournament has no tables (setting tables)")
        with self.db:
            self._start_phase(phases[0], entrants)
        return self.schedule()

    def _start_phase(self, phase, entrants):
        self.db.execute("UPDATE phases SET started = 1 WHERE id = ?", (phase["id"],))
        if phase["kind"] == "groups":
            count = formats.group_count(len(entrants), phase["group_size"])
            for g, members in enumerate(formats.snake(entrants, count)):
                grp = chr(ord("A") + g) if count <= 26 else str(g + 1)
                for pair in members:
                    self.db.execute("INSERT INTO members VALUES (?, ?, ?)",
                                    (phase["id"], grp, pair))
                for r, games in enumerate(formats.round_robin(len(members)), 1):
                    for s, (i, j) in enumerate(games):
                        self._new_match(phase["id"], grp, r, s, members[i], members[j])
            return
        size = formats.bracket_size(len(entrants))
        seeds = formats.bracket_seeds(size)
        for r in range(1, formats.knockout_rounds(size) + 1):
            for s in range(size >> r):
                if r == 1:
                    a, b = (entrants[seeds[2 * s + k] - 1] if seeds[2 * s + k] <= len(entrants)
                            else None for k in (0, 1))
                else:
                    a = b = None
                self._new_match(phase["id"], None, r, s, a, b)
        for m in self.db.execute("SELECT * FROM matches WHERE phase = ? AND round = 1 AND "
                                 "(pair_a IS NULL OR pair_b IS NULL)", (phase["id"],)).fetchall():
            winner = 0 if m["pair_a"] is not None else 1
            self.db.execute("UPDATE matches SET status = 'bye', winner = ? WHERE id = ?",
                            (winner, m["id"]))
            self._advance(self.db.execute("SELECT * FROM matches WHERE id = ?",
                                          (m["id"],)).fetchone())

    def _new_match(self, phase, grp, rnd, slot, a, b):
        self.db.execute("INSERT INTO matches (phase, grp, round, slot, pair_a, pair_b) "
                        "VALUES (?, ?, ?, ?, ?, ?)", (phase, grp, rnd, slot, a, b))

    def _advance(self, m):
        """A decided knockout match sends its winner to the next round."""
        nxt = self.db.execute("SELECT * FROM matches WHERE phase = ? AND round = ? AND slot = ?",
                              (m["phase"], m["round"] + 1, m["slot"] // 2)).fetchone()
        if nxt is None:
            return
        winner = (m["pair_a"], m["pair_b"])[m["winner"]]
        column = "pair_a" if m["slot"] % 2 == 0 else "pair_b"
        self.db.execute("UPDATE matches SET %s = ? WHERE id = ?" % column, (winner, nxt["id"]))

    def setup_of(self, m):
        phase = self.db.execute("SELECT * FROM phases WHERE id = ?", (m["phase"],)).fetchone()
        if phase["kind"] == "knockout" and phase["final_setup"]:
            last = self.db.execute("SELECT MAX(round) FROM matches WHERE phase = ?",
                                   (m["phase"],)).fetchone()[0]
            if m["round"] == last:
                return json.loads(phase["final_setup"])
        return json.loads(phase["setup"])

    # --- scheduling

    def schedule(self):
        """Gives every free table the next match whose two pairs are known and free, in
        the order of phases, rounds, groups and slots. Returns the matches assigned."""
        busy_tables = {r[0] for r in self.db.execute(
            "SELECT tbl FROM matches WHERE status = 'playing'")}
        busy_pairs = set()
        for r in self.db.execute("SELECT pair_a, pair_b FROM matches WHERE status = 'playing'"):
            busy_pairs.update(r)
        free = [t for t in self.tables() if t not in busy_tables]
        assigned = []
        waiting = self.db.execute(
            "SELECT * FROM matches WHERE status = 'waiting' AND pair_a IS NOT NULL AND "
            "pair_b IS NOT NULL ORDER BY phase, round, grp, slot").fetchall()
        with self.db:
            for m in waiting:
                if not free:
                    break
                if m["pair_a"] in busy_pairs or m["pair_b"] in busy_pairs:
                    continue
                table = free.pop(0)
                self.db.execute("UPDATE matches SET status = 'playing', tbl = ? WHERE id = ?",
                                (table, m["id"]))
                busy_pairs.update((m["pair_a"], m["pair_b"]))
                assigned.append(m["id"])
        return assigned

    def match(self, mid):
        m = self.db.execute("SELECT * FROM matches WHERE id = ?", (mid,)).fetchone()
        if m is None:
            raise ValueError("unknown match %s" % match_name(mid))
        return m

    def assignment(self, table):
        """The match a table plays now (the match "playing" at it), or None."""
        return self.db.execute("SELECT * FROM matches WHERE tbl = ? AND status = 'playing'",
                               (table,)).fetchone()

    def assignment_payload(self, m):
        setup = self.setup_of(m)
        pairs = [self.pair_name(m["pair_a"]), self.pair_name(m["pair_b"])]
        phase = self.db.execute("SELECT name FROM phases WHERE id = ?", (m["phase"],)).fetchone()
        return {"match": match_name(m["id"]), "phase": phase[0], "round": m["round"],
                "table": m["tbl"], "pairs": pairs, "setup": setup,
                "title": "Table %d: %s v %s · %s" % (m["tbl"], pairs[0], pairs[1],
                                                     describe_setup(setup))}

    # --- commands

    def live_of(self, mid):
        live = self.live.get(mid)
        if live is None:
            lines = [r[0] for r in self.db.execute(
                "SELECT line FROM commands WHERE match = ? ORDER BY seq", (mid,))]
            live = replay(lines)[0]
            self.live[mid] = live
        return live

    def held_count(self, mid):
        return self.db.execute("SELECT COUNT(*) FROM commands WHERE match = ?",
                               (mid,)).fetchone()[0]

    def refuse(self, table, topic, payload, reason):
        with self.db:
            self.db.execute("INSERT INTO refusals (at, tbl, topic, payload, reason) "
                            "VALUES (?, ?, ?, ?, ?)", (time.time(), table, topic, payload, reason))

    def receive(self, table, mid, seq, line):
        """One command from a table. Returns (stored, refused): how many commands are
        stored now (0: a duplicate, or held after a gap) and [(seq, reason)] for held
        commands that the ones stored now reached and the engine refused (they are
        dropped from the held ones). Raises ValueError with the reason this command is
        refused: nothing changes then."""
        m = self.match(mid)
        if m["tbl"] != table or m["status"] not in ("playing", "done"):
            raise ValueError("%s is not assigned to table %d" % (match_name(mid), table))
        if seq < 1:
            raise ValueError("seq %d: seqs start at 1" % seq)
        have = self.held_count(mid)
        if seq <= have:
            return 0, []
        if seq > have + 1:
            with self.db:
                self.db.execute("INSERT OR IGNORE INTO held VALUES (?, ?, ?)", (mid, seq, line))
            return 0, []
        live = self.live_of(mid)
        stored, refused = 0, []
        while True:
            # after the result too (an undo at the table, the rest of a match whose
            # result was corrected): the table's log is kept whole, the result stands
            reason = live.apply(line)
            if reason and not stored:
                raise ValueError(reason)
            with self.db:
                self.db.execute("DELETE FROM held WHERE match = ? AND seq = ?", (mid, seq))
                if reason:
                    refused.append((seq, reason))
                    break
                self.db.execute("INSERT INTO commands VALUES (?, ?, ?, ?)",
                                (mid, seq, line, time.time()))
                if m["started"] is None:
                    self.db.execute("UPDATE matches SET started = ? WHERE id = ?",
                                    (self.tick(), mid))
                    m = self.match(mid)
            stored += 1
            seq += 1
            nxt = self.db.execute("SELECT line FROM held WHERE match = ? AND seq = ?",
                                  (mid, seq)).fetchone()
            if nxt is None:
                break
            line = nxt[0]
        return stored, refused

    def finish_if_won(self, mid):
        """When the commands held win the match: its result, the next knockout round, the
        next phase. Returns whether the match ended now."""
        m = self.match(mid)
        live = self.live_of(mid)
        winner = live.winner()
        if m["status"] != "playing" or winner is None:
            return False
        with self.db:
            self._result(m, winner, live.state()["cantons"], live.totals())
        return True

    def disagreement(self, mid):
        """Why a finished match's result is no longer its log's (the table went on after
        it: an undo), or None. A corrected result stands without a word."""
        m = self.match(mid)
        if m["status"] != "done" or self.corrections(mid):
            return None
        live = self.live_of(mid)
        cantons = live.state()["cantons"]
        if live.winner() == m["winner"] and cantons == [m["cantons_a"], m["cantons_b"]]:
            return None
        return ("%s: the table's log now says winner %s, cantons %s; the result stands "
                "(winner %d, cantons %s): correct it if the table is right" % (
                    match_name(mid), live.winner(), cantons, m["winner"],
                    [m["cantons_a"], m["cantons_b"]]))

    def _result(self, m, winner, cantons, points=None):
        finished = m["finished"] or self.tick()
        if points is None:
            points = (m["points_a"], m["points_b"])
        self.db.execute(
            "UPDATE matches SET status = 'done', winner = ?, cantons_a = ?, cantons_b = ?, "
            "points_a = ?, points_b = ?, finished = ? WHERE id = ?",
            (winner, cantons[0], cantons[1], points[0], points[1], finished, m["id"]))
        m = self.match(m["id"])
        phase = self.db.execute("SELECT * FROM phases WHERE id = ?", (m["phase"],)).fetchone()
        if phase["kind"] == "knockout":
            self._advance(m)
        if not self.db.execute("SELECT 1 FROM matches WHERE phase = ? AND status IN "
                               "('waiting', 'playing')", (phase["id"],)).fetchone():
            nxt = self.db.execute("SELECT * FROM phases WHERE id > ? ORDER BY id LIMIT 1",
                                  (phase["id"],)).fetchone()
            if nxt is not None and not nxt["started"]:
                self._start_phase(nxt, self.qualifiers(phase))

    # --- the organizer's actions

    def correct(self, mid, winner, cantons, reason):
        """Sets a match's result by hand, keeping the reason. Raises ValueError."""
        m = self.match(mid)
        if not isinstance(reason, str) or not reason.strip():
            raise ValueError("a correction needs its reason")
        if winner not in (0, 1):
            raise ValueError("the winner is 0 or 1 (the index in pairs)")
        if (not isinstance(cantons, (list, tuple)) or len(cantons) != 2
                or not all(isinstance(c, int) and 0 <= c <= 9 for c in cantons)):
            raise ValueError("cantons: two numbers, 0 to 9")
        if cantons[winner] < cantons[1 - winner]:
            raise ValueError("the winner cannot have fewer cantons")
        if m["status"] == "bye" or m["pair_a"] is None or m["pair_b"] is None:
            raise ValueError("%s has no two pairs to correct" % match_name(mid))
        if m["status"] == "done" and m["winner"] != winner:
            after = self._next_match(m)
            if after is not None and (after["started"] or after["status"] == "done"):
                raise ValueError("%s, the next round's match, has started: correct it first"
                                 % match_name(after["id"]))
            phase = self.db.execute("SELECT * FROM phases WHERE id = ?", (m["phase"],)).fetchone()
            nxt = self.db.execute("SELECT started FROM phases WHERE id > ? ORDER BY id LIMIT 1",
                                  (phase["id"],)).fetchone()
            if phase["kind"] == "groups" and nxt is not None and nxt["started"]:
                raise ValueError("the next phase has started from these groups")
        with self.db:
            self.db.execute("INSERT INTO corrections (match, winner, cantons_a, cantons_b, "
                            "reason, at) VALUES (?, ?, ?, ?, ?, ?)",
                            (mid, winner, cantons[0], cantons[1], reason.strip(), time.time()))
            self._result(m, winner, cantons)
        self.schedule()

    def _next_match(self, m):
        return self.db.execute("SELECT * FROM matches WHERE phase = ? AND round = ? AND slot = ?"
                               " AND ? IS NULL", (m["phase"], m["round"] + 1, m["slot"] // 2,
                                                  m["grp"])).fetchone()

    def reseat(self, mid, table):
        """Moves a match not yet begun (no command received) to another table; the table
        it leaves gets its next match. Raises ValueError."""
        m = self.match(mid)
        if not isinstance(table, int) or table not in self.tables():
            raise ValueError("no table %r" % (table,))
        if m["status"] not in ("waiting", "playing"):
            raise ValueError("%s is over" % match_name(mid))
        if self.held_count(mid):
            raise ValueError("%s has begun at table %s: correct its result instead"
                             % (match_name(mid), m["tbl"]))
        other = self.assignment(table)
        if other is not None and other["id"] != mid:
            if self.held_count(other["id"]):
                raise ValueError("table %d plays %s" % (table, match_name(other["id"])))
            # the two matches swap tables
            with self.db:
                self.db.execute("UPDATE matches SET tbl = ? WHERE id = ?", (m["tbl"], other["id"]))
                if m["tbl"] is None:
                    self.db.execute("UPDATE matches SET status = 'waiting' WHERE id = ?",
                                    (other["id"],))
        with self.db:
            self.db.execute("UPDATE matches SET tbl = ?, status = 'playing' WHERE id = ?",
                            (table, mid))
        self.schedule()

    # --- results

    def matches(self, phase=None):
        sql = "SELECT * FROM matches"
        if phase is not None:
            sql += " WHERE phase = %d" % phase
        return self.db.execute(sql + " ORDER BY id").fetchall()

    def _rows(self, matches, pairs):
        rows = {p: {"pair": p, "played": 0, "won": 0, "lost": 0, "cantons_for": 0,
                    "cantons_against": 0, "points_for": 0, "points_against": 0} for p in pairs}
        seeds = {p: i for i, p in enumerate(self.pairs(), 1)}
        for row in rows.values():
            row["seed"] = seeds.get(row["pair"], 0)
        for m in matches:
            if m["status"] != "done":
                continue
            sides = ((m["pair_a"], m["cantons_a"], m["points_a"], m["cantons_b"], m["points_b"]),
                     (m["pair_b"], m["cantons_b"], m["points_b"], m["cantons_a"], m["points_a"]))
            for index, (pair, cf, pf, ca, pa) in enumerate(sides):
                if pair not in rows:
                    continue
                row = rows[pair]
                row["played"] += 1
                row["won" if m["winner"] == index else "lost"] += 1
                row["cantons_for"] += cf
                row["cantons_against"] += ca
                row["points_for"] += pf
                row["points_against"] += pa
        for row in rows.values():
            row["cantons_diff"] = row["cantons_for"] - row["cantons_against"]
            row["points_diff"] = row["points_for"] - row["points_against"]
        return rows

    def _ranked(self, matches, pairs, keys):
        rows = self._rows(matches, pairs)

        def head_to_head(tied):
            among = {r["pair"] for r in tied}
            inner = [m for m in matches if m["pair_a"] in among and m["pair_b"] in among]
            sub = self._rows(inner, among)
            return {p: sub[p]["won"] for p in among}

        return formats.rank(list(rows.values()), keys, head_to_head)

    def keys(self):
        return self.setting("tiebreak").split(",")

    def group_tables(self, phase):
        """{group: ranked rows} of a groups phase."""
        out = {}
        matches = self.matches(phase["id"])
        for grp in [r[0] for r in self.db.execute(
                "SELECT DISTINCT grp FROM members WHERE phase = ? ORDER BY grp", (phase["id"],))]:
            members = [r[0] for r in self.db.execute(
                "SELECT pair FROM members WHERE phase = ? AND grp = ?", (phase["id"], grp))]
            out[grp] = self._ranked([m for m in matches if m["grp"] == grp], members, self.keys())
        return out

    def qualifiers(self, phase):
        """The pairs a finished phase sends on, best seed first: the group winners in
        group order, then the seconds, ...; a knockout's winner."""
        if phase["kind"] == "groups":
            tables = self.group_tables(phase)
            return [rows[place]["pair"] for place in range(phase["advance"])
                    for rows in tables.values() if place < len(rows)]
        final = self.db.execute("SELECT * FROM matches WHERE phase = ? ORDER BY round DESC "
                                "LIMIT 1", (phase["id"],)).fetchone()
        return [(final["pair_a"], final["pair_b"])[final["winner"]]]

    def phase_order(self, phase):
        """The pairs that played a phase, best first (a knockout: by the round they went
        out in; a group phase: by place in the group), ties by the tie-break keys."""
        matches = self.matches(phase["id"])
        everything = self.matches()  # ties between levels: by the whole tournament's record
        keys = [k for k in self.keys() if k != "head_to_head"]
        if phase["kind"] == "groups":
            out = []
            tables = list(self.group_tables(phase).values())
            for place in range(max((len(t) for t in tables), default=0)):
                level = [t[place]["pair"] for t in tables if place < len(t)]
                out.extend(r["pair"] for r in self._ranked(everything, level, keys))
            return out
        reached = {}
        for m in matches:
            for index, pair in enumerate((m["pair_a"], m["pair_b"])):
                if pair is None:
                    continue
                score = m["round"] * 2 + (1 if m["winner"] == index and m["status"] in (
                    "done", "bye") else 0)
                reached[pair] = max(reached.get(pair, 0), score)
        out = []
        for score in sorted(set(reached.values()), reverse=True):
            level = [p for p, s in reached.items() if s == score]
            out.extend(r["pair"] for r in self._ranked(everything, level, keys))
        return out

    def standings(self):
        """Every pair from first place down: the last phase a pair reached places it."""
        order = []
        for phase in reversed(self.phases()):
            if phase["started"]:
                order.extend(p for p in self.phase_order(phase) if p not in order)
        order.extend(p for p in self.pairs() if p not in order)
        rows = self._rows(self.matches(), order)
        out = []
        for place, pair in enumerate(order, 1):
            row = {"place": place, "pair": self.pair_name(pair)}
            row.update((k, v) for k, v in rows[pair].items() if k not in ("pair", "seed"))
            out.append(row)
        return out

    # --- export

    def log_text(self, mid):
        return "".join(r[0] + "\n" for r in self.db.execute(
            "SELECT line FROM commands WHERE match = ? ORDER BY seq", (mid,)))

    def corrections(self, mid):
        return [{"reason": r["reason"], "winner": r["winner"],
                 "cantons": [r["cantons_a"], r["cantons_b"]]}
                for r in self.db.execute("SELECT * FROM corrections WHERE match = ? ORDER BY id",
                                         (mid,))]

    def phase_name(self, phase_id):
        return self.db.execute("SELECT name FROM phases WHERE id = ?", (phase_id,)).fetchone()[0]

    def export(self):
        """The JSON of issue 35: matches in the order they were played, standings."""
        matches = []
        for m in self.db.execute(
                "SELECT * FROM matches WHERE status != 'bye' AND pair_a IS NOT NULL AND "
                "pair_b IS NOT NULL ORDER BY COALESCE(started, finished) IS NULL, "
                "COALESCE(started, finished), id").fetchall():
            matches.append({
                "match": match_name(m["id"]), "phase": self.phase_name(m["phase"]),
                "group": m["grp"], "round": m["round"], "table": m["tbl"],
                "pairs": [self.pair_name(m["pair_a"]), self.pair_name(m["pair_b"])],
                "winner": m["winner"] if m["status"] == "done" else None,
                "cantons": [m["cantons_a"], m["cantons_b"]] if m["status"] == "done"
                else self.live_of(m["id"]).state()["cantons"],
                "log": self.log_text(m["id"]), "corrections": self.corrections(m["id"])})
        return {"name": self.setting("name"), "matches": matches, "standings": self.standings()}

    def standings_csv(self):
        out = io.StringIO()
        fields = ["place", "pair", "played", "won", "lost", "cantons_for", "cantons_against",
                  "points_for", "points_against"]
        writer = csv.DictWriter(out, fields, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.standings())
        return out.getvalue()

    def close(self):
        self.db.close()


