# The main menu: the dealer's assistant, the rounds played, past matches, a new match,
# sharing the match over WiFi (and stopping it, or giving its network a new password),
# settings, what the keys do.
from app.i18n import t
from app.menu import Menu


class MainMenu(Menu):
    def __init__(self):
        Menu.__init__(self, t("Menu"))
        self.language = ""
        self.sharing = False

    def refresh(self, app):
        # Built once, and again when Settings (above it) changed the language, or when
        # shown again after a screen it opened (choose let the rows go: room for it).
        sharing = app.sharing is not None and app.sharing.active()
        if self.items and self.language == app.settings.language and self.sharing == sharing:
            return
        self.language = app.settings.language
        self.sharing = sharing
        self.title = t("Menu")
        self.items = [(t("Assistant"), "assistant"), (t("Round history"), "rounds"),
                      (t("Past matches"), "pastmatches"), (t("New match"), "newmatch"),
                      (t("Settings"), "settingsmenu"), (t("Keys"), "keys"),
                      (t("Back to the score"), "back")]
        if app.make_sharing is not None:  # after New match: the items above keep their place
            self.items.insert(4, (t("Share"), "share"))
        if sharing:
            self.items.insert(5, (t("Stop sharing"), "unshare"))
            self.items.insert(6, (t("New password"), "newpassword"))
        if app.make_tournament is not None:  # a board provisioned for a tournament (app.boot)
            self.items.insert(0, (t("Tournament"), "tournament"))

    def choose(self, app, value):
        del self.items[:]  # built again when shown (refresh); the cursor stays
        if value == "back":
            app.home()
        elif value == "keys":
            app.open("textpage", "keys")
        elif value == "share" or value == "newpassword":
            sharing = app.share()
            if value == "newpassword":  # drawn again as the first time (hw.listen): the
                sharing.off()  # phones that joined must join again, with the new QR code
                app.settings.password = ""
            try:
                sharing.on(app.now)
            except Exception as e:  # no radio (its module, or the chip), no socket, no
                # heap: said, and the match and the settings as they were; play goes on
                sharing.off()
                app.message = "%s: %s" % (t("Share"), e)
                return
            app.open("sharescreen")
        elif value == "unshare":
            app.sharing.off()
        else:
            app.open(value)


def make(app, arg):
    return MainMenu()
