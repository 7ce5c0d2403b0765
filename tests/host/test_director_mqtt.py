"""The director against a real Mosquitto (started here on a free loopback port with the
configuration tools.director writes): ingestion, `have`, assignments, and the faults of
issue 35: broker killed and restarted mid-match, director restarted, the same command
twice, a table publishing for another, wrong credentials, garbage. Nothing lost, nothing
counted twice. The tables are paho clients speaking docs/TOURNAMENT.md."""
import time

import paho.mqtt.client as mqtt
import pytest

from tools.director.broker import Mosquitto, mosquitto
from tools.director.director import Director
from tools.director.engine import random_log, replay
from tools.director.table_client import TableClient
from tools.director.tournament import Tournament

pytestmark = pytest.mark.skipif(mosquitto() is None, reason="mosquitto is not installed "
                                "(Debian: apt-get install mosquitto)")

SETUP = ["variant mallorca", "set canton=12 cantons=2"]


def make_db(path, pairs=8, tables=4):
    t = Tournament(str(path))
    t.import_csv("pair\n" + "\n".join("P%d/Q%d" % (i, i) for i in range(1, pairs + 1)))
    t.add_phase("groups", "groups", SETUP, group_size=4, advance=2)
    t.add_phase("final", "knockout", SETUP)
    t.set_setting("tables", tables)
    users = t.broker_users()
    t.close()
    return users


@pytest.fixture
def venue(tmp_path):
    db = tmp_path / "t.db"
    users = make_db(db)
    broker = Mosquitto(str(tmp_path / "broker"), users).start()
    started = []

    class Venue:
        pass

    v = Venue()
    v.db, v.users, v.broker, v.tmp = str(db), users, broker, tmp_path

    def director():
        d = Director(v.db, port=broker.port).start()
        d.wait_connected()
        started.append(d)
        return d

    def table(n):
        c = TableClient("127.0.0.1", broker.port, n, users["table%d" % n]).start()
        started.append(c)
        return c

    v.director, v.table = director, table
    yield v
    for thing in reversed(started):
        try:
            thing.stop()
        except Exception:
            pass
    broker.stop()


def wait_for(predicate, timeout=20.0, what="condition"):
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError("timed out waiting for " + what)
        time.sleep(0.02)


def stored(d, match):
    with d.lock:
        return d.tournament.log_text(d.tournament.match(int(match[1:]))["id"])


def test_a_match_from_assignment_to_result_and_the_next_assignment(venue):
    d = venue.director()
    d.start_tournament()
    table = venue.table(1)
    a = table.wait_assignment()
    assert a["table"] == 1 and a["setup"] == SETUP and a["match"] == "m1"
    assert a["title"] == "Table 1: %s v %s · Mallorca · to 2 cantons" % tuple(a["pairs"])
    lines = random_log(a["setup"], 3)
    for line in lines:
        table.send(a["match"], line)
    table.wait_have(a["match"], len(lines))
    assert stored(d, a["match"]) == "".join(x + "\n" for x in lines)
    with d.lock:
        m = d.tournament.match(1)
        assert m["status"] == "done"
        assert m["winner"] == replay(lines)[0].winner()
    # round 2 waits for the pairs still playing round 1: nothing to play, the assignment
    # cleared; once they are done, table 1 gets the next match
    table.wait(lambda c: c.assignment is None)
    for other in d.snapshot()["tables"][1:]:
        d.correct(other["match"], 0, [2, 0], "played on paper")
    b = table.wait_assignment()
    assert b["round"] == 2 and b["table"] == 1
    snap = d.snapshot()
    row = [r for r in snap["matches"] if r["match"] == "m1"][0]
    assert row["winner"] == m["winner"] and row["cantons"] == [m["cantons_a"], m["cantons_b"]]
    assert snap["version"] == d.version and d.counts["duplicates"] == 0


