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
        # The code as large as leaves room beside it for the network's name, the password
        # and the address, never cut (a phone that cannot read the code types them), with a
        # module of light round it; "Password:" over the password where it fits.
        font = app.font
        widest = 0
        for i in (0, 2, 3):
            widest = max(widest, c.text_width(font, self.lines[i]))
        scale = c.height // (qr.SIZE + 2)
        while scale > 1 and (qr.SIZE + 2) * scale + 4 + widest > c.width:
            scale -= 1
        side = (qr.SIZE + 2) * scale
        top = (c.height - side) // 2
        if c.shows(top, side):
            c.fill_rect(0, top, side, side, C.FG)  # the light around it is part of the code
        code = self.code
        for row in range(qr.SIZE):
            y = top + (row + 1) * scale
            if not c.shows(y, scale):
                continue
            at = row * qr.SIZE
            x = 0
            while x < qr.SIZE:  # each run of dark modules as one rectangle
                if code[at + x]:
                    run = x
                    while run < qr.SIZE and code[at + run]:
                        run += 1
                    c.fill_rect((x + 1) * scale, y, (run - x) * scale, scale, C.BG)
                    x = run
                else:
                    x += 1
        left = side + 4
        room = c.width - left
        y = 2
        for i in range(len(self.lines)):
            line = self.lines[i]
            if i == 1 and c.text_width(font, line) > room:
                continue
            if c.shows(y, app.line):
                c.text(font, line, left, y, C.DIM if i == 1 else C.FG)
            y += app.line + (2 if i == 0 else 0)


def make(app, arg):
    return Share(app)
