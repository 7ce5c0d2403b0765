"""python -m tools.director's command lines: init, import, phase, provision --out, export
(the JSON issue 35 specifies, the CSV), and the demo, plain and with --chaos, checked
independently: every exported log replays (tools.replay) to the exported result."""
import csv
import io
import json
import os
import subprocess
import sys
import zlib

import pytest

from tools.director import provision
from tools.director.broker import mosquitto
from tools.replay import replay
from truc import tablelog

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def director(*args, timeout=120):
    return subprocess.run([sys.executable, "-m", "tools.director", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout)


def test_set_up_provision_and_export_before_play(tmp_path):
    db = str(tmp_path / "t.db")
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("pair,seed\nSEGUI/SEGUI,1\nBERMUDEZ/DIAZ,\nCOLL/PONS,2\nMAS/ROIG,\n")
    run = director("init", "--db", db, "--name", "Torneig de sa Fonda", "--tables", "2",
                   "--csv", str(pairs))
    assert (run.returncode, run.stdout) == (0, "4 pairs\n")
    run = director("phase", "--db", db, "final", "--knockout", "--set", "canton=12 cantons=5")
    assert run.returncode == 2
    assert run.stderr == "tools.director phase: set-up line 2: cantons must be 2 or 3\n"
    assert director("phase", "--db", db, "final", "--knockout", "--set", "canton=12 cantons=2",
                    "--final-set", "canton=12 cantons=3").returncode == 0
    out = tmp_path / "table2.trn"
    run = director("provision", "--db", db, "--table", "2", "--out", str(out), "--broker",
                   "192.168.1.10", "--ssid", "SA FONDA", "--wifi", "p4ss word")
    assert run.returncode == 0, run.stderr
    data = out.read_bytes()
    fields = provision.read(data)
    password = fields.pop("password")
    assert fields == {"truc-tournament": "1", "table": "2", "host": "192.168.1.10",
                      "port": "1883", "user": "table2", "ssid": "SA FONDA",
                      "wifi": "p4ss word"}
    assert data.endswith(b"crc %08x\n" % zlib.crc32(data[:data.rindex(b"crc ")]))
    assert len(password) == 16 and set(password) <= set("abcdefghjklmnpqrstuvwxyz23456789")
    director("provision", "--db", db, "--table", "2", "--out", str(out), "--broker", "h")
    assert provision.read(out.read_bytes())["password"] == password  # the same again
    director("provision", "--db", db, "--table", "2", "--out", str(out), "--broker", "h",
             "--new-password")
    assert provision.read(out.read_bytes())["password"] != password
    run = director("provision", "--db", db, "--table", "2", "/dev/ttyUSB9", "--broker", "h")
    assert run.stderr == ("tools.director provision: a board needs the venue's WiFi: "
                          "--ssid NAME [--wifi PASSWORD]\n")
    run = director("provision", "--db", db, "--table", "3", "--out", str(out), "--broker", "h")
    assert run.stderr == "tools.director provision: no table 3 (the tournament has 2)\n"
    run = director("export", "--db", db)
    export = json.loads(run.stdout)
    assert export["matches"] == []
    assert [r["pair"] for r in export["standings"]] == ["SEGUI/SEGUI", "COLL/PONS",
                                                        "BERMUDEZ/DIAZ", "MAS/ROIG"]
    run = director("export", "--db", str(tmp_path / "none.db"))
    assert run.returncode == 2 and "no tournament at" in run.stderr


def test_mpremote_writes_the_file_crash_safe():
    command = provision.mpremote_command("/dev/ttyUSB0", "/tmp/x/truc.trn")
    assert command[1:] == ["-m", "mpremote", "connect", "/dev/ttyUSB0", "fs", "cp",
                           "/tmp/x/truc.trn", ":truc.tmp", "+", "exec",
                           "import os; os.rename('truc.tmp', 'truc.trn')"]


def test_the_tournament_file_refuses_what_the_board_would():
    for args, why in ((("h", 1883, 7, "P" * 16), "password: 16 lowercase"),
                      (("h", 1883, 7, "p" * 16, "net", "short"), "wifi: 8 to 63"),
                      (("h", 1883, 7, "p" * 16, "n" * 33), "ssid: 1 to 32"),
                      (("h\n", 1883, 7, "p" * 16), "host: printable ASCII only"),
                      (("h", 0, 7, "p" * 16), "port: a number"),
                      (("h", 65536, 7, "p" * 16), "port: 1 to 65535")):
        with pytest.raises(ValueError, match=why):
            provision.tournament_file(*args)
    data = provision.tournament_file("h", 1883, 7, "p" * 16)
    with pytest.raises(ValueError, match="cut short"):
        provision.read(data[:-2])
    with pytest.raises(ValueError, match="bad crc"):
        provision.read(data.replace(b"table 7", b"table 8"))


def check_export(db):
    run = director("export", "--db", db)
    assert run.returncode == 0, run.stderr
    export = json.loads(run.stdout)
    for m in export["matches"]:
        assert set(m) >= {"phase", "table", "pairs", "winner", "cantons", "log"}
        match, status = replay(tablelog.split(m["log"].encode()), out=io.StringIO())
        assert status == 0
        assert m["winner"] == {0: 0, 1: 1}[match.winner()]
        assert m["cantons"] == [match.cantons(0), match.cantons(1)]
    standings = list(csv.DictReader(io.StringIO(director("export", "--db", db, "--csv").stdout)))
    assert [r["pair"] for r in standings] == [r["pair"] for r in export["standings"]]
    assert sum(int(r["won"]) for r in standings) == len(export["matches"])
    return export


@pytest.mark.skipif(mosquitto() is None, reason="mosquitto is not installed")
def test_demo_of_protocol_tables_plays_a_whole_tournament(tmp_path):
    # paho tables (--runner paho): the director's load without the firmware
    db = str(tmp_path / "demo.db")
    run = director("demo", "--pairs", "8", "--tables", "4", "--seed", "5", "--db", db,
                   "--runner", "paho", timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "check: every match's log replays" in run.stdout
    export = check_export(db)
    # 2 groups of 4 (6 matches each), then semi-finals and the final to 3 cantons
    assert [m["phase"] for m in export["matches"]].count("groups") == 12
    final = [m for m in export["matches"] if m["phase"] == "final"]
    assert len(final) == 3 and max(final[-1]["cantons"]) == 3


@pytest.mark.skipif(mosquitto() is None, reason="mosquitto is not installed")
def test_demo_of_simulated_tables_with_chaos(tmp_path):
    # The README's demo, small: the firmware in `python -m sim --headless --tournament`
    # tables, their batteries pulled mid-match, the broker and the director killed and
    # restarted; every exported log replays to the result recorded (about a minute).
    db = str(tmp_path / "demo.db")
    run = director("demo", "--pairs", "4", "--tables", "2", "--seed", "3", "--db", db,
                   "--chaos", timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "check: every match's log replays" in run.stdout
    chaos = run.stdout.split("chaos: ", 1)[1].split(";")[0]
    assert "broker" in chaos and "director" in chaos, run.stdout
    assert "batteries pulled mid-match" in run.stdout, run.stdout
    export = check_export(db)
    # one group of 4 (6 matches), then the final to 3 cantons
    assert [m["phase"] for m in export["matches"]] == ["groups"] * 6 + ["final"]
    assert max(export["matches"][-1]["cantons"]) == 3


def _started(tmp_path):
    """A knockout of 6 pairs on 3 tables, started: (db, its Tournament)."""
    from tools.director.tournament import Tournament

    db = str(tmp_path / "t.db")
    pairs = tmp_path / "pairs.csv"
    pairs.write_text("pair\nA/A\nB/B\nC/C\nD/D\nE/E\nF/F\n")
    assert director("init", "--db", db, "--tables", "4", "--csv", str(pairs)).returncode == 0
    assert director("phase", "--db", db, "ko", "--knockout", "--set",
                    "canton=12 cantons=2").returncode == 0
    t = Tournament(db)
    t.start()
    t.schedule()
    return db, t


def _state(t):
    return ([dict(m) for m in t.matches()],
            [dict(r) for r in t.db.execute("SELECT * FROM corrections")])


@pytest.mark.parametrize("args, said", [
    (["--match", "m99", "--winner", "0", "--cantons", "2,1", "--reason", "r"], "unknown match"),
    (["--match", "17", "--winner", "0", "--cantons", "2,1", "--reason", "r"], "unknown match"),
    (["--match", "M1", "--winner", "2", "--cantons", "2,1", "--reason", "r"], "the winner"),
    (["--match", "M1", "--winner", "0", "--cantons", "2", "--reason", "r"], "--cantons"),
    (["--match", "M1", "--winner", "0", "--cantons", "2,x", "--reason", "r"], "--cantons"),
    (["--match", "M1", "--winner", "0", "--cantons", "1,2", "--reason", "r"], "fewer"),
    (["--match", "M1", "--winner", "0", "--cantons", "2,1", "--reason", " "], "reason"),
    (["--match", "M1", "--winner", "x", "--cantons", "2,1", "--reason", "r"], "--winner"),
    (["--match", "M1", "--cantons", "2,1", "--reason", "r"], "--winner"),
])
def test_a_bad_correction_is_one_line_exit_2_and_changes_nothing(tmp_path, args, said):
    db, t = _started(tmp_path)
    first = t.matches()[0]["id"]
    args = [a.replace("M1", "m%d" % first) for a in args]
    before = _state(t)
    run = director("correct", "--db", db, *args)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.count("\n") == 1 and said in run.stderr, run.stderr
    assert _state(t) == before


def test_correct_and_reseat_from_the_command_line(tmp_path):
    db, t = _started(tmp_path)
    playing = [m for m in t.matches() if m["status"] == "playing"]
    m = playing[0]
    run = director("correct", "--db", db, "--match", "m%d" % m["id"], "--winner", "1",
                   "--cantons", "0,2", "--reason", "the table's device was lost")
    assert run.returncode == 0, run.stderr
    done = t.match(m["id"])
    assert (done["status"], done["winner"]) == ("done", 1)
    assert [(c["winner"], c["cantons_a"], c["cantons_b"], c["reason"])
            for c in t.db.execute("SELECT * FROM corrections")] == [
        (1, 0, 2, "the table's device was lost")]
    other = playing[1]
    free = [n for n in t.tables() if n not in {p["tbl"] for p in t.matches()
                                               if p["status"] == "playing"}]
    run = director("reseat", "--db", db, "--match", "m%d" % other["id"], "--table",
                   str(free[0]))
    assert run.returncode == 0, run.stderr
    assert t.match(other["id"])["tbl"] == free[0]
    before = _state(t)
    for args in (["--match", "m%d" % other["id"], "--table", "99"],
                 ["--match", "m%d" % m["id"], "--table", str(free[0])],
                 ["--match", "m%d" % other["id"]]):
        run = director("reseat", "--db", db, *args)
        assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
        assert _state(t) == before
