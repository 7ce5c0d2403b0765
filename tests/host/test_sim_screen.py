"""What the simulator shows is the glass of the board's display controller model, fed by
the board file's own driver: on every board it equals the canvas through the palette
(placed as the board places it), the driver sends only what changed, headless key
scripts press keys through the firmware's debouncer, screenshots are PNGs of the glass."""
import json
import os
import subprocess
import sys

import pytest
from PIL import Image

import sim  # noqa: F401  (firmware on the import path)
from truc import rules as R
from ui import events as E
from ui.canvas import PALETTE, Canvas
from sim import boards, controllers, keyscript
from sim.device import Device
from sim.fingers import Fingers
from sim.headless import prepare

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Per key count: start the default match (PREV wraps the new match menu to "Start", then
# SELECT), B's key once, B's double press (truc B), A's key (vull A).
START = {2: "1s 2l", 3: "1s 2s"}
PLAY = {2: "2s 2d 1s", 3: "3s 3d 1s"}
_RGB = [bytes(controllers.expected_rgb(c)) for c in PALETTE]


def whole_frame(app):
    """The frame the app shows now: the device's canvas holds a slice of it at a time
    (main.CANVAS_ROWS), so it is drawn again on one that holds all of it."""
    sliced, display = app.canvas, app.display
    whole = Canvas(sliced.width, sliced.height, sliced.mono)
    app.canvas, app.display = whole, None
    try:
        app.render()
    finally:
        app.canvas, app.display = sliced, display
    return whole.buffer


def expected_glass(device):
    """What the glass should show: the canvas through the palette, centred on the glass
    (every board's canvas is its whole glass now), the rest in the background."""
    canvas, (gw, gh) = device.app.canvas, device.model.glass.size
    w, h, buf = canvas.width, canvas.height, whole_frame(device.app)
    if canvas.mono:
        assert (w, h) == (gw, gh)
        return bytes(buf[(y >> 3) * w + x] >> (y & 7) & 1 for y in range(h) for x in range(w))
    left, top = (gw - w) // 2, (gh - h) // 2
    stride = (w + 1) // 2
    bg = _RGB[0]
    rows = []
    for gy in range(gh):
        y = gy - top
        if not 0 <= y < h:
            rows.append(bg * gw)
            continue
        pixels = b"".join(_RGB[b >> 4] + _RGB[b & 15] for b in buf[y * stride:(y + 1) * stride])
        rows.append(bg * left + pixels[:w * 3] + bg * (gw - left - w))
    return b"".join(rows)


def assert_glass_shows_the_canvas(device, what):
    got, want = device.model.visible(), expected_glass(device)
    assert got == want, "%s on %s: the glass differs from the canvas" % (what, device.name)
    assert device.model.errors == []


def play(device, script):
    keyscript.play(Fingers(device), keyscript.parse(script, device.keys))


@pytest.mark.parametrize("name", boards.NAMES)
def test_the_glass_shows_the_canvas_through_the_boards_driver(name):
    device = Device(name, "en")
    assert device.model.glass.size == device.look.size
    assert_glass_shows_the_canvas(device, "the new match screen")
    k = device.keys
    for script, what in ((START[k], "the scoreboard"), (PLAY[k], "truc accepted"),
                         ("2l" if k == 2 else "2s", "the actions menu"),
                         ("1l", "the scoreboard again")):
        play(device, script)
        assert_glass_shows_the_canvas(device, what)
    assert device.app.top_name() == "scoreboard" and device.app.match.truc_step() == 1
    assert device.renders >= 8


@pytest.mark.parametrize("name", boards.NAMES)
def test_an_unchanged_frame_sends_nothing_and_a_menu_move_sends_only_some_bands(name):
    device, fingers, _ = prepare(name, "en")
    model = device.model
    pixels = (lambda: model.data_bytes) if device.board.MONO else (lambda: model.pixel_bytes)
    before, traffic = pixels(), model.bytes_in
    fingers.wait(500)
    assert model.bytes_in == traffic  # nothing changed, nothing sent
    assert device.app.top_name() == "newmatch"
    play(device, "1s")  # the first boot's help goes; the cursor wraps to the last item
    before = pixels()
    play(device, "%ds" % device.keys)  # and back to the first: only the bands of the two
    canvas = device.app.canvas
    frame = canvas.width * canvas.height // 8 if canvas.mono else canvas.width * canvas.height * 2
    assert 0 < pixels() - before < frame


def test_the_glass_keeps_what_it_was_sent_even_when_the_canvas_changes():
    # The window and screenshots show the model's glass: a band the change detection did
    # not send stays stale there, as it would on the device.
    device, fingers, _ = prepare("tdisplay", "en", keys=START[2])
    before = device.model.visible()
    device.app.canvas.changes = lambda: 0  # a change detection that never reports one
    play(device, "2s")
    assert device.app.match.baza(0) == R.B
    assert device.model.visible() == before != expected_glass(device)


@pytest.mark.parametrize("name", boards.NAMES)
def test_key_scripts_change_the_screen_and_the_match(name):
    device, fingers, _ = prepare(name, "en")
    shots = [device.image().tobytes()]
    for part in (START[device.keys], PLAY[device.keys]):
        play(device, part)
        shots.append(device.image().tobytes())
    assert shots[0] != shots[1] != shots[2]
    m = device.app.match
    assert m.variant() == 1 and m.baza(0) == R.B and m.truc_step() == 1
    assert device.events[-3:] == [E.NEXT, E.NEXT2, E.PREV]
    assert device.presses == device.loop.buttons.presses == 2 + 4


def test_long_press_is_back_and_waiting_lets_a_summary_go_by_itself():
    device, fingers, _ = prepare("tdisplay", "en", keys="1s 2l 2s 2s")
    assert device.app.match.round() == 2 and device.app.top_name() == "summary"
    play(device, "w5200")
    assert device.app.top_name() == "scoreboard"
    play(device, "1l")  # BACK on the scoreboard: nothing
    assert device.events[-1] == E.BACK and device.app.match.round() == 2
    play(device, "12l")  # both keys held: undo
    assert device.events[-1] == E.UNDO and device.app.match.round() == 1


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


@pytest.mark.parametrize("name, scale", [("tdisplay", 1), ("oled", 3), ("m5stack_core", 2)])
def test_headless_cli_saves_a_png_of_the_glass(tmp_path, name, scale):
    path = tmp_path / "shot.png"
    keys = START[3 if name != "tdisplay" else 2]
    proc = sim_cli("--headless", "--board", name, "--keys", keys, "--screenshot", str(path),
                   "--scale", str(scale), "--lang", "es")
    assert proc.returncode == 0, proc.stderr
    state = json.loads(proc.stdout.splitlines()[0])
    assert state["variant"] == "mallorca" and state["players"] == 4
    assert "key presses: 2" in proc.stdout and proc.stderr == ""
    w, h = boards.LOOKS[boards.resolve(name)].size
    with Image.open(path) as pic:
        assert pic.format == "PNG" and pic.size == (w * scale, h * scale)


def test_cli_help_documents_the_key_script_and_bad_scripts_are_refused():
    proc = sim_cli("--help")
    assert proc.returncode == 0
    for word in ("1s", "2d", "3l", "w500", "--headless", "--log", "--flash", "--fresh", "F5",
                 "F12", *boards.NAMES):
        assert word in proc.stdout
    proc = sim_cli("--headless", "--keys", "1s 9s")
    assert proc.returncode == 2 and "keys 1 to 2" in proc.stderr
    proc = sim_cli("--headless", "--board", "m5stack_core", "--keys", "3s 4s")
    assert proc.returncode == 2 and "keys 1 to 3" in proc.stderr
