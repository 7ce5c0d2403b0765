# Device settings: the language and how long the screen stays lit.
from app import i18n
from app.i18n import t
from app.menu import Menu
from app.settings import TIMEOUTS


class SettingsMenu(Menu):
    def __init__(self):
        Menu.__init__(self, t("Settings"))

    def refresh(self, app):
        if self.items:  # rebuilt after a choice, not on every press
            return
        s = app.settings
        self.title = t("Settings")
        # Through a match in progress the screen only dims at the timeout (hw.power):
        # it goes dark after 10 minutes without a press, and a row under it says so.
        language = i18n.NAMES[i18n.LANGUAGES.index(s.language)]
        self.items = [(t("Language: %s") % language, "language")]
        if s.timeout:
            self.items.append((t("Screen off: %d s") % s.timeout, "timeout"))
            self.items.append((t("in a match: 10 min"), "timeout"))
        else:
            self.items.append((t("Screen off: never"), "timeout"))
        self.items.append((t("Back"), "back"))

    def choose(self, app, value):
        s = app.settings
        self.items = []
        if value == "language":
            languages = i18n.LANGUAGES
            app.set_language(languages[(languages.index(s.language) + 1) % len(languages)])
        elif value == "timeout":
            s.timeout = TIMEOUTS[(TIMEOUTS.index(s.timeout) + 1) % len(TIMEOUTS)] \
                if s.timeout in TIMEOUTS else TIMEOUTS[1]
        else:
            app.pop()


def make(app, arg):
    return SettingsMenu()
