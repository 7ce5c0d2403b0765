"""The soak (tools/soak.py): 20,000 random presses, chords, waits and battery pulls per
board on the MicroPython unix port, the four boards two at a time; a shorter one per
board on the simulator, where a pull boots from what had landed on the simulated flash
and the panel is the controller's model. Each checks after every action (tools/soakplan:
no exception, a bounded stack, a reboot that gives the match back whole, the export)."""
import os
import subprocess

import pytest

import sim  # noqa: F401  (firmware on the import path)
from sim import boards
from tools import soak, soakplan as S
from tools.mpbuild import tool
from tools.randplay import step

PRESSES = 20000  # per board on the unix port
SHARE = 0.8  # of the presses, at least, made with a match in progress
SIM_PRESSES = 300  # per board on the simulator (a press costs ~25 ms there, ~5 on the port)


def test_the_plan_is_the_same_for_a_seed_and_does_everything():
    a, b = S.Plan(5, 3), S.Plan(5, 3)
    actions = [a.next() for _ in range(5000)]
    assert actions == [b.next() for _ in range(5000)]
    assert {x[0] for x in actions} == {S.PRESS, S.CHORD, S.WAIT, S.DIM, S.DARK, S.PULL,
                                       S.START}
    assert {x[1] for x in actions if x[0] == S.PRESS} == {0, 1, 2}
    assert all(x[1] != x[2] for x in actions if x[0] == S.CHORD)
    assert actions != [S.Plan(6, 3).next() for _ in range(5000)]


@pytest.mark.parametrize("name", boards.NAMES)
def test_the_simulated_device_survives_the_soak(name):
    keys = len(__import__("boards." + name, None, None, ["KEYS"]).BUTTONS)
    seed = 1
    while (S.PULL,) not in [S.Plan(seed, keys).next() for _ in range(200)][50:]:
        seed += 1  # one whose pull comes with a match under way
    figures = soak.run_sim(name, SIM_PRESSES, seed)
    assert figures["presses"] >= SIM_PRESSES and figures["pulls"] >= 1
    assert figures["playing_share"] >= SHARE  # a match in progress, not New match


def _device(name):
    device = soak.SimSoak(name)
    device.act((S.START,))  # New match: Start
    assert device.device.app.match.variant()
    return device


def test_the_check_finds_a_match_the_flash_does_not_hold():
    device = _device("tdisplay")
    app = device.device.app
    assert device.check(None) is None
    files = device.device.flash.reboot()
    assert step(app.match)  # a change the journal was never told of
    why = S.Checker().check(app, files)
    assert why and "reboot" in why


def test_starved_a_won_match_waiting_for_the_archive_passes_and_one_unsaved_is_found(
        monkeypatch):
    # The heap target (starved) found a won match marked, "Not archived: retrying": the
    # heap had no room for hw.archive's import, the journal held every command. That is
    # no loss; a win the journal did not save is.
    from app.device import Device as Callbacks

    def no_room(self):
        raise MemoryError("memory allocation failed, allocating 510 bytes")

    monkeypatch.setattr(Callbacks, "archive", no_room)
    device = _device("m5stack_core")
    app = device.device.app
    while app.match.winner() == 2:
        before = device.device.flash.reboot()  # the files without the next command
        assert step(app.match)
        app.on_change()  # as a command the players chose: saved, then archived at the win
    app.after_event()
    assert app.unsaved and app.message == "No arxivada: es reintenta"  # Not archived: retrying
    files = device.device.flash.reboot()
    assert S.Checker(starved=True).check(app, files) is None  # the journal holds it
    assert S.Checker().check(app, files) == "a save failed"  # a heap that fits: a defect
    assert S.Checker(starved=True).check(app, None) == "a save failed"  # no files to see
    why = S.Checker(starved=True).check(app, before)  # as if the winning save had failed
    assert why and "reboot" in why  # the files do not give the match back


def test_the_check_finds_a_screen_twice_and_a_deep_stack():
    device = _device("m5stack_core")
    app = device.device.app
    app.stack.append(app.stack[-1])
    assert "twice" in device.check(None)
    app.stack.pop()
    for i in range(S.MAX_DEPTH):
        app.stack.append(type("S", (), {"name": "x%d" % i})())
    assert "screens on the stack" in device.check(None)


