# A list to move through and choose from: the building block of most screens.
from app.app import Screen
from ui import events as E
from ui import canvas as C


def draw_title(app, c, text, colour=C.MARK):
    """The title bar: a panel on colour screens, a rule under it on monochrome ones."""
    c.fill_rect(0, 0, c.width, app.line, C.PANEL)
    c.text(app.font, text, 2, 1 if app.large else 0, colour)
    if c.mono:
        c.hline(0, app.line - 1, c.width, C.FG)


class Menu(Screen):
    """Items are (label, value) pairs; choose(app, value) acts on the chosen one."""

    def __init__(self, title, items=None):
        self.title = title
        self.items = items or []
        self.cursor = 0

    def refresh(self, app):
        """Rebuilds self.items from the state of things (menus that depend on it)."""

    def choose(self, app, value):
        pass

    def event(self, app, e):
        self.refresh(app)  # the items as they are now, not as last drawn
        n = len(self.items)
        if e == E.NEXT and n:
            self.cursor = (self.cursor + 1) % n
        elif e == E.PREV and n:
            self.cursor = (self.cursor - 1) % n
        elif e == E.NEXT2 and n:  # a page on
            self.cursor = min(self.cursor + self.rows, n - 1)
        elif e == E.PREV2 and n:
            self.cursor = max(self.cursor - self.rows, 0)
        elif e == E.SELECT and n:
            self.choose(app, self.items[self.cursor][1])
        elif e == E.BACK:
            app.pop()
        elif e == E.UNDO:
            app.undo()
            app.home()

    rows = 5

    def draw(self, app, c):
        self.refresh(app)
        font = app.font
        line = app.line
        draw_title(app, c, self.title)
        top = line + 1
        self.rows = rows = (c.height - top) // line
        n = len(self.items)
        if self.cursor >= n:
            self.cursor = max(n - 1, 0)
        first = min(max(self.cursor - rows // 2, 0), max(n - rows, 0))
        for i in range(first, min(first + rows, n)):
            y = top + (i - first) * line
            label = self.items[i][0]
            if i == self.cursor:
                c.fill_rect(0, y, c.width, line, C.FG)
                c.text(font, label, 4, y + 1 if app.large else y, C.BG)
            else:
                c.text(font, label, 4, y + 1 if app.large else y, C.FG)
        if first > 0:
            c.text(font, "^", c.width - 8, top, C.DIM)
        if first + rows < n:
            c.text(font, "v", c.width - 8, c.height - line, C.DIM)
