"""The simulated device is the firmware's whole stack on machine.SIM: every board boots
through main.start, the backlight follows hw.power in simulated time, the journal writes
to the simulated flash, and a flash kept in a folder (--flash) resumes the match after a
restart of the simulator or a pulled battery."""
import errno
import json
import os
import subprocess
import sys

import pytest

import sim  # noqa: F401  (firmware on the import path)
from machine import SIM
from ui import events as E
from ui.gestures import DOUBLE, LONG, SHORT
from hw import power as P
from sim import boards, keyscript
from sim.device import Device
from sim.headless import started
from sim.fingers import Fingers
from sim import flash as sim_flash
from truc import rules as R
from sim.flashdir import MARKER, FlashFolder
from sim.headless import prepare

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIT_BOARDS = [n for n in boards.NAMES if n != "devkit_oled"]  # those with a backlight pin
START = {2: "1s 2l", 3: "1s 2s"}
# A round to A (its summary goes by itself), a baza to B, truc B accepted, an undo.
PLAY = {2: "1s 1s w5200 2s 2d 1s 12l", 3: "1s 1s w5200 3s 3d 1s 13l"}


@pytest.mark.parametrize("name", boards.NAMES)
def test_every_board_boots_its_own_board_file_through_main_start(name):
    device = Device(name)
    board = device.board
    assert board.NAME == name and device.keys == len(board.BUTTONS)
    assert device.app.display is not None and type(device.model).__name__ != "Panel"
    assert (device.app.canvas.width, device.app.canvas.height) == (board.WIDTH, board.HEIGHT)
    assert device.model.errors == [] and any(device.model.visible())
    assert device.app.settings.language == "ca" and device.boots == 1
    for pin in board.BUTTONS:  # idle buttons read released: no press was invented
        assert SIM.level(pin) == (1 if board.BUTTON_ACTIVE_LOW else 0)
    assert device.loop.buttons.presses == 0


def test_oled_is_an_alias_of_the_devkit_board():
    assert boards.resolve("oled") == "devkit_oled" and Device("oled").name == "devkit_oled"
    with pytest.raises(KeyError):
        boards.resolve("esp8266")


@pytest.mark.parametrize("name", LIT_BOARDS)
def test_the_backlight_dims_then_goes_dark_and_a_press_on_a_dark_screen_only_wakes_it(name):
    device, fingers = started(name)
    timeout = device.app.settings.timeout * 1000
    dim_at = min(P.dim_after_ms(timeout), P.PLAYING_DIM_MS)  # a match in progress: sooner
    fingers.wait(dim_at - fingers.settle_ms - 200)  # from the last release
    assert device.backlight() == 1 and device.power.state == P.LIT
    fingers.wait(400)
    assert 0 < device.backlight() < 1 and device.power.state == P.DIM
    fingers.wait(timeout - dim_at)  # past the timeout: a match in progress stays readable
    assert 0 < device.backlight() < 1 and device.power.state == P.DIM
    fingers.wait(P.PLAYING_OFF_MS - timeout)  # left on the table: dark at last
    assert device.backlight() == 0 and device.power.state == P.OFF
    state, events = bytes(device.app.match.state), len(device.events)
    fingers.gesture(1 if device.keys == 2 else 2, SHORT)  # B's key, on a dark screen
    assert device.backlight() == 1 and device.events[events:] == []
    assert bytes(device.app.match.state) == state
    fingers.gesture(1 if device.keys == 2 else 2, SHORT)  # now it counts
    assert device.events[events:] == [E.NEXT] and device.app.match.bazas() == 1


def test_a_dim_screen_still_takes_the_press():
    device, fingers = started("tdisplay")
    fingers.wait(P.dim_after_ms(device.app.settings.timeout * 1000))
    assert device.power.state == P.DIM
    fingers.gesture(1, SHORT)
    assert device.events[-1] == E.NEXT and device.backlight() == 1


