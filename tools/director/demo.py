"""`python -m tools.director demo`: a whole tournament (groups of 4, two of each through,
then a knockout with its final to 3 cantons) played by simulated tables against a
Mosquitto and a director started here, leaving the database for `export`. With --chaos,
the broker and the director are killed and restarted and tables' batteries pulled while
it plays. The end check: every match's table log replays (tools.replay) to the winner and
cantons the director recorded, and every table's journal is stored once, whole.

A table is one function: play_table_sim(...), the demo's tables: the firmware in the
simulator (`python -m sim --headless --tournament mqtt://HOST:PORT --table N
--tournament-file FILE --log FILE`), one process (and one board's flash) a match, fed the
match's random legal log, which it enters through its buttons; --chaos pulls its battery
mid-match (sim's --pull-battery N: the rest entered once it booted again). Or
play_table(...), protocol tables (--runner paho): paho clients speaking the protocol with
no firmware (tools/director/table_client.py), for the bridge's test and loads larger than
one PC's simulators.
"""
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time

from tools.director.engine import random_log
from tools.director.table_client import TableClient
from tools.director.tournament import Tournament
from tools.director.venue import Venue
from truc import tablelog

SURNAMES = ("SEGUI", "BERMUDEZ", "DIAZ", "COLL", "PONS", "MAS", "ROIG", "FERRER", "VIDAL",
            "SERRA", "BAUZA", "OLIVER", "RIERA", "CAMPINS", "FIOL", "MOREY", "JAUME", "ALZINA",
            "BONET", "CRESPI", "GELABERT", "LLULL", "MIRO", "NADAL", "PALOU", "RAMIS", "SASTRE",
            "TORRENS", "VALLS", "AMENGUAL", "BARCELO", "COMAS")
SETUP = ["variant mallorca", "set canton=12 cantons=2"]
FINAL = ["variant mallorca", "set canton=12 cantons=3"]


def pair_names(count, rng):
    names = set()
    while len(names) < count:
        names.add("%s/%s" % (rng.choice(SURNAMES), rng.choice(SURNAMES)))
    return sorted(names, key=lambda _: rng.random())


def new_tournament(path, pairs, tables, seed, group_size=4):
    if os.path.exists(path):
        raise ValueError("%s exists: the demo makes a new tournament" % path)
    rng = random.Random(seed)
    t = Tournament(path)
    t.set_setting("name", "Demo tournament (seed %d)" % seed)
    t.import_csv("pair\n" + "\n".join(pair_names(pairs, rng)))
    t.add_phase("groups", "groups", SETUP, group_size=group_size, advance=2)
    t.add_phase("final", "knockout", SETUP, final_setup=FINAL)
    t.set_setting("tables", tables)
    t.close()


class SimTable:
    """A simulated table: the matches it played, and whether chaos pulls its battery in
    the next one."""

    def __init__(self):
        self.played = {}  # match -> lines entered
        self.pull = False
        self.pulled = 0  # matches whose battery was pulled mid-match

    def pull_battery(self):
        self.pull = True


class PahoTable:
    """A paho table whose client can lose its power: the journal (outbox) survives, what
    it had in memory (the last have) does not."""

    def __init__(self, host, port, table, password):
        self.args = (host, port, table, password)
        self.client = TableClient(*self.args).start()
        self.played = {}  # match -> lines entered

    def pull_battery(self):
        old = self.client
        old.client.loop_stop()
        sock = old.client.socket()
        if sock is not None:
            sock.close()  # no DISCONNECT: the broker sends the will
        new = TableClient(*self.args)
        new.outbox = old.outbox
        self.client = new.start()

    def stop(self):
        self.client.stop()


