"""The pygame window, in-process with SDL's dummy video driver: synthetic key and mouse
events become pin levels the firmware debounces, the window shows the model's glass
behind the backlight, F5 pulls the battery, F12 saves a screenshot."""
import os
import subprocess
import sys

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame starts its display
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
pygame = pytest.importorskip("pygame")

import sim  # noqa: E402,F401  (firmware on the import path)
from ui import events as E  # noqa: E402
from sim import window as W  # noqa: E402
from sim.boards import LOOKS  # noqa: E402
from sim.device import Device  # noqa: E402
from hw.power import PLAYING_OFF_MS  # noqa: E402

FRAME_MS = 20


class Clock:
    """Simulated time for the window: each frame is 20 ms, however fast it runs."""

    def __init__(self):
        self.now = 1000

    def __call__(self):
        return self.now


@pytest.fixture
def open_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    made = []

    def make(name="tdisplay", scale=None):
        clock = Clock()
        win = W.Window(Device(name, "en"), scale, clock_ms=clock, realtime=False)
        win.fake_clock = clock
        made.append(win)
        win.step()
        return win

    yield make
    pygame.quit()


def frames(win, n, ms=FRAME_MS):
    for _ in range(n):
        win.fake_clock.now += ms
        win.step()


def key(win, code, down=True):
    kind = pygame.KEYDOWN if down else pygame.KEYUP
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def tap(win, code, hold_frames=4):
    key(win, code)
    frames(win, hold_frames)
    key(win, code, False)
    frames(win, 20)  # past the double window


def screen_pixels(win):
    return pygame.image.tobytes(win.surface.subsurface(win.screen_rect()), "RGB")


@pytest.mark.parametrize("name", list(LOOKS))
def test_the_window_shows_the_models_glass_scaled(open_window, name):
    win = open_window(name, scale=2)
    look = win.look
    assert win.surface.get_size() == ((look.body[0] + 2 * W.MARGIN) * 2,
                                      (look.body[1] + 2 * W.MARGIN) * 2
                                      + W.STATUS_PX * win.status_rows)
    assert win.device.app.top_name() == "newmatch"
    assert win.screen_rect().size == tuple(2 * n for n in win.device.model.glass.size)
    assert screen_pixels(win) == win.device.image(2).tobytes()


@pytest.mark.parametrize("name", list(LOOKS))
def test_the_status_line_is_never_cut_at_the_windows_edge(open_window, name):
    # The M5Stack at 1x cut it: "... F5: pull the b". Its parts wrap to more lines instead.
    win = open_window(name, scale=1)
    tap(win, pygame.K_RIGHT)
    assert win.device.last_event() == "next"
    win.draw()
    surface = win.surface
    top = surface.get_height() - W.STATUS_PX * win.status_rows
    edge = pygame.Rect(surface.get_width() - W.MARGIN, top, W.MARGIN,
                       surface.get_height() - top)
    background = surface.get_at((surface.get_width() - 1, top))
    strip = pygame.image.tobytes(surface.subsurface(edge), "RGB")
    assert strip == bytes(background[:3]) * (edge.w * edge.h)  # no text reaches the edge
    lines = win.status_lines(("last event: next", "backlight 100%", "flash: 1 files"),
                             surface.get_width())
    assert len(lines) <= win.status_rows and lines[-1].endswith("F5: pull the battery")
    if name == "m5stack_core":
        assert win.status_rows == 2


def test_keyboard_presses_are_gestures_short_long_and_double(open_window):
    win = open_window("tdisplay", scale=2)
    app = win.device.app
    tap(win, pygame.K_LEFT)  # short: PREV, the new match menu wraps to Start
    assert win.device.events == [E.PREV] and app.top().cursor == len(app.top().items) - 1
    tap(win, pygame.K_d, hold_frames=40)  # 800 ms: long, SELECT: the match starts
    assert win.device.events[-1] == E.SELECT and app.match.variant() == 1
    key(win, pygame.K_a)
    frames(win, 3)
    key(win, pygame.K_a, False)
    frames(win, 3)
    key(win, pygame.K_a)
    frames(win, 2)
    key(win, pygame.K_a, False)
    frames(win, 20)
    assert win.device.events[-1] == E.PREV2 and app.match.truc_call() == (1, 0)  # A calls truc
    assert screen_pixels(win) == win.device.image(2).tobytes()


def test_a_key_held_by_two_sources_goes_up_when_both_let_go(open_window):
    win = open_window("tdisplay")
    key(win, pygame.K_RIGHT)
    key(win, pygame.K_d)
    frames(win, 2)
    key(win, pygame.K_RIGHT, False)
    frames(win, 2)
    assert win.device.held(1) and not win.device.held(0) and win.device.presses == 1
    assert win.device.loop.buttons.held(1)  # what the firmware read from the pin
    key(win, pygame.K_d, False)
    frames(win, 4)
    assert not win.device.held(1) and not win.device.loop.buttons.held(1)


