# Past matches: the archive's matches, newest first (variant, the teams by the names they
# were kept with, cantons, rounds or that the points were adjusted by hand); choosing one
# opens it as its round history. Read from the archive when shown, and gone with the
# screen.
from truc import rules as R
from hw.archive import rounds, summary, teams
from app import varianttexts as VT
from app.i18n import t
from app.menu import Menu


class PastMatches(Menu):
    def __init__(self, app):
        Menu.__init__(self, t("Past matches"))

    def refresh(self, app):
        # Read when opened, and again when a past match's history leaves (choose let the
        # rows go: a full archive's 20 rows take 3 KB the replay of a long match needs).
        if self.items:
            return
        found = app.archive().matches() if app.archive is not None else []
        width = app.canvas.width - 12  # the label starts at 4; the scroll marks take 8
        for _, name, head in found:
            names = teams(head)
            self.items.append((_label(app, summary(head), rounds(head), names, width),
                               (name, names)))
        if not found:
            self.items.append((t("No past matches"), None))

    def choose(self, app, past):
        if past is not None:
            del self.items[:]  # read again on the way back (refresh); the cursor stays
            app.open("rounds", past)


def _label(app, s, played, names, width):
    # The longest of these that fits: variant, teams and cantons, rounds; teams that were
    # given names rather keep them than the rounds (the letters tell no match apart).
    variant, ca, cb = s[0], s[2], s[3]
    if played or not (ca or cb or s[4] or s[5]):
        rounds = t("1 round") if played == 1 else t("%d rounds") % played
    else:  # a score and no round played: the points were set by hand (Adjust points)
        rounds = t("adjusted")
    name = VT.SHORT_TITLES[variant]  # the archive read it: a variant of V
    score = "%d-%d" % (ca, cb)
    both = "%s · %s %s %s" % (name, names[0], score, names[1])
    named = names[0] != R.TEAMS[R.A] or names[1] != R.TEAMS[R.B]
    for text in (both + " · " + rounds, both if named else "",
                 "%s %s · %s" % (name, score, rounds)):
        if text and app.canvas.text_width(app.font, text) <= width:
            return text
    return "%s %s" % (name, score)


def make(app, arg):
    return PastMatches(app)
