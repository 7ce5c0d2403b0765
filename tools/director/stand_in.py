"""A stand-in for the director, for its pages (tools/director/web.py) until the real one
(tools/director/) is wired to them, and for their tests and fuzz target: a 16-pair phase
(four groups of four, then a knockout) at 8 tables and a spare one, each match played by
the engine with random legal play (tools.randplay), so every score, canton and winner on
the pages is one the engine gave. It has the members the pages use (docs/TOURNAMENT.md's
interface): version, snapshot(), correct(), reseat(); and step(table) plays one more
command there."""
import random
import threading

import tools  # noqa: F401  (the firmware on the import path)
from tools import randplay
from tools.replay import describe
from truc import rules as R
from truc import tablelog
from truc.match import Match

SURNAMES = ("SEGUI", "BERMUDEZ", "DIAZ", "FERRER", "MOLL", "PONS", "VIDAL", "CALAFAT",
            "SALAS", "RIPOLL", "OLIVER", "GARCIA", "COLL", "MARTORELL", "BAUZA", "CAÑELLAS",
            "FIOL", "ROSSELLO", "AMENGUAL", "SASTRE", "VICENS", "MUNAR", "TOMAS", "ALCOVER",
            "PIZA", "JAUME", "BONET", "CIFRE", "NADAL", "PUJOL", "ESTELRICH", "SERRA")
SETUP = ("variant mallorca", "set players=4 canton=12 cantons=3")
TABLES = 8


class Game:
    """One match of the phase: its engine match once it is being played."""

    def __init__(self, ident, phase, pairs, table, group, stage):
        self.ident, self.phase, self.pairs, self.table = ident, phase, pairs, table
        self.group, self.stage = group, stage  # stage: the groups' rounds 1-3, then 4-6
        self.round = stage if stage <= 3 else stage - 3  # the round of its phase
        self.match = None
        self.corrections = []

    def start(self):
        self.match = Match()
        for line in SETUP:
            assert tablelog.run(self.match, line) is None

    def state(self):
        return describe(self.match) if self.match else None

    def result(self):
        """(winner index or None, cantons), a correction's if there is one."""
        if self.corrections:
            c = self.corrections[-1]
            return c["winner"], c["cantons"]
        s = self.state()
        if s is None:
            return None, [0, 0]
        return (R.TEAMS.index(s["winner"]) if s["winner"] else None), s["cantons"]