def test_the_check_finds_a_lit_screen_after_the_timeout():
    device = _device("tdisplay")
    device.device.power.state = 0  # lit: through a match in progress it stays dim
    assert "lit" in device.check((S.DARK,))
    device.act((S.DARK,))
    assert device.check((S.DARK,)) is None and 0 < device.device.backlight() < 1
    device.device.power.playing = lambda: False  # no match: dark
    assert "dim" in device.check((S.DARK,))
    device.act((S.DARK,))
    assert device.check((S.DARK,)) is None and device.device.backlight() == 0


def test_a_failure_names_the_seed_and_the_actions(monkeypatch):
    monkeypatch.setattr(soak.SimSoak, "check", lambda self, a: "broken")
    said = r"devkit_oled seed 4, after 1 presses \(press 1 2\): broken\nlast actions: press 1 2"
    with pytest.raises(soak.Failed, match=said):
        soak.run_sim("devkit_oled", 10, seed=4)


def test_a_start_begins_a_match_from_anywhere():
    device = soak.SimSoak("devkit_oled")
    app = device.device.app
    # A fresh device: its first run.
    assert app.top_name() == "language" and not app.match.in_progress()
    device.act((S.PRESS, 0, S.SHORT))  # the cursor moved off its first row
    device.act((S.START,))
    assert app.match.in_progress() and app.top_name() == "scoreboard" and device.playing >= 1
    app.open("mainmenu")
    device.act((S.START,))  # a match in progress: nothing to do
    assert app.top_name() == "mainmenu"


def _unix_port():
    binary = tool("micropython")
    try:
        subprocess.run([binary, "-c", "pass"], check=True, timeout=30)
    except (OSError, subprocess.SubprocessError) as e:
        pytest.skip("no MicroPython unix port: %s" % e)
    return binary


def test_every_board_survives_the_soak_on_the_unix_port():
    binary = _unix_port()
    with soak.scratch() as tmp:
        runs = []
        for name in boards.NAMES:
            tree = soak.mp_tree(name, os.path.join(tmp, name))
            flash = os.path.join(tmp, name + "-flash")
            os.mkdir(flash)
            runs.append((name, tree, flash))
        results = {}
        for pair in (runs[:2], runs[2:]):  # two cores
            procs = [(name, soak.mp_process(binary, tree, flash, PRESSES, seed=i + 1))
                     for i, (name, tree, flash) in enumerate(pair)]
            for name, proc in procs:
                out, err = proc.communicate(timeout=900)
                results[name] = (proc.returncode, out, err)
    for name, (code, out, err) in results.items():
        last = out.splitlines()[-1] if out else ""
        assert code == 0 and last.startswith("soaked "), (name, out[-2000:], err[-2000:])
        figures = dict(w.split("=", 1) for w in last.split()[1:])
        assert int(figures["presses"]) >= PRESSES and int(figures["pulls"]) > 10
        assert int(figures["playing"]) >= SHARE * int(figures["presses"]), (name, last)
        assert int(figures["returns"]) > 100 and int(figures["heap_max"]) < 512 * 1024


def test_starved_a_boot_with_no_room_ends_the_run_and_otherwise_fails_it():
    # The heap target's floor is measured with seed 1; a case's longer seed leaves the
    # heap laid out otherwise, and its first boot may find no room (heap seed 2, case
    # 85: the language menu out of heap at boot). Starved, that ends the run, as a
    # pull's boot with no room does; a soak that is not starved fails.
    binary = _unix_port()
    with soak.scratch() as tmp:
        tree = soak.mp_tree("tdisplay", os.path.join(tmp, "tree"))
        outs = []
        for starved in (True, False):
            flash = os.path.join(tmp, "flash-%d" % starved)
            os.mkdir(flash)
            proc = soak.mp_process(binary, tree, flash, 50, 561251721, heap=64 * 1024,
                                   starved=starved)
            out, err = proc.communicate(timeout=300)
            outs.append((proc.returncode, out, err))
    (code, out, _), (failed, _, err) = outs
    assert code == 0 and out.strip() == "soaked presses=0 boot_out_of_heap=1", out
    assert failed and "NoRoom" in err, err[-500:]  # (a MemoryError)
