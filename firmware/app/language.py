# A fresh device's first question: the language, one press each, every choice written in
# its own language (none is chosen yet). Then the keys' help in it, which scrolls and
# stays until closed; BACK keeps the language as it is and skips the help.
from app.app import Screen
from app.i18n import LANGUAGES, NAMES
from app.menu import draw_title
from ui import canvas as C
from ui import events as E

# The key that chooses each language: left to right on three keys (A B C); on two, the
# left and right keys' short presses and the right key held.
_CHOICE_3 = (E.PREV, E.SELECT, E.NEXT)
_CHOICE_2 = (E.PREV, E.NEXT, E.SELECT)
_KEYS_3 = ("tecla A", "tecla B", "key C")
_KEYS_2 = ("tecla esquerra", "tecla derecha", "hold right")


class Language(Screen):
    def event(self, app, e):
        choices = _CHOICE_2 if app.keys == 2 else _CHOICE_3
        if e in choices:
            app.set_language(LANGUAGES[choices.index(e)])
        elif e != E.BACK:
            return  # not a choice: the question stays
        app.settings.helped = True
        if e == E.BACK:
            app.pop()
        else:
            app.replace("textpage", "welcome")

    def draw(self, app, c):
        draw_title(app, c, " · ".join(NAMES))
        keys = _KEYS_2 if app.keys == 2 else _KEYS_3
        y = app.line + 2
        for i in range(len(NAMES)):
            x = c.text(app.font, NAMES[i], 4, y, C.FG)
            c.text(app.font, ": " + keys[i], x, y, C.DIM, c.width - 4 - x)
            y += app.line + (app.line // 2 if app.large else 0)


def make(app, arg):
    return Language()
