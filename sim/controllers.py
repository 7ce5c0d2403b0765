"""Models of the display controllers on the boards, fed by the machine stand-in's buses.

Each model decodes the byte stream its bus carries, as the chip would, into the pixels
of its own memory, and shows what a person would see on the glass behind it: the part of
the memory the glass covers, rotated to the way the board is held, after inversion,
colour order, display on/off and sleep. A driver is right when what the glass shows is
the canvas (tests/host/test_drivers.py compares them pixel for pixel); a wrong init
sequence, orientation, offset or window shows up as wrong pixels, and what the chip
would reject or not do (a command too soon after reset or sleep-out, a short reset
pulse, a pixel outside the memory, a missing parameter, a bus too fast) is also listed
in the model's `errors`.

ST7789Model    Sitronix ST7789V: 240x320 RAM, MIPI DCS on 4-wire SPI
ILI9342CModel  Ilitek ILI9342C: 320x240 RAM, the same DCS plus its extended registers
SSD1306Model   Solomon SSD1306: 128x64 GDDRAM in 8 pages, on I2C

Modelled: hardware reset (RST low >= 10 us; under 5 us is rejected) and SWRESET, with
their defaults (sleep in, display off, COLMOD 18 bits, MADCTL 0, inversion off, the full
window); the 5 ms / 120 ms waits after reset and SLPOUT; COLMOD 16 and 18 bits; MADCTL MY,
MX, MV (on the address as it is written; BGR at display); CASET/RASET/RAMWR/RAMWRC with
the pointer wrapping in the window (ILI9342C: unless WEMODE=0, then the excess is lost);
INVON/INVOFF, DISPON/DISPOFF, SLPIN/SLPOUT, IDMON (8 colours); ILI9342C SETEXTC and the
SS/GS scan bits of B6. SSD1306: every command of its table with its parameter count,
control bytes (Co, D/C#), horizontal, vertical and page addressing, column/page ranges,
start line, display offset, segment remap, COM scan direction, multiplex ratio, COM pins
configuration against the glass's wiring, charge pump, entire display on, inverse,
display on/off. Not modelled: reads, scrolling, partial mode areas, gamma and voltages.

A model joins the simulated board with attach(...) or, for a board file of boards/,
with sim.boards.wire(name): that also puts the board's resistors on its button and
detection lines. Everything runs on machine.SIM's clock.
"""
import random

import machine
from machine import SIM

# ---- the glass ---------------------------------------------------------------------------


class Glass:
    """What sits behind a colour controller. size: the picture (width, height) as held;
    to_ram(X, Y) -> (column, row) of the controller RAM shown at picture pixel (X, Y);
    needs_invon: the liquid crystal shows true colours only with INVON (IPS glass);
    bgr: its colour filter needs MADCTL's BGR bit; off: what a display that is off,
    asleep or in reset shows (black for IPS, white for a normally-white TN glass)."""

    def __init__(self, name, size, to_ram, needs_invon, bgr, off=(0, 0, 0)):
        self.name = name
        self.size = size
        self.to_ram = to_ram
        self.needs_invon = needs_invon
        self.bgr = bgr
        self.off = off


# The 1.14" 135x240 IPS glass of the T-Display and the M5StickC Plus2: columns 52..186 and
# rows 40..279 of the ST7789's 240x320 RAM (portrait), held landscape the way TFT_eSPI's
# and M5GFX's rotation 1 (MADCTL MX|MV) draw upright: picture x runs down the RAM rows,
# picture y runs leftwards along the columns.
def _glass_135x240(name):
    return Glass(name, (240, 135), lambda x, y: (186 - y, 40 + x), needs_invon=True, bgr=True)


TDISPLAY_GLASS = _glass_135x240("LILYGO T-Display 1.14in IPS")
STICKC_PLUS2_GLASS = _glass_135x240("M5StickC Plus2 1.14in")


