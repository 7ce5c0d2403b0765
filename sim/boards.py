"""The simulated devices: screen, buttons and keymap of each board, and how it looks.

Geometry is in screen pixels (one unit = one pixel of the board's panel), so the window
can draw the device at any integer scale. Adding a board is adding an entry to BOARDS.
"""
from dataclasses import dataclass

from app.gestures import KEYMAP_2, KEYMAP_3
from ui.canvas import PALETTE
from sim.picture import rgb565

COLOUR_PANEL = tuple(rgb565(v) for v in PALETTE)  # GS4 palette index -> RGB
BLUE_OLED = ((0, 0, 0), (120, 200, 255))  # pixel off, on


@dataclass(frozen=True)
class Button:
    key: int  # index in the keymap; 0 is the leftmost (or topmost) button
    rect: tuple  # x, y, w, h on the body
    name: str  # what the board's silkscreen calls it ("": nothing printed)


@dataclass(frozen=True)
class Board:
    name: str
    title: str
    width: int
    height: int
    mono: bool
    keymap: bytes
    colours: tuple  # what each pixel value looks like on this panel
    scale: int  # the window's preferred integer zoom
    body: tuple  # w, h
    glass: tuple  # x, y, w, h: the dark glass around the active area
    screen: tuple  # x, y: top-left pixel of the active area
    buttons: tuple
    body_colour: tuple
    connector: tuple = None  # x, y, w, h of the USB socket, if drawn
    long_ms: int = 600  # gesture timings given to app.gestures.Recognizer
    double_ms: int = 300

    @property
    def keys(self):
        return len(self.keymap) // 3


TDISPLAY = Board(
    name="tdisplay", title="LILYGO T-Display (ST7789 240x135)",
    width=240, height=135, mono=False, keymap=KEYMAP_2, colours=COLOUR_PANEL, scale=3,
    body=(340, 163), glass=(10, 6, 262, 151), screen=(21, 14),
    # The two buttons sit at the USB end, one each side of the socket.
    buttons=(Button(0, (298, 22, 24, 24), "GPIO0"), Button(1, (298, 117, 24, 24), "GPIO35")),
    connector=(326, 67, 20, 29), body_colour=(22, 26, 38),
)

OLED = Board(
    name="oled", title="ESP32 + SSD1306 OLED (128x64), three buttons",
    width=128, height=64, mono=True, keymap=KEYMAP_3, colours=BLUE_OLED, scale=4,
    body=(168, 136), glass=(12, 8, 144, 80), screen=(20, 16),
    buttons=(Button(0, (28, 98, 16, 16), ""), Button(1, (76, 98, 16, 16), ""),
             Button(2, (124, 98, 16, 16), "")),
    connector=(72, 130, 24, 10), body_colour=(20, 70, 50),
)

BOARDS = {b.name: b for b in (TDISPLAY, OLED)}