def test_the_oled_goes_dark_after_the_timeout_and_a_press_only_wakes_it():
    # No backlight: the panel itself sleeps (hw.parts.PanelLight).
    device, fingers = started("devkit_oled")
    fingers.wait(device.app.settings.timeout * 1000)  # a match in progress: still lit
    assert device.power.state == P.DIM and any(device.model.visible())
    fingers.wait(P.PLAYING_OFF_MS - device.app.settings.timeout * 1000)
    assert device.power.state == P.OFF
    assert not any(device.model.visible())
    events = len(device.events)
    fingers.gesture(2, SHORT)
    assert device.events[events:] == []
    assert any(device.model.visible())


@pytest.mark.parametrize("name", ["tdisplay", "m5stack_core"])
def test_a_match_resumes_from_the_flash_folder_after_a_restart(tmp_path, name):
    folder = FlashFolder(str(tmp_path / "flash"))
    device, fingers, _ = prepare(name, "es", flash=folder.open(), store=folder)
    keyscript.play(fingers, keyscript.parse(START[device.keys] + " " + PLAY[device.keys],
                                            device.keys))
    state = bytes(device.app.match.state)
    assert device.app.match.round() >= 2 and device.app.match.entries() > 5
    assert device.app.match.can_redo()  # the undo left a redo tail: it must come back too
    assert not device.app.unsaved  # the journal saved every change
    assert sorted(os.listdir(folder.path)) == sorted([MARKER] + list(device.flash.files))
    again = FlashFolder(folder.path)
    resumed = Device(name, flash=again.open(), store=again)  # a new run of the simulator
    assert bytes(resumed.app.match.state) == state
    assert resumed.app.settings.language == "es"  # the settings came back too
    assert resumed.app.top_name() == "scoreboard" and resumed.model.errors == []
    assert resumed.app.match.can_redo() == device.app.match.can_redo()
    fresh = Device(name, flash=FlashFolder(folder.path).open(fresh=True))
    assert fresh.app.top_name() == "language"  # a fresh device's first question
    assert os.listdir(folder.path) == [MARKER]  # --fresh emptied the folder


def test_a_log_is_not_played_over_a_match_in_progress(tmp_path):
    folder = FlashFolder(str(tmp_path))
    prepare("devkit_oled", "en", keys=START[3], flash=folder.open(), store=folder)
    device, _, error = prepare("devkit_oled", log_lines=["variant valencia"],
                               flash=FlashFolder(str(tmp_path)).open())
    assert error is not None and "--fresh" in str(error) and device.app.match.variant() == 1


def test_pulling_the_battery_boots_from_what_landed_with_a_key_still_held():
    device, fingers = started("devkit_oled")
    # baza, truc, vull, undo (A and C held)
    for key, kind in ((2, SHORT), (2, DOUBLE), (0, SHORT), ((0, 2), LONG)):
        fingers.gesture(key, kind)
    state, entries = bytes(device.app.match.state), device.app.match.entries()
    device.press(2)  # a finger on C through the cut: the boot must not take it as a press
    fingers.wait(100)
    device.pull_battery()
    assert device.boots == 2 and bytes(device.app.match.state) == state
    assert device.app.match.entries() == entries and device.app.match.can_redo()
    events = len(device.events)
    fingers.wait(300)
    device.release(2)
    fingers.wait(fingers.settle_ms)
    assert device.events[events:] == [] and bytes(device.app.match.state) == state
    fingers.gesture(2, SHORT)
    assert device.events[events:] == [E.NEXT]


def test_the_boot_lets_go_of_the_reading_back_once_the_match_is_back():
    # hw.recover (2 KB of bytecode on the board) reads the files back at boot, then goes,
    # and so do the checks of the match it took back (truc.loadcheck, 1 KB).
    device, fingers = started("tdisplay")
    fingers.gesture(0, SHORT)  # a baza to A
    state = bytes(device.app.match.state)
    for name in ("hw.recover", "truc.loadcheck"):  # as on a board just switched on
        sys.modules.pop(name, None)
    device.pull_battery()
    assert device.boots == 2 and bytes(device.app.match.state) == state
    assert "hw.recover" not in sys.modules and "truc.loadcheck" not in sys.modules
    assert not hasattr(sys.modules["hw"], "recover")
    assert not hasattr(sys.modules["truc"], "loadcheck")