def m5stack_glass(ips=True):
    """The M5Stack Core's 2" 320x240 glass: the whole ILI9342C RAM, upright at MADCTL 0
    (M5GFX: rotation 1 + offset_rotation 3), BGR filter; IPS (needs INVON) or TN."""
    return Glass("M5Stack Core 2in " + ("IPS" if ips else "TN"), (320, 240), lambda x, y: (x, y),
                 needs_invon=ips, bgr=True, off=(0, 0, 0) if ips else (255, 255, 255))


def expected_rgb(rgb565):
    """The RGB888 a correctly set-up panel shows for an RGB565 value: the controller
    widens red and blue to 6 bits (the top bit repeated), and the glass's 6 bits a
    channel come out as 8."""
    r5, g6, b5 = rgb565 >> 11 & 31, rgb565 >> 5 & 63, rgb565 & 31
    return (_SIX_TO_8[r5 << 1 | r5 >> 4], _SIX_TO_8[g6], _SIX_TO_8[b5 << 1 | b5 >> 4])


_SIX_TO_8 = bytes(v << 2 | v >> 4 for v in range(64))

# ---- MIPI DCS controllers ----------------------------------------------------------------

NOP = 0x00
SWRESET = 0x01
SLPIN = 0x10
SLPOUT = 0x11
PTLON = 0x12
NORON = 0x13
INVOFF = 0x20
INVON = 0x21
GAMSET = 0x26
DISPOFF = 0x28
DISPON = 0x29
CASET = 0x2A
RASET = 0x2B
RAMWR = 0x2C
RAMRD = 0x2E
PTLAR = 0x30
VSCRDEF = 0x33
TEOFF = 0x34
TEON = 0x35
MADCTL = 0x36
VSCSAD = 0x37
IDMOFF = 0x38
IDMON = 0x39
COLMOD = 0x3A
RAMWRC = 0x3C

_NO_PARAMS = {NOP, SWRESET, SLPIN, SLPOUT, PTLON, NORON, INVOFF, INVON, DISPOFF, DISPON,
              TEOFF, RAMWR, IDMOFF, IDMON, RAMWRC}
_PARAMS = {CASET: 4, RASET: 4, MADCTL: 1, COLMOD: 1, GAMSET: 1, TEON: 1, VSCSAD: 2,
           VSCRDEF: 6, PTLAR: 4, 0x44: 2, 0x51: 1, 0x53: 1, 0x55: 1, 0x5E: 1}
_READS = {0x04, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, RAMRD, 0x3E, 0x45, 0x52, 0x54,
          0x56, 0x5F, 0xDA, 0xDB, 0xDC}

_MY, _MX, _MV, _BGR = 0x80, 0x40, 0x20, 0x08
RESET_WAIT_US = 5_000  # after reset: no command for 5 ms
SLEEP_OUT_WAIT_US = 120_000  # after reset: no SLPOUT for 120 ms; after SLPOUT: no SLPIN
SLPOUT_CMD_WAIT_US = 5_000  # after SLPOUT: no command for 5 ms
RESET_MIN_US = 10  # RST low at least this long resets
RESET_REJECT_US = 5  # shorter than this is rejected as a spike


