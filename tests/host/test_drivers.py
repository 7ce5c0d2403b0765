"""The display drivers on every board, built through the board files on the simulated
board (sim/stand_ins/machine.py), against the controller models (sim/controllers.py):
what the glass shows must be the canvas, pixel for pixel; partial updates must send only
the changed bands; a driver with a broken init sequence, orientation, offset or window
must fail the same comparison (or break a rule of the chip that the model reports)."""
import importlib

import pytest

import sim  # noqa: F401  (the firmware and the stand-ins on sys.path)
import machine
from machine import SIM, Pin, SPI, I2C
from sim import boards, controllers as C
from ui.canvas import Canvas, PALETTE
from app.app import App
from ui import events as E
from hw.dcs import MX, MV, MY, BGR
from hw.st7789 import ST7789
from hw.ssd1306 import SSD1306
from play import play
from tools import scenes

BOARDS = boards.NAMES
_RGB = [bytes(C.expected_rgb(c)) for c in PALETTE]


@pytest.fixture(autouse=True)
def fresh_board():
    SIM.reset()
    yield


def build(name, **variant):
    model = boards.wire(name, **variant)
    board = importlib.import_module("boards." + name)
    driver = board.make_display()
    return board, model, driver, Canvas(board.WIDTH, board.HEIGHT, board.MONO)


def expected(board, canvas, model):
    """What the glass should show: the canvas through the palette, placed as the board
    places it, the rest of the glass in the background colour."""
    pw, ph = model.glass.size
    w, h = canvas.width, canvas.height
    buf = canvas.buffer
    if canvas.mono:
        return bytes(buf[(y >> 3) * w + x] >> (y & 7) & 1 for y in range(h) for x in range(w))
    left, top = getattr(board, "LEFT", 0), getattr(board, "TOP", 0)
    bg = _RGB[0]
    stride = (w + 1) // 2
    rows = []
    for py in range(ph):
        y = py - top
        if not 0 <= y < h:
            rows.append(bg * pw)
            continue
        line = buf[y * stride:(y + 1) * stride]
        px = b"".join(_RGB[b >> 4] + _RGB[b & 15] for b in line)[:w * 3]
        rows.append(bg * left + px + bg * (pw - left - w))
    return b"".join(rows)


