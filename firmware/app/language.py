# A fresh device's first question: the language, from a list of any length, each named
# in its own words. The language under the cursor is the one in use, so the question and
# how to answer it read in it; the current one (Catalan on a fresh device) is chosen with
# one press. Then the keys' help in it, which scrolls and stays until closed; BACK keeps
# the language the device had and skips the help.
from app.i18n import LANGUAGES, NAMES, t
from app.menu import Menu
from ui import events as E


class Language(Menu):
    def __init__(self, app):
        super().__init__("", [(NAMES[i], LANGUAGES[i]) for i in range(len(LANGUAGES))])
        self.had = app.settings.language
        self.cursor = LANGUAGES.index(self.had) if self.had in LANGUAGES else 0

    def event(self, app, e):
        if e == E.BACK:
            app.set_language(self.had)
            app.settings.helped = True
            app.pop()
        elif e in (E.NEXT, E.PREV, E.NEXT2, E.PREV2, E.SELECT):
            super().event(app, e)  # moves the cursor, or chooses (choose below)
            if e != E.SELECT:
                app.set_language(self.items[self.cursor][1])

    def choose(self, app, value):
        app.set_language(value)
        app.settings.helped = True
        app.replace("textpage", "welcome")

    def draw(self, app, c):
        self.title = t("Language: hold right chooses") if app.keys == 2 \
            else t("Language: B chooses")
        Menu.draw(self, app, c)


def make(app, arg):
    return Language(app)