class DCSModel:
    CHIP = "DCS"
    COLS = 240
    ROWS = 320
    MAX_HZ = 62_500_000
    MODES = (0, 3)  # SPI modes it reads correctly: data sampled on the rising edge
    PARAMS = _PARAMS
    draw = True  # False: pixel data is counted, not put in RAM (long runs that look at none)

    def __init__(self, glass, seed=0):
        self.glass = glass
        noise = random.Random(seed).randbytes(self.COLS * self.ROWS * 3)
        self.ram = bytearray(noise.translate(bytes(v & 63 for v in range(256))))
        self.errors = []
        self.notes = []  # what the chip does silently that a reader may want to know
        self.commands = []  # (time_us, command, parameters), every command executed
        self.bytes_in = 0  # bytes received while selected
        self.pixel_bytes = 0  # of them, pixel data after RAMWR/RAMWRC
        self.pixels = 0
        self.wraps = 0  # times the write pointer came back to the window's start
        self.resets = 0
        self._rst = None
        self._in_reset = False
        self._low_at = 0
        self._bad_buses = set()
        self._defaults()
        self._reset_at = SIM.now_us  # power-on reset

    # Wiring.
    def attach(self, sck, mosi, cs=None, dc=None, rst=None):
        SIM.attach_spi(self, sck, mosi, cs, dc)
        if rst is not None:
            self._rst = rst
            SIM.watch(rst, self._rst_changed)
        return self

    def _error(self, text):
        self.errors.append("%s at %.3f ms: %s" % (self.CHIP, SIM.now_us / 1000, text))

    # Reset.
    def _defaults(self):
        self.sleeping = True
        self.display_on = False
        self.inverted = False
        self.idle = False
        self.partial = False
        self.madctl = 0
        self.colmod = 0x66
        self.sc, self.ec = 0, self.COLS - 1
        self.sp, self.ep = 0, self.ROWS - 1
        self._x = self._y = 0
        self._cmd = None
        self._params = bytearray()
        self._pending = b""
        self._full = False
        self._slpout_at = None
        self.vendor = {}

    def _hard_reset(self):
        self._defaults()
        self._reset_at = SIM.now_us
        self.resets += 1

    def _rst_changed(self, level):
        now = SIM.now_us
        if level == 0:
            if not self._in_reset:
                self._in_reset = True
                self._low_at = now
            return
        if not self._in_reset:
            return
        self._in_reset = False
        pulse = now - self._low_at
        if pulse < RESET_REJECT_US:
            self.notes.append("RST low for %d us: rejected as a spike, no reset" % pulse)
            return
        if pulse < RESET_MIN_US:
            self._error("RST low for %d us: a reset needs at least %d us" % (pulse, RESET_MIN_US))
        self._hard_reset()

    # The bus.
    def spi_write(self, data, dc, bus):
        self.bytes_in += len(data)
        if self._in_reset:
            self._error("%d bytes while RST is low: lost" % len(data))
            return
        if bus.mode not in self.MODES:
            self._error("SPI mode %d: the %s reads data on the rising clock edge (modes 0, 3)"
                        % (bus.mode, self.CHIP))
            return
        if bus.baudrate > self.MAX_HZ and id(bus) not in self._bad_buses:
            self._bad_buses.add(id(bus))
            self._error("SPI clock %d Hz: above the %d Hz the %s takes" % (bus.baudrate,
                                                                         self.MAX_HZ, self.CHIP))
        if dc:
            self._data(data)
        else:
            for c in data:
                self._command(c)

    def _command(self, c):
        self._finish()
        now = SIM.now_us
        since = now - self._reset_at
        if since < RESET_WAIT_US:
            self._error("command 0x%02X %d us after reset (needs 5 ms): ignored" % (c, since))
            self._cmd = -1  # its parameters are lost too
            return
        if self._slpout_at is not None and now - self._slpout_at < SLPOUT_CMD_WAIT_US:
            self._error("command 0x%02X %d us after SLPOUT (needs 5 ms)"
                        % (c, now - self._slpout_at))
        self._cmd = c
        self._params = bytearray()
        if c in _NO_PARAMS:
            self._execute(c, b"")
            if c not in (RAMWR, RAMWRC):
                self._cmd = None
        elif c in self.PARAMS or c in _READS or c >= 0xB0:
            pass  # parameters follow (vendor commands: until the next command)
        else:
            self._error("unknown command 0x%02X" % c)
            self._cmd = -1

    def _data(self, data):
        c = self._cmd
        if c == -1:
            return
        if c is None:
            self._error("%d data bytes with no command taking them" % len(data))
            return
        if c in (RAMWR, RAMWRC):
            self._pixels(data)
            return
        if c in _READS:
            self._error("data written after read command 0x%02X" % c)
            return
        self._params += data
        need = self.PARAMS.get(c)
        if need is not None and len(self._params) >= need:
            if len(self._params) > need:
                self._error("command 0x%02X takes %d parameters, got %d"
                            % (c, need, len(self._params)))
            self._execute(c, bytes(self._params[:need]))
            self._cmd = -1  # anything more is lost

    def _finish(self):
        """The command in progress ends (a new command came)."""
        c = self._cmd
        if c in (RAMWR, RAMWRC) and self._pending:
            self._error("RAMWR ended %d bytes into a pixel" % len(self._pending))
        elif c is not None and c != -1 and c not in _READS:
            need = self.PARAMS.get(c)
            if need is not None:
                self._error("command 0x%02X got %d of its %d parameters"
                            % (c, len(self._params), need))
            elif c >= 0xB0:
                self._execute(c, bytes(self._params))
        self._pending = b""
        self._cmd = None

    def _execute(self, c, p):
        now = SIM.now_us
        self.commands.append((now, c, p))
        if c == SWRESET:
            self._hard_reset()
        elif c == SLPOUT:
            if now - self._reset_at < SLEEP_OUT_WAIT_US:
                self._error("SLPOUT %.1f ms after reset (needs 120 ms)"
                            % ((now - self._reset_at) / 1000))
            self.sleeping = False
            self._slpout_at = now
        elif c == SLPIN:
            if self._slpout_at is not None and now - self._slpout_at < SLEEP_OUT_WAIT_US:
                self._error("SLPIN %.1f ms after SLPOUT (needs 120 ms)"
                            % ((now - self._slpout_at) / 1000))
            self.sleeping = True
        elif c in (NORON, PTLON):
            self.partial = c == PTLON
            if self.partial:
                self.notes.append("partial mode: not modelled (the whole RAM is shown)")
        elif c in (INVON, INVOFF):
            self.inverted = c == INVON
        elif c in (DISPON, DISPOFF):
            self.display_on = c == DISPON
        elif c in (IDMON, IDMOFF):
            self.idle = c == IDMON
        elif c in (CASET, RASET):
            s, e = p[0] << 8 | p[1], p[2] << 8 | p[3]
            if s > e:
                self._error("%s start %d after end %d: ignored"
                            % ("CASET" if c == CASET else "RASET", s, e))
            elif c == CASET:
                self.sc, self.ec = s, e
            else:
                self.sp, self.ep = s, e
        elif c == RAMWR:
            self._x, self._y = self.sc, self.sp
            self._pending = b""
            self._full = False
        elif c == MADCTL:
            self.madctl = p[0]
        elif c == COLMOD:
            self.colmod = p[0]
            if p[0] & 7 not in (5, 6):
                self._error("COLMOD 0x%02X: only 16 and 18 bits a pixel are modelled" % p[0])
        elif c >= 0xB0:
            self.vendor[c] = p

    # Pixels.
    def _pixels(self, data):
        if not self.draw:
            self.pixel_bytes += len(data)
            return
        fmt = self.colmod & 7
        bpp = 3 if fmt == 6 else 2
        buf = self._pending + bytes(data)
        n = len(buf) // bpp
        self.pixel_bytes += len(data)
        self.pixels += n
        ram = self.ram
        cols, rows = self.COLS, self.ROWS
        m = self.madctl
        mv, mx, my = m & _MV, m & _MX, m & _MY
        x, y = self._x, self._y
        sc, ec, sp, ep = self.sc, self.ec, self.sp, self.ep
        outside = 0
        for i in range(n):
            if self._full:
                break
            if bpp == 2:
                v = buf[2 * i] << 8 | buf[2 * i + 1]
                r5, g, b5 = v >> 11, v >> 5 & 63, v & 31
                r, b = r5 << 1 | r5 >> 4, b5 << 1 | b5 >> 4
            else:
                r, g, b = buf[3 * i] >> 2, buf[3 * i + 1] >> 2, buf[3 * i + 2] >> 2
            if mv:
                col, row = y, x
            else:
                col, row = x, y
            if mx:
                col = cols - 1 - col
            if my:
                row = rows - 1 - row
            if 0 <= col < cols and 0 <= row < rows:
                k = (row * cols + col) * 3
                ram[k] = r
                ram[k + 1] = g
                ram[k + 2] = b
            else:
                outside += 1
            x += 1
            if x > ec:
                x = sc
                y += 1
                if y > ep:
                    y = sp
                    self.wraps += 1
                    if not self._wraps_on_overflow():
                        self._full = True
        if outside:
            self._error("%d pixels addressed outside the %dx%d RAM: lost" % (outside, cols, rows))
        self._x, self._y = x, y
        self._pending = buf[n * bpp:]

    def _wraps_on_overflow(self):
        return True

    # What the glass shows.
    def _scan(self, col, row):
        """The RAM cell the glass shows at (col, row) of the scan (no scan remap here)."""
        return col, row

    def visible(self):
        """The picture as held: RGB888 bytes, row by row (glass.size)."""
        g = self.glass
        w, h = g.size
        if self._in_reset or self.sleeping or not self.display_on:
            return bytes(g.off) * (w * h)
        swap = bool(self.madctl & _BGR) != g.bgr
        invert = 63 if self.inverted != g.needs_invon else 0
        idle = self.idle
        ram, cols = self.ram, self.COLS
        out = bytearray(w * h * 3)
        o = 0
        for y in range(h):
            for x in range(w):
                col, row = self._scan(*g.to_ram(x, y))
                k = (row * cols + col) * 3
                r, gr, b = ram[k] ^ invert, ram[k + 1] ^ invert, ram[k + 2] ^ invert
                if swap:
                    r, b = b, r
                if idle:
                    r, gr, b = (r >> 5) * 63, (gr >> 5) * 63, (b >> 5) * 63
                out[o] = _SIX_TO_8[r]
                out[o + 1] = _SIX_TO_8[gr]
                out[o + 2] = _SIX_TO_8[b]
                o += 3
        return bytes(out)

    def image(self, scale=1):
        from PIL import Image

        pic = Image.frombytes("RGB", self.glass.size, self.visible())
        if scale > 1:
            pic = pic.resize((pic.width * scale, pic.height * scale), Image.NEAREST)
        return pic