def test_a_folder_that_is_not_a_flash_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ValueError):
        FlashFolder(str(tmp_path)).open(fresh=True)
    assert (tmp_path / "notes.txt").read_text() == "mine"
    proc = sim_cli("--headless", "--flash", str(tmp_path))
    assert proc.returncode == 2 and "not a simulated flash" in proc.stderr


def sim_cli(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60)


def test_the_cli_resumes_from_flash_and_fresh_starts_over(tmp_path):
    flash = str(tmp_path / "flash")
    first = sim_cli("--headless", "--flash", flash, "--log", "tools/logs/palacios.log")
    assert first.returncode == 0, first.stderr
    second = sim_cli("--headless", "--flash", flash, "--board", "tdisplay")
    assert second.returncode == 0, second.stderr
    assert json.loads(second.stdout.splitlines()[0]) == json.loads(first.stdout.splitlines()[0])
    assert "key presses: 0" in second.stdout
    third = sim_cli("--headless", "--flash", flash, "--fresh")
    assert json.loads(third.stdout.splitlines()[0])["variant"] is None


class _FillingFlash(sim_flash.Flash):
    """A flash that can be full: writes then fail as littlefs' do (ENOSPC)."""
    full = False

    def _step(self, kind, name=None, data=None):
        if self.full and kind in ("open", "write", "flush"):
            raise OSError(errno.ENOSPC, "no space left", name)
        return super()._step(kind, name, data)


def _mark(device):
    # The glass where the scoreboard puts its mark of a failed save (tdisplay: 240 wide,
    # the bottom line, left of the battery in its middle).
    return device.image().crop((106, 118, 114, 134)).tobytes()


def test_a_failed_save_is_said_marked_and_retried_until_one_succeeds():
    flash = _FillingFlash()
    device = Device("tdisplay", "en", flash=flash)
    fingers = Fingers(device)
    fingers.gesture(0, SHORT)
    fingers.gesture(1, LONG)  # Start: a new Valencia match, saved
    clean = _mark(device)
    flash.full = True
    fingers.gesture(1, SHORT)  # a baza to B: not saved
    app = device.app
    assert app.match.bazas() == 1 and app.unsaved and app.message == "Flash full: not saved"
    assert _mark(device) != clean
    fingers.gesture(1, SHORT)  # still failing: marked, not said again
    assert app.unsaved and app.message != "Flash full: not saved" and _mark(device) != clean
    flash.full = False
    fingers.gesture((0, 1), LONG)  # any press retries: the undo is saved, and the mark goes
    assert not app.unsaved and _mark(device) == clean
    state = bytes(app.match.state)
    device.pull_battery()
    assert bytes(device.app.match.state) == state


def test_a_saved_match_the_app_cannot_start_on_is_set_aside_once(monkeypatch):
    from app import scoreboard

    device, fingers = started("tdisplay")
    fingers.gesture(1, SHORT)  # a baza to B, saved
    flash = device.flash
    draw = scoreboard.Scoreboard.draw

    def broken(self, app, c):  # a state Match.load missed, that the first render trips on
        if app.match.bazas():
            raise IndexError("bytearray index out of range")
        draw(self, app, c)

    monkeypatch.setattr(scoreboard.Scoreboard, "draw", broken)
    device.pull_battery()  # boots, does not crash
    app = device.app
    assert app.message == "Bad save: new match" and not app.match.variant()
    assert "truc.snp.bad1" in device.flash.files and "truc.snp" not in device.flash.files
    device.pull_battery()  # and the next boot is a plain fresh one
    assert device.app.message == "" and "truc.snp.bad2" not in device.flash.files
    assert flash is not device.flash