def mismatches(board, canvas, model):
    """How many glass pixels differ from the canvas, and where the first one is."""
    want, got = expected(board, canvas, model), model.visible()
    n = 1 if canvas.mono else 3
    w = model.glass.size[0]
    bad = [i for i in range(0, len(want), n) if want[i:i + n] != got[i:i + n]]
    first = divmod(bad[0] // n, w)[::-1] if bad else None
    return len(bad), first


def assert_shows(board, canvas, model, what=""):
    bad, first = mismatches(board, canvas, model)
    assert bad == 0, "%s: %d pixels differ, first at (x, y) = %s" % (what, bad, first)
    assert model.errors == [], model.errors


# ---- every board, every screen -------------------------------------------------------------

@pytest.mark.parametrize("name", BOARDS)
def test_every_app_screen_shows_on_the_glass(name):
    board, model, driver, canvas = build(name)
    assert_shows(board, canvas, model, "cleared at start")  # background everywhere
    for screen, _ in scenes.SCENES:
        app = scenes.build(canvas, screen, "ca")  # rendered without a display...
        app.display = driver
        canvas.forget()  # ...so everything is sent now
        app.render()
        assert_shows(board, canvas, model, screen)


@pytest.mark.parametrize("name", BOARDS)
def test_key_presses_update_only_what_changed(name):
    board, model, driver, canvas = build(name)
    app = App(canvas, display=driver, match=play("variant valencia"), keys=board.KEYS)
    app.render()
    assert_shows(board, canvas, model, "first frame")
    full = canvas.width * (canvas.height // 8 if canvas.mono else canvas.height * 2)
    partial = 0
    for e in (E.NEXT, E.PREV, E.SELECT, E.NEXT, E.NEXT, E.BACK, E.PREV2, E.NEXT, E.BACK,
              E.BACK):
        before = model.data_bytes if canvas.mono else model.pixel_bytes
        app.event(e)
        sent = app.render()
        got = (model.data_bytes if canvas.mono else model.pixel_bytes) - before
        assert got == sent, "the panel got %d pixel bytes, the app sent %d" % (got, sent)
        partial += 0 < sent < full
        assert_shows(board, canvas, model, "after %s" % E.NAMES[e])
    assert partial >= 3  # some presses changed part of the screen only
    before = model.bytes_in
    assert app.render() == 0 and model.bytes_in == before  # nothing changed: nothing sent


def test_a_partial_update_costs_its_bands_plus_one_window():
    board, model, driver, canvas = build("tdisplay")
    app = App(canvas, display=driver, match=play("variant valencia"))
    app.render()
    canvas.fill(0)  # the screen's frame again, as App.render draws it, and a bar over it:
    canvas.keep()  # two 4-row bands change
    app.top().draw(app, canvas)
    canvas.fill_rect(0, 40, 240, 8, 3)
    assert canvas.stop() == 1
    n = canvas.changes()
    assert list(canvas.spans[:n]) == [40, 48]
    before_bus, before_px = model.bytes_in, model.pixel_bytes
    driver.show(canvas, 0, 40, 240, 8)
    assert model.pixel_bytes - before_px == 240 * 8 * 2
    # CASET + 4, RASET + 4, RAMWR: 11 command and parameter bytes per region
    assert model.bytes_in - before_bus == 240 * 8 * 2 + 11
    assert_shows(board, canvas, model, "band")


def test_an_oled_partial_update_is_whole_pages():
    board, model, driver, canvas = build("devkit_oled")
    canvas.fill(0)
    driver.show(canvas, 0, 0, 128, 64)
    canvas.fill_rect(10, 20, 30, 5, 1)  # rows 20..24: pages 2 and 3
    before, t0 = model.data_bytes, model.transactions
    driver.show(canvas, 10, 20, 30, 5)
    assert model.data_bytes - before == 30 * 2
    assert model.transactions - t0 == 1 + 2  # the window, then one write a page
    assert_shows(board, canvas, model, "pages")


# ---- board files ---------------------------------------------------------------------------

@pytest.mark.parametrize("name", BOARDS)
def test_board_file_names_its_pins(name):
    board = importlib.import_module("boards." + name)
    assert board.NAME == name
    assert len(board.BUTTONS) == len(board.BUTTON_PULL_UP) == board.KEYS
    for pin, pull_up in zip(board.BUTTONS, board.BUTTON_PULL_UP):
        Pin(pin, Pin.IN, Pin.PULL_UP if pull_up else None)  # a real ESP32 GPIO
        assert not (pull_up and pin >= 34), "GPIO%d has no internal pull-up" % pin
    boards.wire(name)
    for pin in board.BUTTONS:  # idle buttons read high with the board's resistors
        p = Pin(pin, Pin.IN, Pin.PULL_UP if pin < 34 else None)
        assert p.value() == 1 and board.BUTTON_ACTIVE_LOW
        SIM.drive(pin, 0)
        assert p.value() == 0
    if board.BACKLIGHT is not None:
        board.make_display()
        assert SIM.level(board.BACKLIGHT) == 1


def test_t_display_pins_are_lilygos():
    b = importlib.import_module("boards.tdisplay")
    pins = (b.LCD_MOSI, b.LCD_SCK, b.LCD_CS, b.LCD_DC, b.LCD_RST, b.BACKLIGHT)
    assert pins == (19, 18, 5, 16, 23, 4)
    assert set(b.BUTTONS) == {0, 35} and b.BATTERY_ADC == 34 and b.BATTERY_ADC_ENABLE == 14


@pytest.mark.parametrize("ips", [True, False])
def test_m5stack_tells_its_two_glasses_apart(ips):
    board, model, driver, canvas = build("m5stack_core", ips=ips)
    assert driver.invert is ips
    app = App(canvas, display=driver, match=play("variant mallorca"), keys=3)
    app.render()
    assert_shows(board, canvas, model, "ips" if ips else "tn")


def test_m5stack_with_the_wrong_inversion_shows_wrong_colours():
    board = importlib.import_module("boards.m5stack_core")
    model = boards.wire("m5stack_core", ips=True)
    board.panel_is_ips = lambda pin_class: False  # a board file that forgot the detection
    try:
        driver = board.make_display()
    finally:
        importlib.reload(board)
    canvas = Canvas(board.WIDTH, board.HEIGHT, board.MONO)
    App(canvas, display=driver, match=play("variant valencia")).render()
    assert mismatches(board, canvas, model)[0] > 10000


# ---- broken drivers must fail --------------------------------------------------------------

def tdisplay(cls=ST7789, sleep_ms=None, **kw):
    """The T-Display's ST7789 as the board file builds it, with some arguments changed."""
    b = importlib.import_module("boards.tdisplay")
    model = boards.wire("tdisplay")
    spi = SPI(1, baudrate=b.LCD_HZ, sck=Pin(b.LCD_SCK), mosi=Pin(b.LCD_MOSI), miso=None)
    args = dict(width=240, height=135, col0=40, row0=53, madctl=MX | MV | BGR, invert=True,
                palette=PALETTE, sleep_ms=sleep_ms)
    args.update(kw)
    driver = cls(spi, dc=Pin(b.LCD_DC, Pin.OUT, value=1), cs=Pin(b.LCD_CS, Pin.OUT, value=1),
                 rst=Pin(b.LCD_RST, Pin.OUT, value=1), **args)
    canvas = Canvas(240, 135)
    App(canvas, display=driver, match=play("variant valencia\nbaza A\ntruc B")).render()
    return b, model, canvas


class NoSleepOut(ST7789):
    def _setup(self):
        self._command1(0x3A, 0x55)
        self._command1(0x36, self.madctl)
        self._command(0x21)


class NoColmod(ST7789):
    def _setup(self):
        self._command(0x11)
        self._sleep_ms(120)
        self._command1(0x36, self.madctl)
        self._command(0x21)


class SetUpBeforeReset(ST7789):
    def init(self):
        self._command1(0x3A, 0x55)
        self._command1(0x36, self.madctl)
        self._command(0x21)
        self._reset()
        self._command(0x11)
        self._sleep_ms(120)
        self.clear(self.bg)
        self._command(0x29)
        self._started = True  # (the first show() would set it up again, right)


class WindowOneTooWide(ST7789):
    def _window(self, x, y, w, h):
        ST7789._window(self, x, y, w + 1, h)


class WindowOneLow(ST7789):
    def _window(self, x, y, w, h):
        ST7789._window(self, x, y + 1, w, h)


def test_the_t_display_driver_as_built_is_right():
    b, model, canvas = tdisplay()
    assert_shows(b, canvas, model, "as built")


@pytest.mark.parametrize("case", [
    "no SLPOUT", "no COLMOD", "set-up before reset", "MADCTL for rotation 3",
    "no MX", "RGB order", "no INVON", "row offset 52", "column offset 41",
    "window one too wide", "window one row low", "no wait after reset"])
def test_a_broken_driver_shows_wrong_pixels_or_breaks_a_rule(case):
    kw = {
        "no SLPOUT": dict(cls=NoSleepOut),
        "no COLMOD": dict(cls=NoColmod),
        "set-up before reset": dict(cls=SetUpBeforeReset),
        "MADCTL for rotation 3": dict(madctl=MY | MV | BGR),
        "no MX": dict(madctl=MV | BGR),
        "RGB order": dict(madctl=MX | MV),
        "no INVON": dict(invert=False),
        "row offset 52": dict(row0=52),
        "column offset 41": dict(col0=41),
        "window one too wide": dict(cls=WindowOneTooWide),
        "window one row low": dict(cls=WindowOneLow),
        "no wait after reset": dict(sleep_ms=lambda ms: SIM.sleep_ms(ms if ms != 120 else 0)),
    }[case]
    b, model, canvas = tdisplay(**kw)
    bad, _ = mismatches(b, canvas, model)
    assert bad > 0 or model.errors
    if case == "no wait after reset":
        assert any("after reset" in e for e in model.errors)


def test_the_model_holds_the_published_rotation_table():
    # TFT_eSPI's / russhughes' four rotations of the 135x240 glass: MADCTL and RAM offsets.
    # With the model's MADCTL, each must land the whole canvas on the glass, turned.
    turns = {}
    for rot, (madctl, w, h, col0, row0) in enumerate([(0x00, 135, 240, 52, 40),
                                                       (MX | MV, 240, 135, 40, 53),
                                                       (MX | MY, 135, 240, 53, 40),
                                                       (MY | MV, 240, 135, 40, 52)]):
        SIM.reset()
        model = boards.wire("tdisplay")
        b = importlib.import_module("boards.tdisplay")
        spi = SPI(1, baudrate=b.LCD_HZ, sck=Pin(18), mosi=Pin(19), miso=None)
        d = ST7789(spi, Pin(16, Pin.OUT), Pin(5, Pin.OUT), Pin(23, Pin.OUT), width=w,
                   height=h, col0=col0, row0=row0, madctl=madctl | BGR, palette=PALETTE)
        canvas = Canvas(w, h)
        for i in range(16):  # an asymmetric picture: no turn maps it onto another
            canvas.fill_rect(i * 7 % (w - 9), i * 13 % (h - 9), 9 + i, 5 + i // 2, i % 9)
        canvas.fill_rect(0, 0, 3, 3, 8)
        d.show(canvas, 0, 0, w, h)
        got = model.visible()
        pic = [[bytes(C.expected_rgb(PALETTE[canvas.fb.pixel(x, y)])) for x in range(w)]
               for y in range(h)]
        found = None
        for turn in range(4):
            if len(pic[0]) * 3 * len(pic) == len(got) and b"".join(b"".join(r) for r in pic) == got:
                found = turn
            pic = [list(r) for r in zip(*pic[::-1])]  # a quarter turn clockwise
        assert found is not None, "rotation %d does not land on the glass" % rot
        assert model.errors == []
        turns[rot] = found
    assert turns[1] == 0 and turns[3] == 2  # landscape upright, and upside down
    assert {turns[0], turns[2]} == {1, 3}  # the portraits, a quarter turn each way


# ---- the OLED ------------------------------------------------------------------------------

def oled(cls=SSD1306, **kw):
    b = importlib.import_module("boards.devkit_oled")
    model = boards.wire("devkit_oled")
    i2c = I2C(0, scl=Pin(b.I2C_SCL), sda=Pin(b.I2C_SDA), freq=b.I2C_HZ)
    driver = cls(i2c, **kw)
    canvas = Canvas(128, 64, mono=True)
    App(canvas, display=driver, match=play("variant valencia\nbaza A"), keys=3).render()
    return b, model, canvas


class NoChargePump(SSD1306):
    def init(self):
        SSD1306.init(self)
        self._commands(b"\x8d\x10")


class SequentialCom(SSD1306):
    def init(self):
        SSD1306.init(self)
        self._commands(b"\xda\x02")


class PageAddressing(SSD1306):
    def init(self):
        SSD1306.init(self)
        self._commands(b"\x20\x02")  # page mode, but show() still sets a horizontal window


class NoStartLine(SSD1306):
    def init(self):
        SSD1306.init(self)
        self._commands(b"\x48")  # start line 8


def test_the_oled_driver_as_built_is_right():
    b, model, canvas = oled()
    assert_shows(b, canvas, model, "as built")


@pytest.mark.parametrize("case", ["no charge pump", "flipped", "sequential COM pins",
                                  "page addressing", "start line 8", "I2C too fast"])
def test_a_broken_oled_driver_shows_wrong_pixels_or_breaks_a_rule(case):
    if case == "I2C too fast":
        model = boards.wire("devkit_oled")
        SSD1306(I2C(0, scl=Pin(22), sda=Pin(21), freq=1_000_000))
        assert any("above" in e for e in model.errors)
        return
    kw = {"no charge pump": dict(cls=NoChargePump), "flipped": dict(flip=True),
          "sequential COM pins": dict(cls=SequentialCom),
          "page addressing": dict(cls=PageAddressing), "start line 8": dict(cls=NoStartLine)}[case]
    b, model, canvas = oled(**kw)
    assert mismatches(b, canvas, model)[0] > 0


# ---- the models on their own ---------------------------------------------------------------

def _spi_model():
    model = C.ST7789Model(C.TDISPLAY_GLASS).attach(18, 19, 5, 16, 23)
    spi = SPI(1, baudrate=20_000_000, sck=Pin(18), mosi=Pin(19), miso=None)
    cs, dc, rst = Pin(5, Pin.OUT, value=1), Pin(16, Pin.OUT, value=1), Pin(23, Pin.OUT, value=1)

    def send(cmd, data=b""):
        cs(0)
        dc(0)
        spi.write(bytes([cmd]))
        dc(1)
        if data:
            spi.write(data)
        cs(1)
    return model, send, rst


def test_model_reset_pulse_rules():
    model, send, rst = _spi_model()
    SIM.advance_ms(200)
    rst(0)
    rst(1)  # 0 us: a spike, rejected
    assert model.resets == 0 and model.notes
    rst(0)
    SIM.sleep_us(7)
    rst(1)  # 7 us: resets, but out of spec
    assert model.resets == 1 and "at least 10 us" in model.errors[-1]
    send(0x11)  # SLPOUT at once: ignored, and too soon
    assert model.sleeping and "after reset" in model.errors[-1]


def test_model_counts_parameters_and_pixels():
    model, send, rst = _spi_model()
    SIM.advance_ms(200)
    send(0x2A, b"\x00\x00")  # CASET with 2 of 4 parameters
    send(0x00)
    assert "2 of its 4 parameters" in model.errors[-1]
    send(0x3A, b"\x55")
    send(0x2A, b"\x00\x00\x00\x01")
    send(0x2B, b"\x00\x00\x00\x00")
    send(0x2C, b"\x12\x34\x56")  # a pixel and a half
    send(0x00)
    assert "into a pixel" in model.errors[-1]
    assert model.pixels == 1
    send(0x2A, b"\x01\x40\x01\x40")  # column 320: outside the RAM with MV=0
    send(0x2C, b"\xff\xff")
    assert "outside" in model.errors[-1]
    send(0x77)
    assert "unknown command" in model.errors[-1]


def test_model_window_wraps_to_its_start():
    model, send, rst = _spi_model()
    SIM.advance_ms(200)
    send(0x3A, b"\x55")
    send(0x2A, b"\x00\x00\x00\x01")  # 2 x 1 window at (0, 0)
    send(0x2B, b"\x00\x00\x00\x00")
    send(0x2C, b"\xf8\x00" * 2 + b"\x00\x1f")  # 3 pixels: the third lands on the first
    assert model.wraps == 1
    assert tuple(model.ram[0:3]) == (0, 0, 63) and tuple(model.ram[3:6]) == (63, 0, 0)


def test_model_spi_mode_and_speed():
    model = C.ST7789Model(C.TDISPLAY_GLASS).attach(18, 19, 5, 16, 23)
    SIM.advance_ms(200)
    cs = Pin(5, Pin.OUT, value=0)
    Pin(16, Pin.OUT, value=0)
    SPI(1, baudrate=80_000_000, sck=Pin(18), mosi=Pin(19), miso=None).write(b"\x00")
    SPI(1, baudrate=1_000_000, polarity=1, phase=0, sck=Pin(18), mosi=Pin(19),
        miso=None).write(b"\x00")
    assert any("above" in e for e in model.errors) and any("mode 2" in e for e in model.errors)
    cs(1)


# ---- the machine stand-in ------------------------------------------------------------------

def test_machine_pins_behave_as_on_the_esp32():
    with pytest.raises(ValueError):
        Pin(35, Pin.OUT)  # input only
    with pytest.raises(ValueError):
        Pin(7)  # flash
    p = Pin(35, Pin.IN, Pin.PULL_UP)  # the pull is ignored: nothing holds it up
    assert SIM.ignored_pulls == [35] and p.value() == 0
    SIM.resistor(35, 1)
    assert p.value() == 1
    seen = []
    p.irq(lambda pin: seen.append(pin.value()), Pin.IRQ_FALLING)
    SIM.drive(35, 0)
    SIM.drive(35, None)
    assert seen == [0] and p.value() == 1
    q = Pin(32, Pin.IN, Pin.PULL_UP)
    assert q.value() == 1
    out = Pin(2, Pin.OUT, value=1)
    assert SIM.level(2) == 1
    out(0)
    assert SIM.level(2) == 0


def test_machine_buses_pwm_adc_timer_and_time():
    import time

    with pytest.raises(ValueError):
        SPI(0)
    with pytest.raises(ValueError):
        machine.SoftSPI(sck=Pin(18), mosi=Pin(19))
    spi = SPI(2)
    assert (spi.sck, spi.mosi, spi.miso) == (18, 23, 19)
    assert SPI(1, baudrate=30_000_000, miso=None).baudrate == 26_666_666
    with pytest.raises(ValueError):
        spi.write(b"")
    with pytest.raises(OSError):
        I2C(0, scl=Pin(22), sda=Pin(21)).writeto(0x3C, b"\x00")
    pwm = machine.PWM(Pin(4), freq=1000, duty_u16=16384)
    assert SIM.pwm(4) is pwm and abs(pwm.brightness - 0.25) < 0.01
    adc = machine.ADC(Pin(34), atten=machine.ADC.ATTN_11DB)
    SIM.set_adc(34, 1_550_000)
    assert adc.read_uv() == 1_550_000 and 32000 < adc.read_u16() < 33500
    fired = []
    t = machine.Timer(0, mode=machine.Timer.PERIODIC, period=10, callback=fired.append)
    start = time.ticks_ms()
    time.sleep_ms(35)
    assert len(fired) == 3 and time.ticks_diff(time.ticks_ms(), start) == 35
    t.deinit()


# ---- the bytes on the bus ------------------------------------------------------------------

class Recorder:
    """SPI, D/C, CS, RST and sleep_ms in one log: ("c", command bytes), ("d", parameter or
    pixel bytes), ("rst", level), ("ms", sleep)."""

    def __init__(self):
        self.log = []
        self.dc = 1

    def write(self, buf):
        self.log.append(("d" if self.dc else "c", bytes(buf)))

    def set_dc(self, v):
        self.dc = v

    def pin(self, name):
        return lambda v: self.log.append((name, v)) if name == "rst" else None

    def sleep_ms(self, ms):
        self.log.append(("ms", ms))


def _cmd(c, params=b""):
    return [("c", bytes([c]))] + ([("d", params)] if params else [])


def _window(x0, y0, x1, y1):
    return (_cmd(0x2A, bytes([x0 >> 8, x0 & 255, x1 >> 8, x1 & 255]))
            + _cmd(0x2B, bytes([y0 >> 8, y0 & 255, y1 >> 8, y1 & 255])) + _cmd(0x2C))


def _rgb565_row(canvas, x, y, w):
    return b"".join(PALETTE[canvas.fb.pixel(x + i, y)].to_bytes(2, "big") for i in range(w))


# M5GFX's Panel_ILI9342 set-up, as the M5Stack Core wants it, then the DCS part.
ILI9342C_VENDOR = [
    (0xC8, "ff9342"), (0xC0, "1212"), (0xC1, "03"), (0xC5, "f2"), (0xB0, "e0"),
    (0xF6, "010000"), (0xE0, "000c110411083789" "4c060c0a2e340f"),
    (0xE1, "000b110513093367" "48070e0b2e330f"), (0xB6, "08821d04")]


@pytest.mark.parametrize("ips", [True, False])
def test_ili9342c_init_and_band_writes_byte_for_byte(ips):
    from hw.ili9342c import ILI9342C

    bus = Recorder()
    dc = bus.set_dc
    d = ILI9342C(bus, dc=dc, cs=bus.pin("cs"), rst=bus.pin("rst"), width=320, height=240,
                 madctl=BGR, invert=ips, palette=PALETTE, left=40, top=52,
                 sleep_ms=bus.sleep_ms)
    # The reset only: the set-up waits for the first frame (the boot goes on meanwhile)
    assert bus.log == [("rst", 1), ("ms", 1), ("rst", 0), ("ms", 1), ("rst", 1)]
    bus.log.clear()
    canvas = Canvas(240, 135)
    App(canvas, match=play("variant valencia\nbaza A")).render()
    d.sleep(True)  # asleep since its reset: nothing to send
    d.sleep(False)  # woken by its first frame
    assert bus.log == []
    d.show(canvas, 0, 40, 240, 8)  # a band 8 rows high, placed at (40, 52) on the glass
    want = [("ms", 120)]  # what is left of the reset's 120 ms: all of it (no time passed)
    for c, p in ILI9342C_VENDOR:
        want += _cmd(c, bytes.fromhex(p))
    want += _cmd(0x11) + [("ms", 5)] + _cmd(0x3A, b"\x55") + _cmd(0x36, b"\x08")
    want += _cmd(0x21 if ips else 0x20) + _cmd(0x13)
    want += _window(0, 0, 319, 239) + [("d", PALETTE[0].to_bytes(2, "big") * 320)] * 240
    want += _cmd(0x29)
    want += _window(40, 92, 279, 99) + [("d", _rgb565_row(canvas, 0, y, 240))
                                        for y in range(40, 48)]
    assert bus.log == want
    bus.log.clear()
    d.sleep(True)
    d.sleep(False)
    # SLPIN 120 ms after SLPOUT at the soonest, SLPOUT 120 ms after SLPIN (no time passed)
    assert bus.log == _cmd(0x28) + [("ms", 120)] + _cmd(0x10) + [("ms", 5), ("ms", 120)] + \
        _cmd(0x11) + [("ms", 5)] + _cmd(0x29)


def test_st7789_init_and_band_writes_byte_for_byte():
    bus = Recorder()
    d = ST7789(bus, dc=bus.set_dc, cs=bus.pin("cs"), rst=None, palette=PALETTE,
               sleep_ms=bus.sleep_ms)
    assert bus.log == _cmd(0x01)  # no RST line: a software reset; the rest waits
    canvas = Canvas(240, 135)
    App(canvas, match=play("variant valencia\nbaza A")).render()
    bus.log.clear()
    d.show(canvas, 0, 120, 240, 15)
    want = [("ms", 120)] + _cmd(0x11) + [("ms", 5)] + _cmd(0x3A, b"\x55")
    want += _cmd(0x36, b"\x68") + _cmd(0x21) + _cmd(0x13)
    want += _window(40, 53, 279, 187) + [("d", PALETTE[0].to_bytes(2, "big") * 240)] * 135
    want += _cmd(0x29)
    assert bus.log == want + _window(40, 173, 279, 187) + [
        ("d", _rgb565_row(canvas, 0, y, 240)) for y in range(120, 135)]
    bus.log.clear()
    d.show(canvas, 0, 120, 240, 15)  # set up once
    assert bus.log == _window(40, 173, 279, 187) + [("d", _rgb565_row(canvas, 0, y, 240))
                                                    for y in range(120, 135)]


# ---- the boot's waits -----------------------------------------------------------------------

def _boot(name, monkeypatch, flash_ms=0):
    """Boots the board on the simulator; returns the ms the boot slept and its panel model.
    flash_ms: the time the boot's reading of the language files takes (0 on the simulator,
    whose flash answers at once; tens of ms on a board)."""
    import time

    import app.i18n
    from sim.device import Device

    slept = []
    sleep = time.sleep_ms

    def sleep_ms(ms):
        slept.append(ms)
        sleep(ms)

    monkeypatch.setattr(time, "sleep_ms", sleep_ms)
    if flash_ms:
        check = app.i18n.check

        def slow_check():
            SIM.advance_ms(flash_ms)
            check()

        monkeypatch.setattr(app.i18n, "check", slow_check)
    device = Device(name, language="en")
    return sum(slept), device.model


@pytest.mark.parametrize("name", ["tdisplay", "m5stack_core"])
def test_the_boot_waits_less_for_its_panel_and_keeps_the_datasheet_waits(name, monkeypatch):
    # Before: 262 ms of fixed waits (the reset pulse 2, the reset's 120, SLPOUT's 120,
    # DISPON's 20), one after the other. Now the reset's 120 ms run while the boot goes on
    # and SLPOUT is followed by the 5 ms the datasheet asks; the model of the controller
    # lists any command sooner than its datasheet allows (errors).
    slept, model = _boot(name, monkeypatch)
    assert slept <= 2 + 120 + 5 < 262
    assert model.errors == [] and model.display_on and not model.sleeping
    at = {c: t for t, c, _ in reversed(model.commands)}  # each command's first time
    assert at[0x11] - model._reset_at >= 120_000  # SLPOUT: 120 ms after the reset
    after = [t for t, c, _ in model.commands if t > at[0x11]]
    assert after and after[0] - at[0x11] >= 5_000  # then 5 ms before the next command


def test_the_reset_wait_overlaps_the_rest_of_the_boot(monkeypatch):
    # On a board reading the language files takes time: the panel's reset runs meanwhile,
    # and only what is left of its 120 ms is waited.
    slept, model = _boot("tdisplay", monkeypatch, flash_ms=80)
    assert slept <= 2 + (120 - 80) + 5
    assert model.errors == []
    at = {c: t for t, c, _ in reversed(model.commands)}
    assert at[0x11] - model._reset_at >= 120_000


@pytest.mark.parametrize("name", ["tdisplay", "m5stack_core"])
def test_the_backlight_comes_on_after_the_first_frame(name, monkeypatch):
    # The panel is set up at the first frame (its reset overlaps the boot): lit before it,
    # a TN glass shows white for the whole boot. Dark until the frame is on the glass.
    lit = []
    duty_u16 = machine.PWM.duty_u16

    def record(self, value=None):
        if value is not None:
            lit.append((SIM.now_us, value))
        return duty_u16(self, value)

    monkeypatch.setattr(machine.PWM, "duty_u16", record)
    _, model = _boot(name, monkeypatch)
    on = [t for t, value in lit if value]
    at = {c: t for t, c, _ in reversed(model.commands)}  # each command's first time
    assert on and all(value == 0 for t, value in lit if t < on[0])
    assert on[0] >= at[0x29] and on[0] >= at[0x2C]  # after DISPON and the first RAMWR