def test_the_same_command_twice_garbage_and_refused_lines_change_nothing(venue):
    d = venue.director()
    d.start_tournament()
    t1 = venue.table(1)
    a = t1.wait_assignment()
    raw = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="raw1")
    raw.username_pw_set("table1", venue.users["table1"])
    raw.connect("127.0.0.1", venue.broker.port)
    raw.loop_start()
    try:
        def pub(payload):
            raw.publish("truc/table1/log", payload, qos=1).wait_for_publish(5)

        pub(b"m1 1 variant mallorca")
        pub(b"m1 1 variant mallorca")  # the same command again
        pub(b"m1 2 set canton=12 cantons=2")
        for garbage in (b"\xff\xfe nonsense", b"m1", b"m1 x baza A", b"mX 3 baza A",
                        b"m1 3 " + b"a" * 200, b"m1 3 baza Q", b"m2 3 baza A",
                        b"m1 3 vull A"):
            pub(garbage)
        pub(b"m1 3 dealer 1")
        wait_for(lambda: d.counts["refused"] == 8 and d.counts["stored"] == 3,
                 what="8 refusals, 3 commands")
    finally:
        raw.loop_stop()
        raw.disconnect()
    assert d.counts["duplicates"] == 1
    assert stored(d, "m1") == "variant mallorca\nset canton=12 cantons=2\ndealer 1\n"
    reasons = [r["reason"] for r in d.snapshot()["refusals"]][::-1]
    assert reasons[0] == "payload not UTF-8"
    assert reasons[5] == "team must be A or B, not 'q'"
    assert reasons[6] == "m2 is not assigned to table 1"
    assert reasons[7] == "no call is pending"
    t1.wait_have(a["match"], 3)


def test_a_table_cannot_publish_for_another_nor_log_in_with_wrong_credentials(venue):
    d = venue.director()
    d.start_tournament()
    t2 = venue.table(2)
    a2 = t2.wait_assignment()
    impostor = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="impostor")
    impostor.username_pw_set("table1", venue.users["table1"])
    impostor.connect("127.0.0.1", venue.broker.port)
    impostor.loop_start()
    impostor.publish("truc/table2/log", ("%s 1 variant mallorca" % a2["match"]).encode(),
                     qos=1).wait_for_publish(5)
    impostor.publish("truc/table2/assign", b"", qos=1, retain=True).wait_for_publish(5)
    impostor.loop_stop()
    impostor.disconnect()
    refused = []
    wrong = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="wrong")
    wrong.username_pw_set("table2", "WRONGPASSWORD000")
    wrong.on_connect = lambda c, u, f, reason, p: refused.append(str(reason))
    wrong.connect("127.0.0.1", venue.broker.port)
    wrong.loop_start()
    wait_for(lambda: refused, what="the broker's answer")
    wrong.loop_stop()
    assert refused == ["Not authorized"]
    # a command that went through the table's own topic still arrives; the impostor's did not
    t2.send(a2["match"], "variant mallorca")
    t2.wait_have(a2["match"], 1)
    assert d.counts == {"stored": 1, "duplicates": 0, "held": 0, "refused": 0}
    fresh = venue.table(2)  # the assignment the impostor tried to clear is still retained
    assert fresh.wait_assignment()["match"] == a2["match"]


def play_with_faults(venue, d, fault, seed=7):
    """Table 1 plays its whole match while fault(d, step) strikes at a third of it and
    returns the (maybe new) director; returns the lines and the director."""
    d.start_tournament()
    table = venue.table(1)
    a = table.wait_assignment()
    lines = random_log(a["setup"], seed)
    third = len(lines) // 3
    for i, line in enumerate(lines):
        if i == third:
            d = fault(d)
        table.send(a["match"], line)
    table.wait_have(a["match"], len(lines), timeout=40)
    return a["match"], lines, d


def test_broker_killed_and_restarted_mid_match(venue):
    def fault(d):
        venue.broker.kill()
        time.sleep(0.5)
        venue.broker.start()
        return d

    match, lines, d = play_with_faults(venue, venue.director(), fault)
    assert stored(d, match) == "".join(x + "\n" for x in lines)
    with d.lock:
        assert d.tournament.match(int(match[1:]))["status"] == "done"


def test_director_restarted_mid_match(venue):
    def fault(d):
        d.stop()  # the table goes on: the broker keeps the director's session
        time.sleep(0.3)
        return venue.director()

    match, lines, d = play_with_faults(venue, venue.director(), fault)
    assert stored(d, match) == "".join(x + "\n" for x in lines)
    with d.lock:
        m = d.tournament.match(int(match[1:]))
        assert m["status"] == "done" and m["winner"] == replay(lines)[0].winner()


def test_both_restarted_mid_match(venue):
    def fault(d):
        d.stop()
        venue.broker.kill()
        venue.broker.start()
        return venue.director()

    match, lines, d = play_with_faults(venue, venue.director(), fault, seed=11)
    assert stored(d, match) == "".join(x + "\n" for x in lines)