class ST7789Model(DCSModel):
    CHIP = "ST7789"


class ILI9342CModel(DCSModel):
    """ILI9342C: 320 columns by 240 rows. The datasheet's serial write clock is 15 MHz;
    M5Stack's own library drives it at 40 MHz, which is taken here as the limit."""

    CHIP = "ILI9342C"
    COLS = 320
    ROWS = 240
    MAX_HZ = 40_000_000
    PARAMS = {**_PARAMS, 0xC8: 3, 0xB6: 4, 0xF6: 3}  # SETEXTC, display function, interface

    def _defaults(self):
        DCSModel._defaults(self)
        self.extc = False
        self.ss = self.gs = False
        self.wemode = True

    def _execute(self, c, p):
        if c == 0xC8:
            self.commands.append((SIM.now_us, c, p))
            self.extc = p == b"\xff\x93\x42"
            return
        if c >= 0xB0 and c not in _READS and not self.extc:
            self.commands.append((SIM.now_us, c, p))
            self.notes.append("0x%02X before SETEXTC: ignored" % c)
            return
        DCSModel._execute(self, c, p)
        if c == 0xB6:
            self.ss, self.gs = bool(p[1] & 0x20), bool(p[1] & 0x40)
        elif c == 0xF6:
            self.wemode = bool(p[0] & 1)

    def _wraps_on_overflow(self):
        return self.wemode

    def _scan(self, col, row):
        if self.ss:
            col = self.COLS - 1 - col
        if self.gs:
            row = self.ROWS - 1 - row
        return col, row