def play_table(table, stop, seed, pace, journal, host, port, password):
    """Plays table's assignments, one after another, until stop is set. journal[table]
    holds the PahoTable (for chaos and the end check)."""
    t = PahoTable(host, port, table, password)
    journal[table] = t
    try:
        while not stop.is_set():
            c = t.client
            with c.lock:
                a = c.assignment
            if a is None or a["match"] in t.played:
                time.sleep(0.05)
                continue
            lines = random_log(a["setup"], seed * 100003 + int(a["match"][1:]))
            t.played[a["match"]] = lines
            for line in lines:
                if stop.is_set():
                    return
                t.client.send(a["match"], line)
                time.sleep(pace)
            while not stop.is_set():
                c = t.client
                with c.lock:
                    if c.have.get(a["match"], 0) >= len(lines):
                        break
                time.sleep(0.05)
    finally:
        t.stop()


def play_table_sim(table, stop, seed, pace, journal, host, port, password, folder):
    """The same with the firmware in the simulator: one `python -m sim` a match, the
    match's random legal log entered through its UI. Needs h18's --tournament."""
    from tools.director import provision
    trn = os.path.join(folder, "table%d.trn" % table)
    with open(trn, "wb") as f:
        f.write(provision.tournament_file(host, port, table, password))
    watcher = TableClient(host, port, table, password, client_id="watch%d" % table).start()
    watcher.outbox = {}
    me = journal.setdefault(table, SimTable())
    rng = random.Random(seed * 7919 + table)
    try:
        while not stop.is_set():
            a = watcher.wait_assignment(timeout=3600)
            if a["match"] in me.played:
                time.sleep(0.1)
                continue
            lines = random_log(a["setup"], seed * 100003 + int(a["match"][1:]))
            me.played[a["match"]] = lines
            pull = 0
            if me.pull and len(lines) > len(a["setup"]) + 2:  # after a command of play
                me.pull = False
                me.pulled += 1
                pull = rng.randint(len(a["setup"]) + 1, len(lines) - 1)
            log = os.path.join(folder, "%s.log" % a["match"])
            with open(log, "w") as f:
                f.write("\n".join(lines) + "\n")
            flash = os.path.join(folder, "flash-%s" % a["match"])  # a board for the match
            sim = subprocess.Popen(
                [sys.executable, "-m", "sim", "--headless", "--flash", flash,
                 "--tournament", "mqtt://%s:%d" % (host, port), "--table", str(table),
                 "--tournament-file", trn, "--log", log, "--wait", "3600",
                 "--pull-battery", str(pull)],
                stdout=subprocess.DEVNULL)
            # it ends once the director holds every command of its journal (which has
            # its own words for some commands: their count may differ from the log's)
            if sim.wait() != 0:
                raise OSError("table %d: python -m sim exited %d" % (table, sim.returncode))
    finally:
        watcher.stop()


def chaos(venue, journal, stop, rng, events):
    """Kills and restarts the broker, the director, and pulls tables' batteries."""
    while not stop.wait(rng.uniform(0.5, 1.5)):
        what = rng.choice(("broker", "director", "battery", "battery"))
        if what == "broker" and venue.broker is not None:
            venue.broker.kill()
            time.sleep(rng.uniform(0.2, 1.0))
            venue.broker.start()
        elif what == "director":
            venue.stop_director()
            time.sleep(rng.uniform(0.2, 1.0))
            venue.start_director()
        elif what == "battery" and journal:
            journal[rng.choice(sorted(journal))].pull_battery()
        events[what] = events.get(what, 0) + 1


def _state(lines):
    from tools.replay import describe
    match, reason = replay_lines(lines)
    return describe(match) if reason is None else reason


def replay_lines(lines):
    from truc.match import Match
    m = Match()
    return m, tablelog.play(m, lines)


