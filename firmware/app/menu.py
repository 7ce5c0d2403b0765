# A list to move through and choose from: the building block of most screens.
from app.app import Screen
from ui import events as E
from ui import canvas as C


MARKS = 10  # the column the scroll marks (^ v) take at the right of a list


def draw_title(app, c, text, colour=C.MARK, room=0):
    """The title bar: a panel on colour screens, a rule under it on monochrome ones.
    The text is fitted into room pixels (the width of the bar by default)."""
    if not c.shows(0, app.line):  # another slice of the frame (ui.canvas)
        return
    c.fill_rect(0, 0, c.width, app.line, C.PANEL)
    c.text(app.font, text, 2, 1 if app.large else 0, colour, room or c.width - 2)
    if c.mono:
        c.hline(0, app.line - 1, c.width, C.FG)


def draw_row(c, font, label, x, y, colour, room):
    """A list row fitted into room pixels; "name: value" keeps its value whole and
    shortens the name ("Cantons per gu.: 2")."""
    if c.text_width(font, label) <= room:
        c.text(font, label, x, y, colour)
        return
    i = label.rfind(": ")
    if i < 0:
        c.text(font, label, x, y, colour, room)
        return
    tail = label[i:]
    x = c.text(font, label[:i], x, y, colour, room - c.text_width(font, tail))
    c.text(font, tail, x, y, colour, room)


def draw_rows(self, app, c, top):
    """The screen's items from row top down, the cursor's highlighted, with scroll marks
    when there are more above or below (Menu and Picker draw their lists with it)."""
    font = app.font
    line = app.line
    self.rows = rows = (c.height - top) // line
    n = len(self.items)
    if self.cursor >= n:
        self.cursor = max(n - 1, 0)
    first = min(max(self.cursor - rows // 2, 0), max(n - rows, 0))
    last = min(first + rows, n)
    for i in range(first, last):
        y = top + (i - first) * line
        if not c.shows(y, line):  # drawn with the slice that holds it
            continue
        colour = C.FG
        if i == self.cursor:
            c.fill_rect(0, y, c.width, line, C.FG)
            colour = C.BG
        # Only the rows that hold a scroll mark leave its column free.
        marked = i == first and first > 0 or i == last - 1 and last < n
        draw_row(c, font, self.items[i][0], 4, y + 1 if app.large else y, colour,
                 c.width - 4 - (MARKS if marked else 2))
    if first > 0:
        c.text(font, "^", c.width - 8, top, C.DIM)
    if last < n:
        c.text(font, "v", c.width - 8, c.height - line, C.DIM)


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
        draw_title(app, c, self.title)
        draw_rows(self, app, c, app.line + 1)