def test_a_swapped_table_gets_its_assignment_again_and_corrections_reach_it(venue):
    d = venue.director()
    d.start_tournament()
    first = venue.table(3)
    a = first.wait_assignment()
    first.stop()
    spare = venue.table(3)  # another device provisioned as table 3
    assert spare.wait_assignment() == a
    with pytest.raises(ValueError, match="needs its reason"):
        d.correct(a["match"], 0, [2, 0], "")
    d.correct(a["match"], 0, [2, 1], "device dropped; scoresheet signed by both pairs")
    for row in d.snapshot()["tables"]:
        if row["match"] != a["match"]:
            d.correct(row["match"], 1, [1, 2], "played on paper")
    b = spare.wait_assignment(other_than=a["match"])
    assert b["round"] == 2
    # a match not begun moves to another table: both tables hear it at once
    other = venue.table(4)
    before = other.wait_assignment()
    d.reseat(b["match"], 4)
    assert other.wait_assignment(other_than=before["match"])["match"] == b["match"]
    assert spare.wait_assignment(other_than=b["match"])["match"] == before["match"]
    with pytest.raises(ValueError, match="no table 9"):
        d.reseat(b["match"], 9)
    row = [r for r in d.snapshot()["matches"] if r["match"] == a["match"]][0]
    assert row["corrections"][0]["reason"] == "device dropped; scoresheet signed by both pairs"


def test_spectators_read_the_live_results_only(venue):
    d = venue.director()
    d.start_tournament()
    t1 = venue.table(1)
    a = t1.wait_assignment()
    seen = {}
    spectator = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="spectator")
    spectator.username_pw_set("spectator", venue.users["spectator"])
    spectator.on_message = lambda c, u, m: seen.setdefault(m.topic, []).append(m.payload)
    spectator.connect("127.0.0.1", venue.broker.port)
    spectator.subscribe([("truc/#", 1)])
    spectator.loop_start()
    try:
        t1.send(a["match"], "variant mallorca")
        t1.wait_have(a["match"], 1)
        spectator.publish("truc/table1/assign", b"", qos=1, retain=True).wait_for_publish(5)
        wait_for(lambda: any(b'"seq": 1' in p for p in seen.get("truc/live/tables", [])),
                 what="the live tables with table 1's command")
        assert set(seen) <= {"truc/live/tables", "truc/live/standings"}
    finally:
        spectator.loop_stop()
        spectator.disconnect()
    assert venue.table(1).wait_assignment() == a  # the spectator could not clear it


def test_the_snapshot_keeps_the_pages_interface(venue):
    """The members h19's pages read (notes: tournament-common), from a real director."""
    d = venue.director()
    d.start_tournament()
    t1 = venue.table(1)
    a = t1.wait_assignment()
    lines = random_log(a["setup"], 21)
    for line in lines[:12]:
        t1.send(a["match"], line)
    t1.wait_have(a["match"], 12)
    snap = d.snapshot()
    assert snap["version"] == d.version and isinstance(d.version, int)
    assert {"name", "version", "tables", "phases", "matches", "standings",
            "refusals"} <= set(snap)
    row = snap["tables"][0]
    state = replay(lines[:12])[0].state()
    assert {k: row[k] for k in ("table", "match", "phase", "round", "pairs", "connected",
                                "seq", "winner", "variant", "target")} == {
        "table": 1, "match": a["match"], "phase": "groups", "round": 1, "pairs": a["pairs"],
        "connected": True, "seq": 12, "winner": None, "variant": "mallorca", "target": 12}
    assert (row["points"], row["cantons"], row["round_no"]) == (
        state["points"], state["cantons"], state["round"])
    assert isinstance(row["stakes"], str)
    groups, final = snap["phases"]
    assert (groups["kind"], final["kind"]) == ("groups", "knockout")
    assert [g["name"] for g in groups["groups"]] == ["A", "B"]
    assert set(groups["groups"][0]["rows"][0]) >= {"pair", "played", "won", "lost",
                                                   "cantons_for", "cantons_against",
                                                   "points_for", "points_against"}
    assert final["rounds"] == []  # drawn when the groups end
    assert {m["match"] for m in snap["matches"]} >= {a["match"]}
    assert [r["place"] for r in snap["standings"]] == list(range(1, 9))
    before = d.version
    assert d.wait(before, timeout=0.1) == before  # nothing new: the long poll times out
    t1.send(a["match"], lines[12])
    assert d.wait(before, timeout=10) > before
    with pytest.raises(ValueError, match="unknown match"):
        d.correct("m99", 0, [2, 0], "x")
    with pytest.raises(ValueError, match="unknown match"):
        d.reseat("17", 1)