# ---- SSD1306 ------------------------------------------------------------------------------

_SSD_PARAMS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1,
               0x8D: 1, 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD6: 1, 0xD8: 1, 0xD9: 1,
               0xDA: 1, 0xDB: 1}
_SSD_SINGLE = set(range(0x20)) | set(range(0x40, 0x80)) | set(range(0xB0, 0xB8)) | {
    0x2E, 0x2F, 0xA0, 0xA1, 0xA4, 0xA5, 0xA6, 0xA7, 0xAE, 0xAF, 0xC0, 0xC8, 0xE3}


class OledGlass:
    """A 128x64 module's glass: seg/COM lines to picture pixels. On the usual module
    (pins at the top) SEG0 is at the right and COM0 at the bottom, so segment remap
    (A1) and a reversed COM scan (C8) draw upright; its rows are wired for the
    alternative COM pin configuration (DA 12). external_vcc: no charge pump needed."""

    def __init__(self, name="SSD1306 0.96in 128x64", size=(128, 64), alternative=True,
                 external_vcc=False, on=(120, 200, 255)):
        self.name = name
        self.size = size
        self.alternative = alternative
        self.external_vcc = external_vcc
        self.on = on


class SSD1306Model:
    CHIP = "SSD1306"
    MAX_HZ = 400_000  # fast-mode I2C (clock cycle >= 2.5 us)

    def __init__(self, glass=None, seed=0):
        self.glass = glass or OledGlass()
        self.ram = bytearray(random.Random(seed).randbytes(128 * 8))
        self.errors = []
        self.notes = []
        self.commands = []
        self.bytes_in = 0
        self.data_bytes = 0
        self.transactions = 0
        self._cmd = []
        self._defaults()
        self._bad_buses = set()

    def attach(self, scl, sda, addr=0x3C):
        SIM.attach_i2c(self, scl, sda, addr)
        return self

    def _error(self, text):
        self.errors.append("%s at %.3f ms: %s" % (self.CHIP, SIM.now_us / 1000, text))

    def _defaults(self):
        self.display_on = False
        self.charge_pump = False
        self.mode = 2  # page addressing
        self.col_start, self.col_end = 0, 127
        self.page_start, self.page_end = 0, 7
        self.col = 0
        self.page = 0
        self.start_line = 0
        self.offset = 0
        self.seg_remap = False
        self.com_remap = False
        self.mux = 64
        self.com_pins = 0x12
        self.contrast = 0x7F
        self.inverse = False
        self.entire_on = False
        self.scrolling = False

    def i2c_read(self, n, bus):
        return bytes(n)  # status reads are not modelled

    def i2c_write(self, data, bus):
        self.bytes_in += len(data)
        self.transactions += 1
        if bus.freq > self.MAX_HZ and id(bus) not in self._bad_buses:
            self._bad_buses.add(id(bus))
            self._error("I2C at %d Hz: above the SSD1306's %d Hz" % (bus.freq, self.MAX_HZ))
        i = 0
        while i < len(data):
            ctrl = data[i]
            i += 1
            if ctrl & 0x3F:
                self._error("control byte 0x%02X: only Co and D/C# may be set" % ctrl)
                return
            is_data = ctrl & 0x40
            if ctrl & 0x80:  # Co=1: one byte, then another control byte
                if i >= len(data):
                    return
                chunk = data[i:i + 1]
                i += 1
            else:
                chunk = data[i:]
                i = len(data)
            if is_data:
                self._ram(chunk)
            else:
                for b in chunk:
                    self._command_byte(b)

    def _command_byte(self, b):
        cmd = self._cmd
        cmd.append(b)
        need = _SSD_PARAMS.get(cmd[0])
        if need is None:
            if cmd[0] not in _SSD_SINGLE:
                self._error("unknown command 0x%02X" % cmd[0])
                del cmd[:]
                return
            need = 0
        if len(cmd) < 1 + need:
            return
        c, p = cmd[0], bytes(cmd[1:])
        del cmd[:]
        self.commands.append((SIM.now_us, c, p))
        self._execute(c, p)

    def _execute(self, c, p):
        if c == 0xAE or c == 0xAF:
            self.display_on = c == 0xAF
        elif c == 0x8D:
            self.charge_pump = bool(p[0] & 0x04)
            if p[0] & ~0x04 != 0x10:
                self._error("charge pump setting 0x%02X: must be 0x10 or 0x14" % p[0])
        elif c == 0x20:
            if p[0] & 3 == 3:
                self._error("addressing mode 3 is invalid")
            else:
                self.mode = p[0] & 3
        elif c == 0x21:
            s, e = p[0] & 127, p[1] & 127
            self.col_start, self.col_end, self.col = s, e, s
        elif c == 0x22:
            s, e = p[0] & 7, p[1] & 7
            self.page_start, self.page_end, self.page = s, e, s
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
            self._page_mode_only(c)
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | (c & 0x0F) << 4
            self._page_mode_only(c)
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
            self._page_mode_only(c)
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 63
        elif c == 0x81:
            self.contrast = p[0]
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xC0, 0xC8):
            self.com_remap = c == 0xC8
        elif c == 0xA8:
            if p[0] & 63 < 15:
                self._error("multiplex ratio %d: must be 16..64" % ((p[0] & 63) + 1))
            else:
                self.mux = (p[0] & 63) + 1
        elif c == 0xD3:
            self.offset = p[0] & 63
        elif c == 0xDA:
            self.com_pins = p[0]
        elif c in (0xA4, 0xA5):
            self.entire_on = c == 0xA5
        elif c in (0xA6, 0xA7):
            self.inverse = c == 0xA7
        elif c == 0x2F:
            self.scrolling = True
            self.notes.append("scrolling: not modelled")
        elif c == 0x2E:
            self.scrolling = False

    def _page_mode_only(self, c):
        if self.mode != 2:
            self.notes.append("0x%02X is for page addressing; the mode is %d" % (c, self.mode))

    def _ram(self, chunk):
        self.data_bytes += len(chunk)
        ram = self.ram
        for b in chunk:
            ram[self.page * 128 + self.col] = b
            if self.mode == 0:  # horizontal
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
                    self.page += 1
                    if self.page > self.page_end:
                        self.page = self.page_start
            elif self.mode == 1:  # vertical
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
                    self.col += 1
                    if self.col > self.col_end:
                        self.col = self.col_start
            else:  # page
                self.col = (self.col + 1) & 127

    def _chip_com(self, c):
        """Which of the chip's COM outputs drives glass row line c (0 = bottom)."""
        cfg = self.com_pins
        alternative = bool(cfg & 0x10)
        if alternative == self.glass.alternative:
            k = c
        elif self.glass.alternative:  # sequential outputs on a glass wired alternately
            k = c // 2 if c % 2 == 0 else 32 + c // 2
        else:
            k = 2 * c if c < 32 else 2 * (c - 32) + 1
        if cfg & 0x20:  # left/right remap
            k = k ^ 1 if alternative else (k + 32) % 64
        return k

    def lit(self):
        """Sim: whether the glass is lit at all (display on, with a supply)."""
        return self.display_on and (self.charge_pump or self.glass.external_vcc)

    def visible(self):
        """The picture as held: one byte a pixel, 1 lit, 0 dark, row by row."""
        w, h = self.glass.size
        out = bytearray(w * h)
        if not self.lit():
            return bytes(out)
        if self.entire_on:
            return bytes([1]) * (w * h)
        inv = 1 if self.inverse else 0
        ram = self.ram
        mux = self.mux
        for y in range(h):
            k = self._chip_com(63 - y)  # the glass's COM0 line is at the bottom
            line = (mux - 1 - k) if self.com_remap else k
            line = (line - self.offset) % 64
            if not 0 <= k < mux or line >= mux:
                continue  # an undriven row stays dark (inverse or not)
            ram_row = (line + self.start_line) % 64
            base = (ram_row >> 3) * 128
            bit = ram_row & 7
            for x in range(w):
                seg = 127 - x  # SEG0 is at the right
                col = 127 - seg if self.seg_remap else seg
                out[y * w + x] = (ram[base + col] >> bit & 1) ^ inv
        return bytes(out)

    def image(self, scale=1):
        from PIL import Image

        w, h = self.glass.size
        on = bytes(self.glass.on)
        dark = bytes(3)
        pic = Image.frombytes("RGB", (w, h), b"".join(on if v else dark for v in self.visible()))
        if scale > 1:
            pic = pic.resize((w * scale, h * scale), Image.NEAREST)
        return pic


__all__ = ["Glass", "OledGlass", "ST7789Model", "ILI9342CModel", "SSD1306Model",
           "expected_rgb", "machine"]
