# The scoreboard's notice (app.message) as lines, each page a whole phrase. Imported while a
# notice shows and forgotten once it is gone (app.scoreboard): the resident heap holds
# none of it.
from micropython import const

_ROWS = const(3)  # the OLED's rows for a notice a phrase of which needs two lines


def said(app, c, lines, room, fit):
    """Appends the notice, wider than room, to lines (fit to a page), a phrase a line
    (cut after its first ':', "Undone: B: vull", or a sentence's end), no phrase cut by a
    page: each page says something whole. Returns the lines a page holds: on the OLED,
    where a page is a row, a phrase that needs two lines has the notice take _ROWS rows
    (over the scores, while it is said)."""
    font = app.font
    s = app.message
    phrases = []
    start = 0
    for i in range(1, len(s) - 1):
        if s[i] in ":.;?!" and s[i + 1] == " " and (s[i] != ":" or not phrases):
            phrases.append(s[start:i + 1])
            start = i + 2
    phrases.append(s[start:])
    wrapped = [c.wrap(font, p, room, room) for p in phrases]
    if not app.large and fit < _ROWS and any(len(p) > 1 for p in wrapped):
        fit = _ROWS
    for p in wrapped:
        left = fit - len(lines) % fit
        if len(p) > left and len(p) <= fit:  # to the next page, whole
            lines.extend([""] * left)
        lines.extend(p)
    return fit
