# Past matches: the archive's matches, newest first (variant, teams, cantons, rounds);
# choosing one opens it as its round history. Read from the archive when opened, and
# gone with the screen.
from hw.archive import summary
from app.i18n import t
from app.menu import Menu

_VARIANTS = ("", "Mallorca", "València", "Palacios")


class PastMatches(Menu):
    def __init__(self, app):
        Menu.__init__(self, t("Past matches"))
        found = app.archive.matches() if app.archive is not None else []
        width = app.canvas.width - 12  # the label starts at 4; the scroll marks take 8
        for seq, name, data in found:
            self.items.append((_label(app, summary(data), width), name))
        if not found:
            self.items = [(t("No past matches"), None)]

    def choose(self, app, name):
        if name is not None:
            app.open("history", name)


def _label(app, s, width):
    # The longest of these that fits: variant, teams and cantons, rounds.
    variant, ca, cb = s[0], s[2], s[3]
    rounds = t("%d rounds") % max(s[7] - 1, 0)  # the round counter is the next round's
    name = _VARIANTS[variant] if variant < len(_VARIANTS) else "?"
    score = "%d-%d" % (ca, cb)
    for text in ("%s · %s %s %s · %s" % (name, app.team_name(0), score, app.team_name(1), rounds),
                 "%s %s · %s" % (name, score, rounds)):
        if app.canvas.text_width(app.font, text) <= width:
            return text
    return "%s %s" % (name, score)


def make(app, arg):
    return PastMatches(app)