@pytest.mark.parametrize("name", ["tdisplay", "devkit_oled"])
def test_the_first_boot_asks_the_language_then_shows_the_keys_in_it_once(name):
    device = Device(name)  # an empty flash, no language given: the first boot
    app = device.app
    assert app.top_name() == "language" and not app.settings.helped
    fingers = Fingers(device)
    # A list: the right key (C on three) moves down it, the language under the cursor in
    # use; the right key held (B on three) chooses.
    fingers.gesture(device.keys - 1, SHORT)  # Español
    assert app.settings.language == "es" and not app.settings.helped
    if device.keys == 2:
        fingers.gesture(1, LONG)
    else:
        fingers.gesture(2, SHORT)  # English
        fingers.gesture(1, SHORT)
    language = "es" if device.keys == 2 else "en"
    assert app.settings.language == language and app.settings.helped
    assert app.top_name() == "textpage" and app.top().title == (
        "Teclas (y en el Menú)" if language == "es" else "Keys (also in the Menu)")
    fingers.gesture(0, LONG)  # BACK: the help goes, New match shows, untouched
    assert app.top_name() == "newmatch" and app.top().cursor == 0 and not app.match.variant()
    device.pull_battery()  # the settings kept the language and that the help was seen
    assert device.app.settings.helped and device.app.top_name() == "newmatch"
    assert device.app.settings.language == language


class _ArchiveFullFlash(sim_flash.Flash):
    """A flash with room for the journal's small files but not for an archive file (on
    littlefs a file up to 128 bytes lives in its directory block; an archive file needs
    a block of its own)."""
    full = True

    def open(self, name, mode="rb"):
        if self.full and name == "truc.atm" and "w" in mode:
            raise OSError(errno.ENOSPC, "no space left", name)
        return super().open(name, mode)

    def reboot(self, torn=None):  # the same flash, as full as it was
        flash = _ArchiveFullFlash(super().reboot(torn).files)
        flash.full = self.full
        return flash


_CANTON = "truc A fora\nvull B\nbaza A\nbaza A\n"  # joc fora accepted: A takes the canton
_WON = ("variant valencia\nset canton=12\n" + _CANTON + _CANTON).splitlines()


def _choose(app, value):
    screen = app.top()
    screen.refresh(app)
    assert value in [v for _, v in screen.items], screen.items
    screen.choose(app, value)
    screen.refresh(app)


def test_a_won_match_not_archived_stays_marked_is_retried_and_asked_for():
    flash = _ArchiveFullFlash()
    device, fingers, error = prepare("tdisplay", "en", _WON, flash=flash)
    app = device.app
    assert error is None and app.match.winner() == 0
    assert app.message == "Not archived: flash full" and app.unsaved  # said, and marked
    assert "truc.a00" not in flash.files
    won = bytes(app.match.state)
    device.pull_battery()  # the journal saved it ("Flash full: not saved" was false)
    app = device.app
    assert bytes(app.match.state) == won and app.unsaved  # tried at boot: still marked
    fingers = Fingers(device)
    fingers.gesture(0, SHORT)  # a press retries: still full, marked, not said again
    assert app.unsaved and app.message != "Not archived: flash full"
    app.home()
    app.open("newmatch")
    _choose(app, "begin")  # New match asks before it lets the match go
    assert app.top().title == "Not archived: flash full" and bytes(app.match.state) == won
    device.step()
    _choose(app, "keep")
    assert app.top().title == "New match" and bytes(app.match.state) == won
    app.home()
    device.flash.full = False  # room again
    fingers.gesture(0, SHORT)  # the next press archives it: the mark goes
    assert not app.unsaved and "truc.a00" in device.flash.files
    app.open("newmatch")
    _choose(app, "begin")  # archived: nothing to ask
    assert app.top_name() == "scoreboard" and app.match.winner() == 2 and app.match.round() == 1


