# `machine` for the unix port playing a board (tests/host/test_deploy.py). The port's own
# machine has no Pin, PWM, ADC, lightsleep nor reset; machine is one of MicroPython's
# extensible modules, so this file, on MICROPYPATH, is imported in its place. Pins read
# high: active-low buttons that nobody presses (tools/mp_device_bench.py presses them
# through PINS). SPI and I2C only count what a display driver sends them. reset() exits with
# status 99, which the harness takes for a hard reset: it boots the port again, running
# main.py.
import sys
import time

SLEEP = 2
DEEPSLEEP = 4


PINS = {}  # GPIO number -> the latest Pin made on it


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 2
    PULL_DOWN = 1
    IRQ_FALLING = 2
    IRQ_RISING = 1
    WAKE_LOW = 4
    WAKE_HIGH = 5

    def __init__(self, id, mode=-1, pull=-1, value=None, **kw):
        self.id = id
        self._value = 1 if value is None else value
        PINS[id] = self

    def init(self, *args, **kw):
        pass

    def value(self, v=None):
        if v is None:
            return self._value
        self._value = v

    __call__ = value

    def on(self):
        self._value = 1

    def off(self):
        self._value = 0

    def irq(self, handler=None, trigger=0, wake=None, **kw):
        return None


class SPI:
    last = None  # the latest one made: the display's

    def __init__(self, id, baudrate=0, **kw):
        self.bytes = 0
        self.writes = 0
        SPI.last = self

    def write(self, buf):
        self.bytes += len(buf)
        self.writes += 1


def last_spi():
    """The SPI made last: the display's (tools/mp_device_bench.py counts its bytes)."""
    return SPI.last


class I2C:
    """Counts what a display driver sends, as SPI does."""

    def __init__(self, id, scl=None, sda=None, freq=0, **kw):
        self.bytes = 0
        self.writes = 0

    def writeto_mem(self, addr, memaddr, buf, addrsize=8):
        self.bytes += len(buf) + 1
        self.writes += 1

    def writeto(self, addr, buf, stop=True):
        self.bytes += len(buf)
        self.writes += 1
        return 1


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0, **kw):
        self._duty = duty_u16

    def duty_u16(self, v=None):
        if v is None:
            return self._duty
        self._duty = v

    def freq(self, v=None):
        return 5000

    def deinit(self):
        pass


class ADC:
    ATTN_0DB = 0
    ATTN_11DB = 3

    def __init__(self, pin, atten=0, **kw):
        pass

    def read_uv(self):
        return 0  # nothing on the pin: the battery reads as absent

    def read_u16(self):
        return 0


def lightsleep(ms=None):
    time.sleep_ms(ms or 0)


def idle():
    pass


def reset():
    sys.exit(99)


def soft_reset():
    sys.exit(0)


def unique_id():  # an ESP32's is its WiFi MAC address
    return b"\x24\x0a\xc4\x00\x00\x02"
