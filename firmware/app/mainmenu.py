# The main menu: the dealer's assistant, the rounds played, past matches, a new match,
# settings, what the keys do.
from app.i18n import t
from app.menu import Menu


class MainMenu(Menu):
    def __init__(self):
        Menu.__init__(self, t("Menu"))
        self.language = ""

    def refresh(self, app):
        # Built once, and again when Settings (above it) changed the language.
        if self.items and self.language == app.settings.language:
            return
        self.language = app.settings.language
        self.title = t("Menu")
        self.items = [(t("Assistant"), "assistant"), (t("Round history"), "history"),
                      (t("Past matches"), "pastmatches"), (t("New match"), "newmatch"),
                      (t("Settings"), "settingsmenu"), (t("Keys"), "keys"),
                      (t("Back to the score"), "back")]

    def choose(self, app, value):
        if value == "back":
            app.home()
        elif value == "keys":
            app.open("textpage", "keys")
        else:
            app.open(value)


def make(app, arg):
    return MainMenu()
