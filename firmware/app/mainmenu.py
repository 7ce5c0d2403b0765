# The main menu: a new match, the dealer's assistant, settings.
from app.i18n import t
from app.menu import Menu


class MainMenu(Menu):
    def __init__(self):
        Menu.__init__(self, t("Menu"))

    def refresh(self, app):
        self.items = [(t("Assistant"), "assistant"), (t("New match"), "new"),
                      (t("Settings"), "settings"), (t("Back to the score"), "back")]

    def choose(self, app, value):
        if value == "assistant":
            from app.assistant import Assistant

            app.push(Assistant())
        elif value == "new":
            from app.newmatch import NewMatch

            app.push(NewMatch())
        elif value == "settings":
            from app.settings import SettingsMenu

            app.push(SettingsMenu())
        else:
            app.home()
