# What the device shows when the app cannot start whatever the match (app.boot: a data file
# missing or damaged, say): which file and what to do, in English and in framebuf's
# built-in 8x8 font, which needs no file. It stands in for the app in the main loop:
# it takes no press and draws the same page, and the saved match stays on flash as it
# was, for when the files are put back.
from ui import DataError
from ui import canvas as C

_FIX = ("Reinstall:", "make flash")  # what to do, the command on a line of its own


class Fault:
    def __init__(self, canvas, display, error):
        self.canvas = canvas
        self.display = display
        if isinstance(error, DataError):
            what, name = error.args
            said = ("Missing file:" if what == "missing" else "Damaged file:", name) + _FIX
        else:  # a fault in the code itself: its kind, for whoever reinstalls
            said = ("Cannot start:", type(error).__name__) + _FIX
        self.lines = []
        for words in said:
            self.lines += wrap(words, canvas.width // 8)
        self.stack = [self]  # the loop watches the stack for a screen that changed

    def event(self, e):
        pass

    def tick(self, now_ms):
        return False

    def due_ms(self, now_ms):
        return -1

    def recover(self):
        pass

    def playing(self):
        return False

    def render(self):
        c = self.canvas
        spans = c.spans
        for part in range(c.slices):
            c.top = part * c.rows
            c.fill(C.BG)
            y = 0
            for line in self.lines:
                if c.shows(y, 8):
                    c.fb.text(line, 0, y - c.top, c.ink(C.FG))
                y += 10
            n = c.changes()
            for i in range(0, n, 2):
                if self.display:
                    self.display.show(c, 0, spans[i], c.width, spans[i + 1] - spans[i])


def wrap(text, columns):
    """text in lines of at most columns characters, broken after a space or a "/" where
    one is near enough, else cut."""
    lines = []
    while len(text) > columns:
        cut = max(text.rfind(" ", 0, columns + 1), text.rfind("/", 0, columns) + 1)
        if cut <= 0:
            cut = columns
        lines.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    lines.append(text)
    return lines
