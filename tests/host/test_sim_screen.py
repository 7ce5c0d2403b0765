"""The simulator's panel and headless key scripts: the panel shows exactly what was sent,
scripts press keys through the gesture recognizer, screenshots are PNGs of the panel."""
import json
import os
import subprocess
import sys

import pytest
from PIL import Image

import sim  # noqa: F401  (firmware on the import path)
from truc import rules as R
from app import events as E
from app.newmatch import NewMatch
from sim import keyscript
from sim.boards import BOARDS
from sim.device import Device
from sim.fingers import Fingers
from sim.headless import prepare

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARD_NAMES = sorted(BOARDS)
# Per board: start the default match (PREV wraps the new match menu to "Start", then
# SELECT), B's key once, B's double press (truc B), A's key (vull A).
START = {"tdisplay": "1s 2l", "oled": "1s 2s"}
PLAY = {"tdisplay": "2s 2d 1s", "oled": "3s 3d 1s"}


def canvas_rgb(device):
    """The canvas as the board's panel would show it, decoded pixel by pixel."""
    canvas, colours = device.canvas, device.board.colours
    out = bytearray()
    for y in range(canvas.height):
        for x in range(canvas.width):
            out += bytes(colours[canvas.fb.pixel(x, y)])
    return bytes(out)


def panel_png(device):
    return device.panel.image().tobytes()


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_panel_memory_equals_the_canvas_after_every_render(name):
    checked = []

    def check(device):
        assert bytes(device.panel.rgb) == canvas_rgb(device), "render %d" % device.renders
        assert device.panel.bytes_sent == device.bytes_rendered
        checked.append(device.renders)

    device = Device(BOARDS[name], "en")
    device.on_render = check
    fingers = Fingers(device)
    # New match, scoreboard, the actions menu and a move in it, back, a round's summary.
    more = " 2l 2s 1l 2s" if name == "tdisplay" else " 2s 3s 1l 3s"
    script = START[name] + " " + PLAY[name] + more
    keyscript.play(fingers, keyscript.parse(script, device.board.keys))
    assert type(device.app.top()).__name__ == "Summary"
    assert len(checked) >= 10


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_an_unchanged_frame_sends_nothing_and_a_menu_move_sends_only_some_bands(name):
    device, fingers, _ = prepare(BOARDS[name], "en")
    full = device.panel.bytes_sent
    fingers.wait(500)
    assert device.panel.bytes_sent == full  # nothing changed, nothing sent
    assert isinstance(device.app.top(), NewMatch)
    keyscript.play(fingers, keyscript.parse("1s", device.board.keys))  # cursor to the last item
    moved = device.panel.bytes_sent - full
    assert 0 < moved < full


def test_the_panel_keeps_what_it_was_sent_even_when_the_canvas_changes():
    # The window and screenshots show the panel's memory: a band the change detection
    # did not send stays stale there.
    device, fingers, _ = prepare(BOARDS["tdisplay"], "en", keys=START["tdisplay"])
    before = bytes(device.panel.rgb)
    device.canvas.changes = lambda: []  # a change detection that never reports a change
    keyscript.play(fingers, keyscript.parse("2s", 2))
    assert device.app.match.baza(0) == R.B
    assert bytes(device.panel.rgb) == before != canvas_rgb(device)


def test_a_rectangle_at_an_odd_column_changes_only_its_pixels():
    device = Device(BOARDS["tdisplay"])
    canvas, panel = device.canvas, device.panel
    for x in range(canvas.width):  # every palette colour somewhere in each row
        canvas.fb.vline(x, 0, canvas.height, x % 9)
    noise = bytes(panel.rgb)
    panel.show(canvas, 3, 5, 7, 4)
    colours = device.board.colours
    for y in range(canvas.height):
        for x in range(canvas.width):
            inside = 3 <= x < 10 and 5 <= y < 9
            i = (y * canvas.width + x) * 3
            want = colours[canvas.fb.pixel(x, y)] if inside else tuple(noise[i:i + 3])
            assert panel.pixel(x, y) == want, (x, y)
    assert panel.bytes_sent == 7 * 4 * 2


def test_a_mono_panel_takes_only_whole_pages():
    device = Device(BOARDS["oled"])
    with pytest.raises(ValueError):
        device.panel.show(device.canvas, 0, 4, 128, 8)
    device.panel.show(device.canvas, 0, 8, 128, 16)
    assert device.panel.bytes_sent == 128 * 2


@pytest.mark.parametrize("name", BOARD_NAMES)
def test_key_scripts_change_the_screen_and_the_match(name):
    device, fingers, _ = prepare(BOARDS[name], "en")
    shots = [panel_png(device)]
    for part in (START[name], PLAY[name]):
        keyscript.play(fingers, keyscript.parse(part, device.board.keys))
        shots.append(panel_png(device))
    assert shots[0] != shots[1] != shots[2]
    m = device.app.match
    assert m.variant() == 1 and m.baza(0) == R.B and m.truc_step() == 1
    assert device.events[-3:] == [E.NEXT, E.NEXT2, E.PREV]
    assert device.presses == 2 + 4


def test_long_press_is_back_and_waiting_lets_a_summary_go_by_itself():
    device, fingers, _ = prepare(BOARDS["tdisplay"], "en", keys="1s 2l 2s 2s")
    assert device.app.match.round() == 2 and type(device.app.top()).__name__ == "Summary"
    keyscript.play(fingers, keyscript.parse("w5200", 2))
    assert type(device.app.top()).__name__ == "Scoreboard"
    keyscript.play(fingers, keyscript.parse("1l", 2))  # BACK on the scoreboard: undo
    assert device.events[-1] == E.BACK and device.app.match.round() == 1


def test_key_script_syntax():
    assert keyscript.parse("1s, 2d 3l  w250 2s*3", 3) == [
        ("press", 0, 0), ("press", 1, 1), ("press", 2, 2), ("wait", 250)] + [("press", 1, 0)] * 3
    assert keyscript.parse("", 2) == []
    for bad in ("1x", "0s", "s1", "w", "2s*", "3s"):
        with pytest.raises(ValueError):
            keyscript.parse(bad, 2)


def sim_cli(*args, stdin=None):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=ROOT, input=stdin, env=env,
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("name, scale", [("tdisplay", 1), ("oled", 3)])
def test_headless_cli_saves_a_png_of_the_panel(tmp_path, name, scale):
    path = tmp_path / "shot.png"
    proc = sim_cli("--headless", "--board", name, "--keys", START[name], "--screenshot", str(path),
                   "--scale", str(scale), "--lang", "es")
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout.splitlines()[0])
    assert state["variant"] == "mallorca" and state["players"] == 4
    assert "key presses: 2" in proc.stdout
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    board = BOARDS[name]
    with Image.open(path) as pic:
        assert pic.format == "PNG" and pic.size == (board.width * scale, board.height * scale)


def test_cli_help_documents_the_key_script_and_bad_scripts_are_refused():
    proc = sim_cli("--help")
    assert proc.returncode == 0
    for word in ("1s", "2d", "3l", "w500", "--headless", "--log", "F12"):
        assert word in proc.stdout
    proc = sim_cli("--headless", "--keys", "1s 9s")
    assert proc.returncode == 2 and "keys 1 to 2" in proc.stderr