def test_clicking_a_drawn_button_presses_it(open_window):
    win = open_window("devkit_oled")
    button = win.look.buttons[2]
    centre = win.rect(*button.rect).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    frames(win, 3)
    assert [win.device.held(k) for k in range(3)] == [False, False, True]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
    frames(win, 20)
    assert win.device.events == [E.NEXT] and not win.device.held(2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    frames(win, 2)
    assert not any(win.device.held(k) for k in range(3))  # outside every button


def test_the_middle_key_of_three_button_boards_is_down_or_s(open_window):
    win = open_window("m5stack_core")
    screen = win.device.app.top()
    tap(win, pygame.K_DOWN)  # SELECT on "Variant": the next preset
    assert win.device.events == [E.SELECT] and screen.variant == 2
    tap(win, pygame.K_s)
    assert screen.variant == 3


def test_f12_and_p_save_screenshots_and_escape_quits(open_window, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    win = open_window("devkit_oled", scale=4)
    key(win, pygame.K_F12)
    key(win, pygame.K_p)
    frames(win, 1)
    assert len(win.shots) == 2 and win.shots[0] != win.shots[1]
    printed = capsys.readouterr().out.split()
    assert printed == win.shots
    from PIL import Image

    for path in win.shots:
        assert os.path.dirname(path) == str(tmp_path)
        with Image.open(path) as pic:
            assert pic.format == "PNG" and pic.size == (128 * 4, 64 * 4)
    key(win, pygame.K_ESCAPE)
    assert win.run() == 0 and not win.running


def test_closing_the_window_quits(open_window):
    win = open_window()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert win.run() == 0 and not win.running


def test_run_plays_a_log_first_then_opens_the_window(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    opened = []
    real_run = W.Window.run

    def a_few_frames(self, frames=None):
        opened.append(self)
        return real_run(self, 3)

    monkeypatch.setattr(W.Window, "run", a_few_frames)
    status = W.run("tdisplay", "ca", ["variant valencia", "baza A"], "2s", 1)
    assert status == 0 and opened[0].scale == 1
    match = opened[0].device.app.match
    assert match.baza(0) == 0 and match.baza(1) == 1


def test_the_scale_shrinks_to_fit_the_desktop():
    look = LOOKS["tdisplay"]
    assert W.fit_scale(look, (1920, 1080)) == 3
    assert W.fit_scale(look, (1024, 768)) == 2
    assert W.fit_scale(look, (0, 0)) == 3  # unknown desktop: the board's own
    assert W.fit_scale(LOOKS["devkit_oled"], (200, 100)) == 1
    assert W.fit_scale(LOOKS["m5stack_core"], (1920, 1080)) == 2


def test_the_backlight_dims_then_darkens_the_picture_and_a_press_only_wakes_it(open_window):
    win = open_window("tdisplay", scale=1)
    tap(win, pygame.K_LEFT)
    tap(win, pygame.K_d, hold_frames=40)  # the match starts; the timeout is 120 s
    lit = screen_pixels(win)
    assert lit == win.device.image().tobytes() and any(lit)
    frames(win, 61, ms=1000)  # dim at half the timeout: darker, still readable
    dim = screen_pixels(win)
    assert 0 < win.device.backlight() < 1 and dim != lit and any(dim)
    assert all(d <= v for d, v in zip(dim, lit))
    frames(win, 120, ms=1000)  # past the timeout: a match in progress stays readable
    assert screen_pixels(win) == dim
    frames(win, PLAYING_OFF_MS // 1000 - 180, ms=1000)  # forgotten on the table
    assert win.device.backlight() == 0 and not any(screen_pixels(win))
    events = list(win.device.events)
    tap(win, pygame.K_d)  # lights the screen, does nothing else
    assert win.device.events == events and screen_pixels(win) == lit
    tap(win, pygame.K_d)
    assert win.device.events[len(events):] == [E.NEXT]


def test_f5_pulls_the_battery_and_the_device_boots_into_the_same_match(open_window):
    win = open_window("m5stickc_plus2", scale=1)
    tap(win, pygame.K_LEFT)
    tap(win, pygame.K_d, hold_frames=40)
    tap(win, pygame.K_d)  # B wins the first baza
    state = bytes(win.device.app.match.state)
    key(win, pygame.K_F5)
    frames(win, 2)
    assert win.device.boots == 2 and bytes(win.device.app.match.state) == state
    assert win.device.app.top_name() == "scoreboard"
    assert screen_pixels(win) == win.device.image().tobytes() and win.device.model.errors == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a display is an X/Wayland one")
def test_without_a_display_make_sim_says_so_and_points_to_headless(tmp_path):
    # No DISPLAY, no SDL driver asked for: SDL would fall back to an invisible window and
    # the simulator would run forever; it says so and exits instead.
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    done = subprocess.run([sys.executable, "-m", "sim", "--flash", str(tmp_path)], cwd=root,
                          env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "cannot open a window" in done.stderr and "--headless" in done.stderr