def check(db, journal):
    """The end check; returns the list of what is wrong (empty: all is well)."""
    from tools.replay import replay
    t = Tournament(db)
    wrong = []
    try:
        export = t.export()
        for m in export["matches"]:
            if m["winner"] is None:
                wrong.append("%s is unfinished" % m["match"])
                continue
            match, status = replay(tablelog.split(m["log"].encode()), out=open(os.devnull, "w"))
            won = {0: 0, 1: 1}.get(match.winner())
            if status or won != m["winner"] or [match.cantons(0), match.cantons(1)] \
                    != m["cantons"]:
                wrong.append("%s: its log replays to winner %s cantons %s, recorded %s %s" % (
                    m["match"], won, [match.cantons(0), match.cantons(1)], m["winner"],
                    m["cantons"]))
        for table, entry in journal.items():
            for match, lines in entry.played.items():
                got = t.log_text(int(match[1:]))
                if isinstance(entry, PahoTable):  # the journal as sent, line for line
                    same = got == "".join(line + "\n" for line in lines)
                else:  # the device journals its own words for the set-up: the same match
                    same = _state(got.split("\n")[:-1]) == _state(lines)
                if not same:
                    wrong.append("%s at table %d: %d commands entered, %d stored" % (
                        match, table, len(lines), got.count("\n")))
        won = sum(r["won"] for r in export["standings"])
        if won != len(export["matches"]):
            wrong.append("standings count %d wins for %d matches" % (won,
                                                                     len(export["matches"])))
    finally:
        t.close()
    return wrong


def demo(args):
    runner = args.runner
    new_tournament(args.db, args.pairs, args.tables, args.seed, args.group_size)
    if os.path.exists(args.db + ".broker"):
        shutil.rmtree(args.db + ".broker")
    venue = Venue(args.db, port=0).start()
    from tools.director import web
    pages = web.serve(venue.director, "127.0.0.1", args.web_port) \
        if args.web_port is not None else None
    if pages is not None:
        print("pages: http://127.0.0.1:%d/" % pages.port, flush=True)
    with venue.director.lock:
        passwords = venue.director.tournament.broker_users()
    stop, journal, events = threading.Event(), {}, {}
    folder = tempfile.mkdtemp(prefix="truc-demo-")
    threads = []
    started = time.monotonic()
    for table in range(1, args.tables + 1):
        pace = args.pace if args.pace is not None else (0.04 if args.chaos else 0.002)
        common = (table, stop, args.seed, pace, journal, venue.host, venue.port,
                  passwords["table%d" % table])
        if runner == "paho":
            thread = threading.Thread(target=play_table, args=common, daemon=True)
        else:
            thread = threading.Thread(target=play_table_sim, args=common + (folder,),
                                      daemon=True)
        thread.start()
        threads.append(thread)
    rng = random.Random(args.seed)
    chaos_thread = None
    if args.chaos:
        chaos_thread = threading.Thread(target=chaos, args=(venue, journal, stop, rng, events),
                                        daemon=True)
        chaos_thread.start()
    watch = sqlite3.connect(args.db, timeout=30)  # its own reader: directors come and go
    try:
        while watch.execute("SELECT COUNT(*) FROM matches WHERE status IN "
                            "('waiting', 'playing')").fetchone()[0]:
            time.sleep(0.2)
    finally:
        watch.close()
        stop.set()
        if chaos_thread is not None:
            chaos_thread.join(10)
        for thread in threads:
            thread.join(10)
        counts = dict(venue.director.counts) if venue.director else {}
        if pages is not None:
            pages.close()
        venue.stop()
        shutil.rmtree(folder, ignore_errors=True)
    wrong = check(args.db, journal)
    t = Tournament(args.db)
    export = t.export()
    t.close()
    print("%d matches, %d commands in %.1f s on %d tables; chaos: %s; the last director "
          "dropped %d duplicates, refused %d" % (
              len(export["matches"]), sum(m["log"].count("\n") for m in export["matches"]),
              time.monotonic() - started, args.tables,
              ", ".join("%s %d" % kv for kv in sorted(events.items())) or "none",
              counts.get("duplicates", 0), counts.get("refused", 0)))
    pulled = sum(getattr(entry, "pulled", 0) for entry in journal.values())
    if pulled:
        print("simulated tables' batteries pulled mid-match: %d" % pulled)
    for row in export["standings"][:4]:
        print("%2d. %s" % (row["place"], row["pair"]))
    if wrong:
        print("\n".join(["CHECK FAILED:"] + wrong), file=sys.stderr)
        return 1
    print("check: every match's log replays to the recorded result; every journal stored "
          "once, whole (python -m tools.director export --db %s)" % args.db)
    return 0