def test_new_match_lets_an_unarchived_match_go_only_when_told():
    flash = _ArchiveFullFlash()
    device, fingers, error = prepare("tdisplay", "en", _WON[:5], flash=flash)  # in progress
    app = device.app
    assert error is None and not app.unsaved and app.message == ""
    played = bytes(app.match.state)
    app.open("newmatch")
    _choose(app, "begin")
    assert app.top().title == "Start a new match?"
    _choose(app, "start")
    assert app.top().title == "Not archived: flash full" and bytes(app.match.state) == played
    assert [label for label, _ in app.top().items] == ["No, keep it", "Yes, discard it"]
    _choose(app, "drop")  # the player let it go
    assert app.top_name() == "scoreboard" and app.match.round() == 1
    assert app.match.entries() == 3 and "truc.a00" not in flash.files


class _SettingsFullFlash(sim_flash.Flash):
    """A flash with room for the journal's appends but not for a new settings file."""
    full = True

    def open(self, name, mode="rb"):
        if self.full and name == "truc.tmp" and "w" in mode:
            raise OSError(errno.ENOSPC, "no space left", name)
        return super().open(name, mode)


def test_a_full_flash_while_sharing_says_the_settings_and_leaves_the_score_unmarked():
    # Issue 33 item 9: turning Share on said "Flash full: not saved" and marked the score
    # unsaved, although every command was saved: only the settings were not.
    flash = _SettingsFullFlash()
    flash.full = False
    device, fingers, error = prepare("tdisplay", "en", _WON[:4], flash=flash)
    app = device.app
    assert error is None and not app.unsaved
    flash.full = True
    app.open("mainmenu")
    _choose(app, "share")
    app.after_event()  # as after the press that chose it
    try:
        assert app.sharing.active()
        assert app.message == "Flash full: settings not saved" and not app.unsaved
        password = app.settings.password
        app.home()
        Fingers(device).gesture(1, SHORT)  # a baza: saved by the journal, unmarked
        assert not app.unsaved and app.message != "Flash full: not saved"
        assert app.settings.password == password
        entries = app.match.entries()
    finally:
        app.sharing.off()
    device.pull_battery()
    assert device.app.match.entries() == entries  # every command was saved


def test_a_save_the_heap_refuses_brings_the_screens_home_and_saves(monkeypatch):
    # tools.fuzz heap (seed 4, case 4): in a crowded heap a command's save ran out of
    # memory under a menu, and the match stayed unsaved until the next press. The
    # players' command comes before the screens: home, and saved at once.
    device = Device("tdisplay", "en")
    fingers = Fingers(device)
    fingers.gesture(0, SHORT)
    fingers.gesture(1, LONG)  # Start: a new Valencia match, saved
    app = device.app
    journal = app.on_change.__self__.journal
    snapshot = journal._snapshot

    def crowded(m):  # no heap for a snapshot while a screen is over the scoreboard
        if len(app.stack) > 1:
            raise MemoryError()
        snapshot(m)

    monkeypatch.setattr(journal, "_snapshot", crowded)
    journal._ok = False  # the next change writes a snapshot
    app.open("mainmenu")
    assert app.apply(R.BAZA, 1) is None
    app.after_event()
    assert len(app.stack) == 1 and journal.error is None and not app.unsaved
    state = bytes(app.match.state)
    device.pull_battery()
    assert bytes(device.app.match.state) == state


def test_the_shared_log_lets_go_of_the_table_log_writer_and_reader():
    # hw.pastlog's _match_log imports truc.tablelog, which imports truc.tableline and
    # truc.tablesetup: all three are let go after (none stays in a sharing board's heap).
    from hw import pastlog
    from truc import rules as R
    from truc.match import Match
    from ui import forget

    names = ("truc.tablelog", "truc.tableline", "truc.tablesetup")
    m = Match()
    assert m.apply(R.VARIANT, 1) is None
    forget(names)  # as on a board that has not read a log yet
    assert list(pastlog._match_log(m))[0].startswith(b"variant ")
    assert [n for n in names if n in sys.modules] == []
