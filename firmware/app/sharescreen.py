# Share: the match on the players' phones. Opening it turns sharing on (hw.share: the
# board's own WiFi and a read-only page at its address) and shows the QR code that joins
# the network, with the network's name, its password and the address beside it. Any key
# goes back, sharing on; Stop sharing in the Menu ends it.
from app.app import Screen
from app.i18n import t
from ui import canvas as C
from ui import qr


class Share(Screen):
    def __init__(self, app):
        sharing = app.sharing
        self.lines = (sharing.name(), t("Password:"), app.settings.password, sharing.address)
        # The text phone cameras understand: join this WPA2 network.
        self.code = qr.encode("WIFI:T:WPA;S:%s;P:%s;;" % (sharing.name(),
                                                          app.settings.password))

    def event(self, app, e):
        app.pop()

    def draw(self, app, c):
        scale = c.height // (qr.SIZE + 2)
        quiet = (c.height - qr.SIZE * scale) // 2
        side = qr.SIZE * scale + 2 * quiet
        if c.shows(0, side):
            c.fill_rect(0, 0, side, side, C.FG)  # the light around it is part of the code
        code = self.code
        for row in range(qr.SIZE):
            y = quiet + row * scale
            if not c.shows(y, scale):
                continue
            at = row * qr.SIZE
            x = 0
            while x < qr.SIZE:  # each run of dark modules as one rectangle
                if code[at + x]:
                    run = x
                    while run < qr.SIZE and code[at + run]:
                        run += 1
                    c.fill_rect(quiet + x * scale, y, (run - x) * scale, scale, C.BG)
                    x = run
                else:
                    x += 1
        left = side + 4
        y = 2
        for i in range(len(self.lines)):
            if c.shows(y, app.line):
                c.text(app.font, self.lines[i], left, y, C.DIM if i == 1 else C.FG,
                       c.width - left)
            y += app.line + (2 if i == 0 else 0)


def make(app, arg):
    return Share(app)
