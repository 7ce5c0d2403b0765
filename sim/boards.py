"""The simulator's one list of the boards of boards/: for each, the model of its display
controller with the resistors the board has on its lines (wire() puts them on the
simulated board), and how the window draws it: the body, where the glass sits on it and
the buttons a click presses. Everything the device does (pins, keymap, panel) comes from
the board file itself. A board file without an entry here fails tests/host/test_boards.py.

Geometry is in glass pixels (one unit = one pixel of the model's picture), so the window
can draw the device at any integer zoom. A key is the index into the board file's
BUTTONS, the app keymap's key order.
"""
import importlib
from dataclasses import dataclass

from machine import SIM
from sim import controllers as C

ALIASES = {"oled": "devkit_oled"}  # the name the simulator gave the OLED board first


@dataclass(frozen=True)
class Button:
    key: int  # index into the board file's BUTTONS
    rect: tuple  # x, y, w, h on the body
    name: str  # what the board's case or silkscreen calls it ("": nothing printed)


@dataclass(frozen=True)
class Look:
    name: str  # the board file's name
    title: str
    scale: int  # the window's preferred integer zoom
    body: tuple  # w, h
    glass: tuple  # x, y, w, h: the dark glass around the picture
    screen: tuple  # x, y: where the picture's top-left pixel goes
    size: tuple  # w, h of the picture: the controller model's glass.size
    buttons: tuple
    body_colour: tuple
    model: object = None  # (ips, seed) -> a fresh model of its controller and glass
    # Resistors on its lines (1: pull-up), so idle buttons read high and the M5Stack's
    # panel-type line reads as the real one does.
    resistors: dict = None
    connector: tuple = None  # x, y, w, h of the USB socket, if drawn
    holes: bool = False  # a bare board's mounting holes in its corners


LOOKS = {look.name: look for look in (
    Look(name="tdisplay", title="LILYGO T-Display (ST7789, 240x135)", scale=3,
         body=(340, 163), glass=(10, 6, 262, 151), screen=(21, 14), size=(240, 135),
         # The two buttons sit at the USB end, one each side of the socket.
         buttons=(Button(0, (298, 22, 24, 24), "GPIO0"), Button(1, (298, 117, 24, 24), "GPIO35")),
         connector=(326, 67, 20, 29), body_colour=(22, 26, 38), holes=True,
         model=lambda ips, seed: C.ST7789Model(C.TDISPLAY_GLASS, seed),
         resistors={0: 1, 35: 1}),
    # Held as the board file says: B on the top edge is key 0, the front A key 1.
    Look(name="m5stickc_plus2", title="M5StickC Plus2 (ST7789V2, 240x135)", scale=3,
         body=(372, 175), glass=(12, 12, 264, 151), screen=(24, 20), size=(240, 135),
         buttons=(Button(0, (120, -4, 60, 10), "B"), Button(1, (300, 58, 56, 56), "A")),
         connector=(-8, 70, 12, 34), body_colour=(196, 58, 46),
         model=lambda ips, seed: C.ST7789Model(C.STICKC_PLUS2_GLASS, seed),
         resistors={35: 1, 37: 1, 39: 1}),
    Look(name="m5stack_core", title="M5Stack Core (ILI9342C, 320x240)", scale=2,
         body=(424, 424), glass=(40, 32, 344, 264), screen=(52, 44), size=(320, 240),
         buttons=(Button(0, (66, 340, 56, 40), "A"), Button(1, (184, 340, 56, 40), "B"),
                  Button(2, (302, 340, 56, 40), "C")),
         connector=(-8, 196, 12, 32), body_colour=(40, 42, 48),
         model=lambda ips, seed: C.ILI9342CModel(C.m5stack_glass(ips), seed),
         resistors={37: 1, 38: 1, 39: 1}),
    Look(name="devkit_oled", title="ESP32 DevKit + SSD1306 OLED (128x64), three buttons",
         scale=4, body=(168, 136), glass=(12, 8, 144, 80), screen=(20, 16), size=(128, 64),
         buttons=(Button(0, (28, 98, 16, 16), ""), Button(1, (76, 98, 16, 16), ""),
                  Button(2, (124, 98, 16, 16), "")),
         connector=(72, 130, 24, 10), body_colour=(20, 70, 50), holes=True,
         model=lambda ips, seed: C.SSD1306Model(C.OledGlass(), seed), resistors={0: 1}),
)}

NAMES = tuple(LOOKS)  # tdisplay first: the default


def resolve(name):
    """The board file's name for a --board value (aliases included); KeyError if none."""
    name = ALIASES.get(name, name)
    if name not in LOOKS:
        raise KeyError(name)
    return name


def model_for(name, ips=True, seed=0):
    """A fresh model of the display controller of boards/<name>.py and its glass."""
    return LOOKS[resolve(name)].model(ips, seed)


def wire(name, ips=True, seed=0):
    """Puts boards/<name>.py's display model on machine.SIM's buses, at the pins the
    board file names, with the board's resistors; returns the model. Call SIM.reset()
    first for a fresh board. ips: which M5Stack Core glass (IPS or the older TN)."""
    name = resolve(name)
    board = importlib.import_module("boards." + name)
    for pin, level in LOOKS[name].resistors.items():
        SIM.resistor(pin, level)
    if name == "m5stack_core" and ips:
        SIM.resistor(board.LCD_RST, 1)  # the IPS version's pull-up on RST
    model = model_for(name, ips, seed)
    if isinstance(model, C.SSD1306Model):
        model.attach(board.I2C_SCL, board.I2C_SDA, board.OLED_ADDR)
    else:
        model.attach(board.LCD_SCK, board.LCD_MOSI, board.LCD_CS, board.LCD_DC, board.LCD_RST)
    return model
