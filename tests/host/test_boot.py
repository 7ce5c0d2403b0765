"""A boot blames the saved match only for what the match did (issue 26 item 1), and reads
every field of the settings file it is given (item 2): the whole device through
main.start on the simulator, its data files damaged on the import path the firmware
reads them from (ui.open_data)."""
import os
from binascii import crc32

import pytest

import sim  # noqa: F401  (firmware on the import path)
from app.settingsfile import BAD_SETTINGS
from hw.files import u32
from sim.device import Device
from sim.headless import started
from sim.fingers import Fingers
from sim.flash import Flash
from tools.mpbuild import ROOT
from truc import rules as R
from ui import text
from ui.gestures import SHORT


def _cut_header(data):
    return data[:10]


def _one_byte_short(data):
    return data[:-1]


def _flipped(data):
    return data[:len(data) // 2] + bytes((data[len(data) // 2] ^ 4,)) + data[len(data) // 2 + 1:]


@pytest.mark.parametrize("name, path, damage", [
    ("devkit_oled", "ui/fonts/small.bin", _cut_header),
    ("tdisplay", "app/lang_es.bin", _one_byte_short),  # a language not even in use
    ("tdisplay", "ui/fonts/digits_large.bin", _flipped),
])
def test_a_damaged_data_file_keeps_the_match_and_the_screen_says_which(
        name, path, damage, tmp_path, monkeypatch):
    device, fingers = started(name)
    flash = device.flash
    files = {f: flash.open(f).read() for f in flash.listdir()}
    history = bytes(device.app.match.dump())
    with open(os.path.join(ROOT, "firmware", path), "rb") as f:
        good = f.read()
    os.makedirs(os.path.dirname(str(tmp_path / path)))
    with open(str(tmp_path / path), "wb") as f:
        f.write(damage(good))
    monkeypatch.syspath_prepend(str(tmp_path))  # found before the good one
    monkeypatch.setattr(text, "_fonts", {})  # as after a power cycle: no font open yet
    device.pull_battery()
    fault = device.loop.app
    assert type(fault).__name__ == "Fault"
    said = "".join(fault.lines).replace(" ", "")
    assert "Damagedfile:" + path in said and "Reinstall:makeflash" in said, fault.lines
    assert all(len(line) <= device.board.WIDTH // 8 for line in fault.lines)
    assert device.model.errors == [] and any(device.model.visible())
    fingers.gesture(1, SHORT)  # a press changes nothing, and stops nothing
    device.run(500)
    # The match was not blamed: its files are as they were, nothing set aside.
    assert {f: flash.open(f).read() for f in device.flash.listdir()} == files
    monkeypatch.undo()  # the file put back
    device.pull_battery()
    assert type(device.app).__name__ == "App" and device.app.message == ""
    assert bytes(device.app.match.dump()) == history


def test_a_missing_data_file_is_named():
    from ui import DataError, open_data
    from ui.fault import Fault
    from ui.canvas import Canvas

    with pytest.raises(DataError) as e:
        open_data("ui/fonts/nothere.bin")
    assert e.value.args == ("missing", "ui/fonts/nothere.bin")
    fault = Fault(Canvas(240, 135), None, e.value)
    assert fault.lines == ["Missing file:", "ui/fonts/nothere.bin", "Reinstall:", "make flash"]
    fault = Fault(Canvas(128, 64, mono=True), None, e.value)
    assert fault.lines == ["Missing file:", "ui/fonts/", "nothere.bin", "Reinstall:",
                           "make flash"]
    fault = Fault(Canvas(128, 64, mono=True), None, IndexError())
    assert fault.lines == ["Cannot start:", "IndexError", "Reinstall:", "make flash"]


def _settings_file(setup, language=b"en", helped=0):
    # truc.cfg as the device writes it: timeout 120, a language, 8 empty names, setup.
    body = b"TRC\x01" + bytes((120, 0, len(language))) + language + b"\x08" + bytes(8) \
        + bytes(setup) + bytes((helped,))
    return body + u32(crc32(body))


@pytest.mark.parametrize("setup", [(1, 4, 0x03), (1, 3, 0x02), (1, 0, 0x02), (9, 4, 0x02)])
def test_an_impossible_last_new_match_boots_with_the_default_and_is_said_once(setup):
    flash = Flash()
    f = flash.open("truc.cfg", "wb")
    f.write(_settings_file(setup, helped=1))
    f.close()
    device = Device("devkit_oled", flash=flash)
    app = device.app
    assert app.top_name() == "newmatch" and app.message == BAD_SETTINGS
    assert bytes(app.settings.setup) == b"\x00\x00\x00" and app.settings.language == "en"
    fingers = Fingers(device)
    fingers.gesture(0, SHORT)  # to Start
    fingers.gesture(1, SHORT)  # Start: the preset mallorca match
    assert app.match.variant() == 1 and app.match.winner() == R.NOBODY
    device.pull_battery()
    assert device.app.message == "" and device.app.match.variant() == 1
    assert bytes(device.app.settings.setup) == bytes((1, 4, 2))


def test_a_saved_match_the_app_cannot_show_is_still_set_aside(monkeypatch):
    # The other side of the guard: when an app starts on a clean match and not on the
    # saved one, the saved one is set aside with a notice, as before.
    device, _ = started("tdisplay")
    from app import scoreboard

    real = scoreboard.Scoreboard.draw

    def draw(self, app, c):
        if app.match.variant():
            raise ValueError("a match this code cannot show")
        real(self, app, c)

    monkeypatch.setattr(scoreboard.Scoreboard, "draw", draw)
    device.pull_battery()
    assert type(device.app).__name__ == "App" and device.app.message == "Bad save: new match"
    assert not device.app.match.variant()
    assert sorted(device.flash.listdir()) == ["truc.cfg", "truc.log.bad1", "truc.rsv",
                                              "truc.snp.bad1"]


def test_a_first_boot_whose_help_runs_out_of_heap_still_boots_on_new_match(monkeypatch):
    # The starved-heap fuzzer's finding: the first run's language question and help are
    # optional; out of heap there, the boot goes on without them (and asks next time).
    from app.app import App

    def starved(self):
        raise MemoryError("memory allocation failed")

    monkeypatch.setattr(App, "welcome", starved)
    device = Device("tdisplay")
    assert device.app.top_name() == "newmatch" and not device.app.settings.helped
