"""A simulated board running the firmware app: canvas, panel, app and gesture recognizer,
driven by button edges and a clock that the caller (window or headless) owns."""
from app.app import App, Settings
from app.gestures import Recognizer
from app import events as E
from ui.canvas import Canvas

from sim.panel import Panel


class Device:
    def __init__(self, board, language="ca"):
        self.board = board
        self.canvas = Canvas(board.width, board.height, board.mono)
        self.panel = Panel(board)
        settings = Settings()
        settings.language = language
        self.app = App(self.canvas, self.panel, settings=settings, keys=board.keys)
        self.gestures = Recognizer(board.keymap, board.long_ms, board.double_ms)
        self.held = [False] * board.keys
        self.presses = 0  # physical presses, a double being two
        self.events = []  # every semantic event delivered to the app, in order
        self.renders = 0
        self.bytes_rendered = 0  # what App.render says it sent; the panel counts its own
        self.last_render_ms = None
        self.on_render = None  # called after each render (tests check the panel there)
        self._dirty = True

    def edge(self, key, pressed, now_ms):
        """A button went down (pressed) or up."""
        if not 0 <= key < self.board.keys or self.held[key] == pressed:
            return
        self.held[key] = pressed
        self.presses += pressed
        self._deliver(self.gestures.feed(key, pressed, now_ms), now_ms)

    def frame(self, now_ms):
        """One turn of the main loop: gestures due by now, the app's tick, and a render
        when anything may have changed. Drawing a frame costs tens of milliseconds
        with the CPython framebuf, so an unchanged app is not redrawn."""
        self._deliver(self.gestures.poll(now_ms), now_ms)
        before = self._looks()
        self.app.tick(now_ms)
        if self._dirty or self._looks() != before:
            self.render(now_ms)

    def render(self, now_ms=None):
        self.bytes_rendered += self.app.render()
        self.renders += 1
        self.last_render_ms = now_ms
        self._dirty = False
        if self.on_render:
            self.on_render(self)

    def last_event(self):
        return E.NAMES[self.events[-1]] if self.events else ""

    def _deliver(self, e, now_ms):
        while e:
            self.events.append(e)
            self.app.event(e)
            self._dirty = True
            e = self.gestures.poll(now_ms)

    def _looks(self):
        # What a tick can change on screen: the screen stack, the match, the notice.
        app = self.app
        return len(app.stack), id(app.top()), bytes(app.match.state), app.message