class StandIn:
    def __init__(self, seed=1, played=2, name="Open Truc Mallorca 2026"):
        """played: the stages played to their end (the groups' three rounds, then the
        quarter-finals, the semi-finals and the final); the next one is in play."""
        self.name = name
        self.version = 1
        self.lock = threading.Lock()
        self.rng = random.Random(seed)
        names = [SURNAMES[i] + "/" + SURNAMES[i + 1] for i in range(0, 32, 2)]
        self.rng.shuffle(names)
        self.groups = {g: names[4 * k:4 * k + 4] for k, g in enumerate("ABCD")}
        self.matches = []
        for r, games in enumerate((((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))):
            for k, (g, pairs) in enumerate(self.groups.items()):
                for t, (i, j) in enumerate(games):
                    self.matches.append(Game("m%d" % (len(self.matches) + 1), "groups",
                                               [pairs[i], pairs[j]], 2 * k + 1 + t, g, r + 1))
        self.refusals = [{"table": 12, "reason": "table12 is not a table of this tournament",
                          "payload": "m3 1 variant mallorca"}]
        self.connected = {t: True for t in range(1, TABLES + 1)}
        self.connected[TABLES] = False
        for stage in range(1, 7):
            if stage > 3:
                self._draw(stage)
            for m in self.matches:
                if m.stage == stage:
                    self._play(m, None if stage <= played else self.rng.randrange(10, 40))
            if stage > played:
                break

    def _draw(self, stage):
        """The knockout's matches of stage (4: the quarter-finals), from the groups'
        first two (A1 v D2, B1 v C2, C1 v B2, D1 v A2) or the stage before's winners."""
        if stage == 4:
            rows = [self._rows(pairs, [m for m in self.matches if m.group == g])
                    for g, pairs in self.groups.items()]
            first = [r[k]["pair"] for k in (0, 1) for r in rows]
            pairs = [p for k in range(4) for p in (first[k], first[7 - k])]
        else:
            pairs = [m.pairs[m.result()[0]] for m in self.matches if m.stage == stage - 1]
        for k in range(len(pairs) // 2):
            self.matches.append(Game("%s%d" % ("qsf"[stage - 4], k + 1), "final",
                                     pairs[2 * k:2 * k + 2], k + 1, None, stage))

    def _play(self, m, steps):
        m.start()
        random.seed(self.rng.random())  # randplay's random, from this stand-in's seed
        while steps is None or steps > 0:
            if randplay.step(m.match) is None:
                break
            steps = steps - 1 if steps is not None else None

    def step(self, table):
        """One more random legal command at table; returns its match's new state."""
        with self.lock:
            m = self._at(table)
            waiting = [g for g in self.matches if g.table == table and g.match is None]
            if m.state()["winner"] is not None and waiting:  # the table's next match
                m = waiting[0]
                m.start()
            random.seed(self.rng.random())
            randplay.step(m.match)
            last = self.matches[-1].stage
            if last < 6 and all(g.result()[0] is not None for g in self.matches
                                if g.stage == last):
                self._draw(last + 1)  # the stage is over: the next one's matches
            self.version += 1
            return m.state()

    def _at(self, table):
        live = [m for m in self.matches if m.table == table and m.match is not None]
        unfinished = [m for m in live if m.state()["winner"] is None]
        return (unfinished or live)[-1]

    def _find(self, ident):
        for m in self.matches:
            if m.ident == ident:
                return m
        raise ValueError("no match %s in this tournament" % ident)

    def correct(self, ident, winner, cantons, reason):
        with self.lock:
            m = self._find(ident)
            if winner not in (0, 1):
                raise ValueError("the winner is 0 or 1 (the first or second pair)")
            if len(cantons) != 2 or not all(0 <= c <= 99 for c in cantons):
                raise ValueError("cantons: two numbers from 0 to 99")
            if not reason.strip():
                raise ValueError("a correction needs its reason")
            m.corrections.append({"reason": reason, "winner": winner, "cantons": list(cantons)})
            self.version += 1

    def reseat(self, ident, table):
        with self.lock:
            m = self._find(ident)
            if not 1 <= table <= 999:
                raise ValueError("a table is a number from 1 to 999")
            if m.match is not None and m.match.entries():
                raise ValueError("%s has begun at table %d: correct its result instead"
                                 % (ident, m.table))
            m.table = table
            self.version += 1

    def _tables(self):
        out = []
        for t in range(1, TABLES + 1):
            live = [m for m in self.matches if m.table == t and m.match is not None]
            if not live:
                continue
            m = self._at(t)
            s = m.state()
            call = s["pending"] or ""
            out.append({"table": t, "match": m.ident, "phase": m.phase, "round": m.round,
                        "pairs": m.pairs, "connected": self.connected[t],
                        "seq": m.match.entries() + len(SETUP), "points": s["points"],
                        "cantons": s["cantons"], "round_no": s["round"],
                        "stakes": call.split(" ")[0] if call else "",
                        "winner": s["winner"], "variant": s["variant"], "target": 3})
        out.append({"table": TABLES + 1, "connected": True, "match": None})  # a spare table
        return out

    def _rows(self, pairs, matches):
        rows = {p: {"pair": p, "played": 0, "won": 0, "lost": 0, "cantons_for": 0,
                    "cantons_against": 0, "points_for": 0, "points_against": 0}
                for p in pairs}
        for m in matches:
            winner, cantons = m.result()
            if winner is None:
                continue
            for side in (0, 1):
                r = rows[m.pairs[side]]
                r["played"] += 1
                r["won" if winner == side else "lost"] += 1
                r["cantons_for"] += cantons[side]
                r["cantons_against"] += cantons[1 - side]
        return sorted(rows.values(), key=lambda r: (-r["won"], r["cantons_against"]
                                                    - r["cantons_for"], r["pair"]))

    def snapshot(self):
        with self.lock:
            groups = [{"name": g, "rows": self._rows(pairs, [m for m in self.matches
                                                             if m.group == g])}
                      for g, pairs in self.groups.items()]
            knockout = []
            for stage, size in ((4, 4), (5, 2), (6, 1)):
                drawn = [m for m in self.matches if m.stage == stage]
                knockout.append([{"match": m.ident, "table": m.table, "pairs": m.pairs,
                                  "winner": m.result()[0], "cantons": m.result()[1]}
                                 for m in drawn] or
                                [{"match": "%s%d" % ("qsf"[stage - 4], k + 1), "table": k + 1,
                                  "pairs": [None, None], "winner": None, "cantons": [0, 0]}
                                 for k in range(size)])
            matches = []
            for m in self.matches:
                winner, cantons = m.result()
                if m.match is not None:
                    matches.append({"match": m.ident, "phase": m.phase, "table": m.table,
                                    "pairs": m.pairs, "winner": winner, "cantons": cantons,
                                    "corrections": list(m.corrections)})
            standings = [dict(r, place=k + 1) for k, r in enumerate(
                sorted((r for g in groups for r in g["rows"]),
                       key=lambda r: (-r["won"], r["cantons_against"] - r["cantons_for"])))]
            return {"name": self.name, "version": self.version, "tables": self._tables(),
                    "phases": [{"name": "groups", "kind": "groups", "variant": "mallorca",
                                "groups": groups},
                               {"name": "final", "kind": "knockout", "variant": "mallorca",
                                "rounds": knockout}],
                    "matches": matches, "standings": standings,
                    "refusals": list(self.refusals)}
