# A list to move through and choose from: the building block of most screens.
from app.app import Screen
from ui import events as E
from ui import canvas as C


def marks_x(app, c):
    """The column of the scroll marks (^ v): the right edge, for this glass's font."""
    return c.width - max(c.text_width(app.font, "v"), c.text_width(app.font, "^")) - 1


def draw_marks(app, c, y_up, y_down, up, down):
    """The scroll marks: ^ at y_up when there is more above, v at y_down when below."""
    x = marks_x(app, c)
    if up:
        c.text(app.font, "^", x, y_up, C.DIM)
    if down:
        c.text(app.font, "v", x, y_down, C.DIM)


def draw_title(app, c, text, colour=C.MARK, room=0):
    """The title bar: a panel on colour screens, a rule under it on monochrome ones.
    A title wider than room pixels (the bar by default) takes a row more: never
    shortened. Returns the row under the bar."""
    room = room or c.width - 2
    # (no tuple made for a title on one line: a frame allocates as little as it can)
    lines = None if c.text_width(app.font, text) <= room else c.wrap(app.font, text, room, room)
    line = app.line
    under = (len(lines) if lines else 1) * line
    if not c.shows(0, under):  # another slice of the frame (ui.canvas)
        return under + 1
    c.fill_rect(0, 0, c.width, under, C.PANEL)
    for i in range(len(lines) if lines else 1):
        c.text(app.font, lines[i] if lines else text, 2, i * line + (1 if app.large else 0),
               colour)
    if c.mono:
        c.hline(0, under - 1, c.width, C.FG)
    return under + 1


def row_lines(app, c, label):
    """A list row's label as the lines it takes: one, or more where it is wider than the
    row (a label is never shortened: "Joc fora worth: the canton" takes two)."""
    room = marks_x(app, c) - 8  # from 4, and 4 clear of the marks
    font = app.font
    if _fits(app, c, label):
        return (label,)
    i = label.rfind(": ")  # "name: value" breaks after the name: the value stays whole
    if i > 0 and c.text_width(font, label[:i + 1]) <= room \
            and c.text_width(font, label[i + 2:]) <= room - 6:
        return (label[:i + 1], label[i + 2:])
    return c.wrap(font, label, room, room - 6)


def _fits(app, c, label):
    # Whether the label takes one row (draw_rows then makes no tuple of its lines).
    return c.text_width(app.font, label) <= marks_x(app, c) - 8


def draw_rows(self, app, c, top):
    """The screen's items from row top down, the cursor's highlighted, with scroll marks
    when there are more above or below (Menu and Picker draw their lists with it). A
    label too wide for a row goes on over the next, indented."""
    font = app.font
    line = app.line
    self.rows = rows = (c.height - top) // line
    items = self.items
    n = len(items)
    if self.cursor >= n:
        self.cursor = max(n - 1, 0)
    cursor = self.cursor
    # The rows each item takes, measured for the items a page around the cursor only.
    size = bytearray(n)
    lo = max(cursor - rows, 0)
    hi = min(cursor + rows + 1, n)
    for i in range(lo, hi):
        label = items[i][0]
        size[i] = 1 if _fits(app, c, label) else min(len(row_lines(app, c, label)), rows)
    # The page stays put while the cursor moves on it (only the cursor's old and new rows
    # change, so only their bands go to the panel) and turns when the cursor leaves it:
    # to start at the cursor going down, to end at it going up. A menu opens with up to
    # half a page above its cursor.
    first = self.first
    last = first
    used = 0
    if n and lo <= first <= cursor:
        while last < hi and used + size[last] <= rows:
            used += size[last]
            last += 1
    if n and not first <= cursor < last:
        if first < 0:  # opened: up to half a page above the cursor, then down
            first = cursor
            used = size[cursor]
            while first > lo and used - size[cursor] + size[first - 1] <= rows // 2:
                first -= 1
                used += size[first]
        elif cursor < first:  # turned back: the page ends at the cursor
            first = cursor + 1
            used = 0
            while first > lo and used + size[first - 1] <= rows:
                first -= 1
                used += size[first]
        else:  # turned on: the page starts at the cursor
            first = cursor
            used = size[cursor]
        last = cursor + 1
        while last < hi and used + size[last] <= rows:
            used += size[last]
            last += 1
        while first > lo and used + size[first - 1] <= rows:  # up where the list ends
            first -= 1
            used += size[first]
    self.first = first
    if not n:
        first = last = 0
    # The cursor's bar first, then the rows' texts: a move changes the bar and the two
    # rows' colours, and no call after them changes its place in the frame (a kept frame
    # sends the rows of the calls that changed: ui.canvas).
    if first <= cursor < last:
        y = top
        for i in range(first, cursor):
            y += size[i] * line
        c.fill_rect(0, y, c.width, size[cursor] * line, C.FG)
    y = top
    for i in range(first, last):
        label = items[i][0]
        texts = None if size[i] == 1 else row_lines(app, c, label)
        colour = C.DIM if i < len(self.dim) and self.dim[i] else C.FG
        if i == cursor:
            colour = C.BG
        for k in range((len(texts) if texts else 1) if c.shows(y, size[i] * line) else 0):
            c.text(font, texts[k] if texts else label, 10 if k else 4,
                   y + k * line + (1 if app.large else 0), colour)
        y += size[i] * line
    draw_marks(app, c, top, top + (rows - 1) * line, first > 0, last < n)


class Menu(Screen):
    """Items are (label, value) pairs; choose(app, value) acts on the chosen one."""

    dim = b""  # per item, 1: drawn dim (a command the rules do not allow now)
    first = -1  # the item on the page's top row (draw_rows); -1: not drawn yet

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
        draw_rows(self, app, c, draw_title(app, c, self.title))
