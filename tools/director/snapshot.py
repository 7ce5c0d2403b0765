"""What the pages and the live topics show: the director's state as JSON-ready dicts
(the interface of tools/director/web.py, and truc/live/tables, truc/live/standings)."""
from tools.director.tournament import match_name


def _pairs(t, m):
    return [t.pair_name(m["pair_a"]), t.pair_name(m["pair_b"])]


def _table_match(t, table):
    """The match a table plays, or else the last it played."""
    m = t.assignment(table)
    if m is None:
        m = t.db.execute("SELECT * FROM matches WHERE tbl = ? AND status = 'done' "
                         "ORDER BY finished DESC LIMIT 1", (table,)).fetchone()
    return m


def table_state(director, table, connected):
    t = director.tournament
    m = _table_match(t, table)
    row = {"table": table, "connected": connected, "match": None}
    if m is None:
        return row
    live = t.live_of(m["id"])
    state = live.state()
    shown = live
    if not live.count:  # nothing received yet: the phase's set-up says variant and target
        from tools.director.engine import replay
        shown = replay(t.setup_of(m))[0]
    setup = shown.state()
    row.update({
        "match": match_name(m["id"]), "phase": t.phase_name(m["phase"]), "round": m["round"],
        "pairs": _pairs(t, m), "seq": live.count, "points": state["points"],
        "cantons": state["cantons"], "round_no": state["round"],
        "stakes": state["pending"] or "", "truc_worth": state["truc_worth"],
        "winner": state["winner"], "variant": setup["variant"], "target": setup["target"],
        "cantons_to_win": shown.match.cantons_to_win(),
        "done": m["status"] == "done"})
    return row


def _tables(director):
    t = director.tournament
    connected = {r[0]: bool(r[1]) for r in t.db.execute("SELECT tbl, connected FROM tables")}
    return [table_state(director, n, connected.get(n, False)) for n in t.tables()]


def _match_row(t, m):
    return {"match": match_name(m["id"]), "phase": t.phase_name(m["phase"]), "group": m["grp"],
            "round": m["round"], "table": m["tbl"], "pairs": _pairs(t, m),
            "status": m["status"], "winner": m["winner"] if m["status"] == "done" else None,
            "cantons": [m["cantons_a"], m["cantons_b"]] if m["status"] == "done"
            else t.live_of(m["id"]).state()["cantons"],
            "corrections": t.corrections(m["id"])}


def _phases(t):
    out = []
    for phase in t.phases():
        setup_name = t.setup_of({"phase": phase["id"], "round": 0})[0].split(" ", 1)[1]
        row = {"name": phase["name"], "kind": phase["kind"], "variant": setup_name,
               "started": bool(phase["started"])}
        if phase["kind"] == "groups":
            row["groups"] = [
                {"name": grp, "rows": [dict({k: v for k, v in r.items() if k != "seed"},
                                            pair=t.pair_name(r["pair"])) for r in rows]}
                for grp, rows in t.group_tables(phase).items()]
        else:
            rounds = {}
            for m in t.matches(phase["id"]):
                rounds.setdefault(m["round"], []).append(
                    {"match": match_name(m["id"]), "table": m["tbl"], "pairs": _pairs(t, m),
                     "status": m["status"],
                     "winner": m["winner"] if m["status"] in ("done", "bye") else None,
                     "cantons": [m["cantons_a"], m["cantons_b"]]})
            row["rounds"] = [rounds[r] for r in sorted(rounds)]
        out.append(row)
    return out


def snapshot(director):
    t = director.tournament
    refusals = [{"table": r["tbl"], "topic": r["topic"], "reason": r["reason"],
                 "payload": r["payload"], "at": r["at"]}
                for r in t.db.execute("SELECT * FROM refusals ORDER BY id DESC LIMIT 100")]
    return {"name": t.setting("name"), "version": director.version,
            "connected": director.connected, "tables": _tables(director),
            "phases": _phases(t),
            "matches": [_match_row(t, m) for m in t.matches()
                        if m["status"] != "bye" and m["pair_a"] is not None
                        and m["pair_b"] is not None],
            "standings": t.standings(), "refusals": refusals, "counts": dict(director.counts)}


def live_tables(director):
    """truc/live/tables: "round" is the engine's round, as tools.replay prints it
    (docs/TOURNAMENT.md); the pages' "round" is the tournament's."""
    rows = []
    for row in _tables(director):
        row = dict(row)
        if row["match"] is not None:
            row["match_round"], row["round"] = row["round"], row.pop("round_no")
        rows.append(row)
    return {"tables": rows}


def live_standings(director):
    t = director.tournament
    return {"name": t.setting("name"), "standings": t.standings(), "phases": _phases(t)}
