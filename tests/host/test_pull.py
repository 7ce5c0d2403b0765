"""tools.pull end to end: a match played through the simulator's UI, and a match written
by the firmware on the MicroPython unix port behind a pty (the board of test_deploy), are
pulled as table logs that tools.replay brings to the state the device held."""
from binascii import crc32
import json
import os
import subprocess
import sys

import pytest

from sim.flash import Flash
from sim.flashdir import FlashFolder
from sim.headless import prepare
from tools import pull
from tools.mpbuild import ROOT
from tools.replay import describe, replay
from hw.archive import Archive
from hw.journal import Journal
from truc import tablelog
from truc.match import Match

from test_deploy import MICROPYTHON, UnixBoard, pytestmark  # noqa: F401  (the pty board)

LOGS = os.path.join(ROOT, "tools", "logs")


def _log(name):
    with open(os.path.join(LOGS, name), encoding="utf-8") as f:
        return f.read().splitlines()


def _replayed(path):
    with open(path, encoding="utf-8") as f:
        match, status = replay(f.read().splitlines(), out=open(os.devnull, "w"))
    assert status == 0
    return describe(match)


def _pull(*args):
    return subprocess.run([sys.executable, "-m", "tools.pull", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def _play(folder, lines):
    store = FlashFolder(folder)
    device, _, error = prepare("tdisplay", log_lines=lines, flash=store.open(), store=store)
    assert error is None
    return describe(device.app.match)


def test_a_match_played_on_the_simulator_pulls_to_its_exact_state(tmp_path):
    folder = str(tmp_path / "flash")
    shown = _play(folder, _log("mallorca.log")[:40])  # through the UI, in progress
    out = tmp_path / "now.log"
    proc = _pull("--flash", folder, "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert _replayed(out) == shown and shown["variant"] == "mallorca" and shown["round"] > 1
    assert sorted(os.listdir(folder)) == [".sim-flash", "truc.cfg", "truc.log", "truc.rsv",
                                          "truc.snp"]


def test_a_won_match_is_archived_and_pulled_with_the_others(tmp_path):
    folder = str(tmp_path / "flash")
    won = _play(folder, _log("valencia.log"))
    assert won["winner"] == "A"
    proc = _pull("--flash", folder, "-o", str(tmp_path / "now.log"), "--all",
                 str(tmp_path / "all"))
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp_path / "all")) == ["current.log", "match-0000-valencia.log"]
    assert _replayed(tmp_path / "all" / "match-0000-valencia.log") == won
    assert _replayed(tmp_path / "all" / "current.log") == won
    assert _replayed(tmp_path / "now.log") == won
    assert "valencia, 4 players, cantons 2-1" in proc.stdout and "teams A and B" in proc.stdout


def test_a_damaged_journal_or_archive_file_is_said_and_the_rest_pulled(tmp_path):
    flash = Flash()
    m = Match()
    for line in _log("palacios.log"):
        tablelog.run(m, line)
    j = Journal(flash)
    j.open(Match())
    Archive(flash).keep(m)
    flash.files["truc.a01"] = b"TRA\x01garbage"
    flash.files["truc.snp"] = b"nonsense"
    folder = tmp_path / "f"
    folder.mkdir()
    for name, data in flash.files.items():
        (folder / name).write_bytes(data)
    proc = _pull("--flash", str(folder), "-o", str(tmp_path / "now.log"), "--all",
                 str(tmp_path / "all"))
    assert proc.returncode == 1, proc.stderr  # the rest written, and said
    assert "does not read" in proc.stderr and "truc.a01 skipped: not an archive" in proc.stderr
    assert (tmp_path / "now.log").read_text() == ""  # the device starts a new match
    assert sorted(os.listdir(tmp_path / "all")) == ["match-0000-palacios.log"]
    assert _replayed(tmp_path / "all" / "match-0000-palacios.log") == describe(m)
    assert (folder / "truc.a01").read_bytes() == b"TRA\x01garbage"  # set aside only in memory


def test_a_compacted_match_is_said_and_skipped(tmp_path):
    m = Match(capacity=16)  # compacts as a 512-command match would
    flash = Flash()
    j = Journal(flash)
    j.open(m)
    for line in _log("mallorca.log")[:40]:
        tablelog.run(m, line)
        j.changed()
    assert not m.from_start()
    assert pull.lines(m) is None
    assert not Archive(flash).keep(m)  # the archive keeps only what a log can say
    folder = tmp_path / "f"
    folder.mkdir()
    for name, data in flash.files.items():
        (folder / name).write_bytes(data)
    proc = _pull("--flash", str(folder), "-o", str(tmp_path / "now.log"))
    assert proc.returncode == 1
    assert "outgrew its log" in proc.stderr and not (tmp_path / "now.log").exists()


# ---- over USB: the unix port behind a pty -------------------------------------------

_WRITE = """
import sys
sys.path.insert(0, %r)
from truc.match import Match
from truc import tablelog
from hw.journal import Journal
from hw.archive import Archive
m = Match()
for line in %r:
    assert tablelog.run(m, line) is None, line
a = Archive()
assert a.keep(m)
m2 = Match()
j = Journal()
j.open(m2)
for line in %r:
    tablelog.run(m2, line)
    j.changed()
j.close()
print(len(a.matches()))
"""


@pytest.fixture
def board(tmp_path):
    flash = tmp_path / "flash"
    home = tmp_path / "home"
    flash.mkdir()
    home.mkdir()
    b = UnixBoard(str(flash), str(home))
    try:
        yield b
    finally:
        b.close()


def test_pull_over_usb_from_the_unix_port(board, tmp_path):
    # The firmware itself, on MicroPython, writes a past match and one in progress.
    past, now = _log("palacios.log"), _log("valencia.log")[:50]
    code = _WRITE % (os.path.join(ROOT, "firmware"), past, now)
    done = subprocess.run([MICROPYTHON, "-c", code], cwd=board.flash, capture_output=True,
                          text=True, timeout=60)
    assert done.stdout.strip() == "1", done.stdout + done.stderr
    before = {n: open(os.path.join(board.flash, n), "rb").read()
              for n in os.listdir(board.flash)}

    proc = _pull("--port", board.port, "-o", str(tmp_path / "now.log"), "--all",
                 str(tmp_path / "all"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    ref_now, ref_past = Match(), Match()
    for line in now:
        tablelog.run(ref_now, line)
    for line in past:
        tablelog.run(ref_past, line)
    assert _replayed(tmp_path / "now.log") == describe(ref_now)
    assert _replayed(tmp_path / "all" / "match-0000-palacios.log") == describe(ref_past)
    after = {n: open(os.path.join(board.flash, n), "rb").read()
             for n in os.listdir(board.flash)}
    assert after == before  # read only
    assert json.loads(json.dumps(describe(ref_now)))["variant"] == "valencia"


def test_a_match_left_for_a_new_one_is_archived(tmp_path):
    folder = str(tmp_path / "flash")
    store = FlashFolder(folder)
    device, _, error = prepare("tdisplay", log_lines=_log("mallorca.log")[:40],
                               flash=store.open(), store=store)
    assert error is None
    left = describe(device.app.match)
    device.app.settings.names[6:8] = ["NÓS", "ELLS"]  # the team names, as set now
    device.app.open("newmatch")
    device.app.top().choose(device.app, "start")  # "Yes, start a new one"
    device.step()
    assert device.app.match.round() == 1 and device.app.match.entries() == 3
    proc = _pull("--flash", folder, "--all", str(tmp_path / "all"))
    assert proc.returncode == 0, proc.stderr
    assert _replayed(tmp_path / "all" / "match-0000-mallorca.log") == left
    assert "teams NÓS and ELLS" in proc.stdout  # kept with the match, said, not in the log
    assert "NÓS" not in (tmp_path / "all" / "match-0000-mallorca.log").read_text()


# ---- files that do not read back, places that cannot be written --------------------

def _match(name):
    m = Match()
    for line in _log(name):
        assert tablelog.run(m, line) is None, line
    return m


def _folder(tmp_path, flash):
    folder = tmp_path / "f"
    folder.mkdir(exist_ok=True)
    for name, data in flash.files.items():
        (folder / name).write_bytes(data)
    return str(folder)


def _crafted(data, at, new):
    out = bytearray(data[:len(data) - 4])
    out[at:at + len(new)] = new
    return bytes(out) + (crc32(out) & 0xFFFFFFFF).to_bytes(4, "little")


def _archived(*names):
    """A flash whose archive holds these logs' matches (seq 0, 1, ...)."""
    flash = Flash()
    for name in names:
        assert Archive(flash).keep(_match(name), ("NOS", "ELLS"))
    return flash


def _main(capsys, *args):
    status = pull.main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize("at, new, why", [
    (8, b"\x07", "bad summary"),  # variant 7: an IndexError in pull before
    (4, b"\x05", "seq 5 in slot 1"),
])
def test_a_bad_archive_file_is_named_with_why_and_the_rest_written(tmp_path, capsys, at, new,
                                                                   why):
    flash = _archived("palacios.log", "mallorca.log", "valencia.log")
    flash.files["truc.a01"] = _crafted(flash.files["truc.a01"], at, new)
    status, out, err = _main(capsys, "--flash", _folder(tmp_path, flash), "--all",
                             str(tmp_path / "all"))
    assert status == 1
    assert err.splitlines() == ["pull: truc.a01 skipped: %s" % why]
    assert sorted(os.listdir(tmp_path / "all")) == ["match-0000-palacios.log",
                                                    "match-0002-valencia.log"]
    assert _replayed(tmp_path / "all" / "match-0002-valencia.log") == describe(
        _match("valencia.log"))


def test_a_team_name_not_utf8_pulls_the_match_with_the_teams_letter(tmp_path, capsys):
    # Issue 33 item 10: a readable match is never left out for its names (it was
    # skipped as "bad team name").
    flash = _archived("palacios.log", "mallorca.log", "valencia.log")
    flash.files["truc.a01"] = _crafted(flash.files["truc.a01"], 18, b"\xffOS")
    status, out, err = _main(capsys, "--flash", _folder(tmp_path, flash), "--all",
                             str(tmp_path / "all"))
    assert status == 0 and err == ""
    assert len(os.listdir(tmp_path / "all")) == 3
    assert _replayed(tmp_path / "all" / "match-0001-mallorca.log") == describe(
        _match("mallorca.log"))


def test_two_files_with_one_sequence_never_go_to_one_name(tmp_path, capsys):
    # Two past matches of one variant, the second crafted to the first's sequence: the
    # second was written over the first, unsaid.
    flash = Flash()
    first, second = _match("mallorca.log"), Match()
    for line in _log("mallorca.log")[:30]:
        tablelog.run(second, line)
    assert Archive(flash).keep(first) and Archive(flash).keep(second)
    flash.files["truc.a01"] = _crafted(flash.files["truc.a01"], 4, b"\x00")
    status, out, err = _main(capsys, "--flash", _folder(tmp_path, flash), "--all",
                             str(tmp_path / "all"))
    assert status == 1 and err.splitlines() == ["pull: truc.a01 skipped: seq 0 in slot 1"]
    assert os.listdir(tmp_path / "all") == ["match-0000-mallorca.log"]
    assert _replayed(tmp_path / "all" / "match-0000-mallorca.log") == describe(first)


def test_rounds_are_counted_as_past_matches_does_and_a_won_match_called_won(tmp_path,
                                                                             capsys):
    folder = str(tmp_path / "flash")
    won = _play(folder, _log("valencia.log"))  # 7 rounds played, A won
    assert won["round"] == 8 and won["winner"] == "A"
    status, out, err = _main(capsys, "--flash", folder, "-o", str(tmp_path / "now.log"),
                             "--all", str(tmp_path / "all"))
    assert status == 0, err
    assert "7 rounds" in out and "8 rounds" not in out
    assert "the match A won, " in out and "in progress" not in out


def test_team_names_are_printed_with_their_control_characters_escaped(tmp_path, capsys):
    flash = Flash()
    # A control character is kept by no archive (the team goes by its letter); a format
    # character (right-to-left override) is a letter's business, printed escaped.
    assert Archive(flash).keep(_match("palacios.log"), ("N\u0085S", "\u202eELLS"))
    status, out, err = _main(capsys, "--flash", _folder(tmp_path, flash), "--all",
                             str(tmp_path / "all"))
    assert status == 0, err
    assert "teams A and \\u202eELLS" in out and "\u202e" not in out


@pytest.mark.parametrize("args, said", [
    (["-o", "{t}/missing/now.log"], "python -m tools.pull: -o: no folder {t}/missing"),
    (["-o", "{t}"], "python -m tools.pull: -o: {t} is a folder"),
    (["--all", "{t}/file.txt"], "python -m tools.pull: --all: {t}/file.txt is not a folder"),
    (["--all", "{t}/file.txt/all"], "python -m tools.pull: --all: cannot make {t}/file.txt/all: "
                                    "Not a directory"),
])
def test_a_place_that_cannot_be_written_is_one_line_and_status_2(tmp_path, capsys, args, said):
    (tmp_path / "file.txt").write_text("x")
    flash = _folder(tmp_path, _archived("palacios.log"))
    with pytest.raises(SystemExit) as e:
        pull.main(["--flash", flash] + [a.format(t=tmp_path) for a in args])
    out, err = capsys.readouterr()
    assert e.value.code == 2 and err.splitlines() == [said.format(t=tmp_path)] and out == ""
