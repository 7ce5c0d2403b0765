"""The pygame window, in-process with SDL's dummy video driver: synthetic key and mouse
events become button gestures, the window shows the panel's memory, F12 saves it."""
import os

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"  # before pygame starts its display
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
pygame = pytest.importorskip("pygame")

import sim  # noqa: E402,F401  (firmware on the import path)
from app import events as E  # noqa: E402
from app.newmatch import NewMatch  # noqa: E402
from sim import window as W  # noqa: E402
from sim.boards import BOARDS  # noqa: E402
from sim.device import Device  # noqa: E402

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
        win = W.Window(Device(BOARDS[name], "en"), scale, clock_ms=clock, realtime=False)
        win.fake_clock = clock
        made.append(win)
        win.step()
        return win

    yield make
    pygame.quit()


def frames(win, n):
    for _ in range(n):
        win.fake_clock.now += FRAME_MS
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
    board = win.board
    area = win.rect(board.screen[0], board.screen[1], board.width, board.height)
    return pygame.image.tobytes(win.surface.subsurface(area), "RGB")


def test_the_window_shows_the_panel_memory_scaled(open_window):
    win = open_window("tdisplay", scale=3)
    board = win.board
    assert win.surface.get_size() == ((board.body[0] + 2 * W.MARGIN) * 3,
                                      (board.body[1] + 2 * W.MARGIN) * 3 + W.STATUS_PX)
    assert isinstance(win.device.app.top(), NewMatch)
    assert screen_pixels(win) == win.device.panel.image(3).tobytes()


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
    assert screen_pixels(win) == win.device.panel.image(2).tobytes()


def test_a_key_held_by_two_sources_goes_up_when_both_let_go(open_window):
    win = open_window("tdisplay")
    key(win, pygame.K_RIGHT)
    key(win, pygame.K_d)
    frames(win, 2)
    key(win, pygame.K_RIGHT, False)
    frames(win, 2)
    assert win.device.held == [False, True] and win.device.presses == 1
    key(win, pygame.K_d, False)
    frames(win, 2)
    assert win.device.held == [False, False]


def test_clicking_a_drawn_button_presses_it(open_window):
    win = open_window("oled")
    button = win.board.buttons[2]
    centre = win.rect(*button.rect).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    frames(win, 3)
    assert win.device.held == [False, False, True]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
    frames(win, 20)
    assert win.device.events == [E.NEXT] and win.device.held == [False] * 3
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1, 1), button=1))
    frames(win, 2)
    assert win.device.held == [False] * 3  # outside every button


def test_the_middle_key_of_three_button_boards_is_down_or_s(open_window):
    win = open_window("oled")
    screen = win.device.app.top()
    tap(win, pygame.K_DOWN)  # SELECT on "Variant": the next preset
    assert win.device.events == [E.SELECT] and screen.variant == 2
    tap(win, pygame.K_s)
    assert screen.variant == 3


def test_f12_and_p_save_screenshots_and_escape_quits(open_window, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    win = open_window("oled", scale=4)
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
    status = W.run(BOARDS["tdisplay"], "ca", ["variant valencia", "baza A"], "2s", 1)
    assert status == 0 and opened[0].scale == 1
    match = opened[0].device.app.match
    assert match.baza(0) == 0 and match.baza(1) == 1


def test_the_scale_shrinks_to_fit_the_desktop():
    board = BOARDS["tdisplay"]
    assert W.fit_scale(board, (1920, 1080)) == 3
    assert W.fit_scale(board, (1024, 768)) == 2
    assert W.fit_scale(board, (0, 0)) == 3  # unknown desktop: the board's own
    assert W.fit_scale(BOARDS["oled"], (200, 100)) == 1
