"""python -m tools.replay, exactly as TABLE-LOG.md says, and the sample logs' states."""
import glob
import json
import os
import subprocess
import sys

import pytest

from truc.match import Match
from truc import tablelog
from tools.replay import describe

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOGS = sorted(glob.glob(os.path.join(ROOT, "tools", "logs", "*.log")))


def replay(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "tools.replay", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def expectations(line):
    """The KEY=JSON pairs of an "# expect" comment."""
    text = line.split("# expect", 1)[1]
    return dict((k, json.loads(v)) for k, v in (w.split("=", 1) for w in text.split()))


def test_sample_logs_exist():
    names = [os.path.basename(p) for p in LOGS]
    assert {"valencia.log", "mallorca.log", "palacios.log"} <= set(names)


@pytest.mark.parametrize("path", LOGS, ids=os.path.basename)
def test_sample_log_reaches_every_expected_state(path):
    match = Match()
    checked = 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("# expect"):
                state = describe(match)
                for key, value in expectations(line).items():
                    assert state[key] == value, "%s line %d: %s" % (path, number, key)
                    checked += 1
            else:
                assert tablelog.run(match, line) is None, "line %d" % number
    assert checked >= 3


@pytest.mark.parametrize("path", LOGS, ids=os.path.basename)
def test_replay_prints_one_json_line_with_the_required_keys(path):
    proc = replay(path)
    assert proc.returncode == 0 and proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert len(lines) == 1
    state = json.loads(lines[0])
    for key in ("cantons", "points", "round", "dealer", "ma", "round_type", "duel", "winner"):
        assert key in state


def test_replay_each_prints_a_line_per_command():
    path = os.path.join(ROOT, "tools", "logs", "valencia.log")
    with open(path, encoding="utf-8") as f:
        commands = [line for line in f if not tablelog.is_blank(line)]
    proc = replay(path, "--each")
    lines = proc.stdout.splitlines()
    assert proc.returncode == 0 and len(lines) == len(commands)
    assert json.loads(lines[-1])["winner"] == "A"
    assert json.loads(lines[0])["round"] == 1


def test_replay_reads_standard_input():
    proc = replay("-", stdin="variant mallorca\ntruc A\nvull B\nbaza B\nbaza B\n")
    state = json.loads(proc.stdout)
    assert proc.returncode == 0 and state["points"] == [0, 3] and state["round"] == 2


# Every kind of illegal command TABLE-LOG.md lists, and malformed ones.
ILLEGAL = [
    ("variant valencia\nenvit A\nvull B\nbaza A\nbaza A\nbaza B", "the round is already decided"),
    ("variant valencia\ntruc A\nvull A", "a team cannot answer its own call"),
    ("variant valencia\nbaza A\nenvit B", "the envit and the flor belong to the first baza"),
    ("variant valencia\nenvit A\ntruc B", "an envit is pending: answer it first"),
    ("variant valencia\nset canton=12 cantons=2\nadjust A +12\nadjust A +12\nbaza A",
     "the match is over"),
    ("variant valencia\nbarrilla A", "unknown command 'barrilla'"),
    ("baza A", "the first command must be 'variant'"),
    ("variant chinchon", "unknown variant 'chinchon' (mallorca, valencia, palacios)"),
    ("variant valencia\ntruc A 7", "'7' is not a step of that ladder (2, 3, 4, fora)"),
    ("variant valencia\nvull", "vull takes 1 word"),
    ("variant valencia\nset peces=4", "peces are a mallorca option"),
    ("variant valencia\nenvit A\nvull B\nshow 1:40", "no hand makes that envit: 3-7, 24-33"),
]


@pytest.mark.parametrize("log,reason", ILLEGAL)
def test_illegal_line_stops_with_reason_exit_2_and_state_before(log, reason):
    lines = log.split("\n")
    proc = replay("-", stdin=log + "\nbaza A\n")
    assert proc.returncode == 2
    assert proc.stderr == "line %d: %s\n" % (_first_bad(lines), reason)
    before = Match()
    for line in lines[:_first_bad(lines) - 1]:
        assert tablelog.run(before, line) is None
    assert json.loads(proc.stdout) == describe(before)


def _first_bad(lines):
    m = Match()
    for number, line in enumerate(lines, 1):
        if tablelog.run(m, line):
            return number
    raise AssertionError("no illegal line")


def test_illegal_line_with_each_keeps_the_lines_printed():
    proc = replay("-", "--each", stdin="variant valencia\n# comment\n\ntruc A\nvull A\nbaza A\n")
    assert proc.returncode == 2
    assert proc.stderr == "line 5: a team cannot answer its own call\n"
    lines = proc.stdout.splitlines()
    assert len(lines) == 2 and json.loads(lines[-1])["pending"] == "truc A 2"


def test_unreadable_file_is_a_clear_error():
    proc = replay(os.path.join(ROOT, "no-such-file.log"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr and proc.stdout == ""


def test_keywords_and_teams_are_case_insensitive():
    proc = replay("-", stdin="VARIANT Valencia\nTruc a\nVULL b\nBaza PARDA\nbaza b  # comment\n")
    assert proc.returncode == 0 and json.loads(proc.stdout)["points"] == [0, 2]


def replay_bytes(data, tmp_path):
    """Replays data from standard input and from a file: both must give the same."""
    path = tmp_path / "log.txt"
    path.write_bytes(data)
    run = [sys.executable, "-m", "tools.replay"]
    a = subprocess.run(run + ["-"], cwd=ROOT, input=data, capture_output=True, timeout=60)
    b = subprocess.run(run + [str(path)], cwd=ROOT, capture_output=True, timeout=60)
    assert (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)
    return a.returncode, a.stdout.decode(), a.stderr.decode()


def test_bytes_not_utf8_stop_at_their_line_with_the_state_before(tmp_path):
    data = b"variant valencia\r\ntruc A\r\nvull B\r\nbaza \xff\r\nbaza A\r\n"
    code, out, err = replay_bytes(data, tmp_path)
    assert code == 2 and err == "line 4: not UTF-8\n"
    state = json.loads(out)
    assert state["truc_worth"] == 2 and state["bazas"] == []


def test_only_newline_ends_a_line_and_numbers_count_newlines(tmp_path):
    data = "variant valencia\n# a note\x85truc A\f\u2028baza B\nbaza A\x0cbaza A\n"
    code, out, err = replay_bytes(data.encode("utf-8"), tmp_path)
    assert code == 2 and err.startswith("line 3: ")
    state = json.loads(out)
    assert state["pending"] is None and state["bazas"] == []


def test_byte_order_mark_is_skipped(tmp_path):
    code, out, err = replay_bytes(b"\xef\xbb\xbfvariant mallorca\ntruc A\n", tmp_path)
    assert code == 0 and err == "" and json.loads(out)["pending"] == "truc A 3"


def test_a_number_of_5000_digits_is_refused_in_the_projects_words():
    proc = replay("-", stdin="variant valencia\nadjust A +%s\n" % ("9" * 5000))
    assert proc.returncode == 2 and proc.stderr == "line 2: points must be a number below 1000\n"


def test_play_stops_at_the_first_bad_line_with_its_number():
    # The one way the tools read a log: split's lines, applied in turn.
    seen = []
    m = Match()
    lines = tablelog.split(b"variant valencia\n# note\n\nbaza A\n\xff\nbaza A\n")
    assert tablelog.play(m, lines, lambda match: seen.append(match.entries())) == \
        "line 5: not UTF-8"
    assert seen == [1, 2] and m.bazas() == 1  # the lines before it, a call per command
    m.clear()
    assert tablelog.play(m, tablelog.split(b"variant valencia\nvull A\nbaza A")) == \
        "line 2: no call is pending"
    assert m.entries() == 1
    m.clear()
    assert tablelog.play(m, ["variant valencia", "baza A"]) is None and m.bazas() == 1
