# Ilitek ILI9342C colour LCD controller on 4-wire SPI: the M5Stack Core's 320x240 panel.
# Its RAM is 320 columns by 240 rows, landscape already, so MADCTL needs no exchange;
# the M5Stack mounts it so that MADCTL 0 (plus BGR) shows upright, buttons below.
#
# Everything but the vendor registers is MIPI DCS, shared with the ST7789 (hw.dcs).
# The set-up writes the vendor registers M5Stack's own library sets for this glass (the
# values of M5GFX's Panel_ILI9342 list: extended command set on, power and VCOM levels,
# interface control, gamma curves, display function control), then the DCS part.
from hw.dcs import DCS, BGR

# Vendor registers: command, parameter count, parameters; in this order.
_VENDOR = (
    b"\xc8\x03\xff\x93\x42"  # SETEXTC: enable the extended (level 2) commands
    b"\xc0\x02\x12\x12"  # power control 1: VRH1, VRH2
    b"\xc1\x01\x03"  # power control 2: step-up factor
    b"\xc5\x01\xf2"  # VCOM control 1
    b"\xb0\x01\xe0"  # RGB interface signal control
    b"\xf6\x03\x01\x00\x00"  # interface control: WEMODE=1 (writes past the window wrap)
    b"\xe0\x0f\x00\x0c\x11\x04\x11\x08\x37\x89\x4c\x06\x0c\x0a\x2e\x34\x0f"  # + gamma
    b"\xe1\x0f\x00\x0b\x11\x05\x13\x09\x33\x67\x48\x07\x0e\x0b\x2e\x33\x0f"  # - gamma
    b"\xb6\x04\x08\x82\x1d\x04"  # display function control: scan directions, 240 lines
)


class ILI9342C(DCS):
    """ILI9342C, 320x240. invert: the glass is IPS (needs INVON). M5Stack has shipped the
    Core with a TN glass and, later, an IPS one: the board file tells them apart (its
    RST line is pulled up on the IPS version) and passes invert accordingly."""

    def __init__(self, spi, dc, cs=None, rst=None, width=320, height=240, col0=0, row0=0,
                 madctl=BGR, invert=False, palette=None, left=0, top=0, sleep_ms=None):
        DCS.__init__(self, spi, dc, cs, rst, width, height, col0, row0, madctl, invert,
                     palette, left, top, sleep_ms)

    def _setup(self):
        """The vendor registers, then the DCS set-up."""
        table = _VENDOR
        i = 0
        while i < len(table):
            n = table[i + 1]
            self._command(table[i], memoryview(table)[i + 2:i + 2 + n])
            i += 2 + n
        DCS._setup(self)
