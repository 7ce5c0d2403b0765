"""CPython stand-in for MicroPython's `machine` module, ESP32 flavour (simulator only).

The firmware side is MicroPython's API: Pin, SPI, SoftSPI, I2C, SoftI2C, PWM, ADC, Timer,
WDT, RTC, lightsleep, deepsleep, freq, reset, reset_cause, wake_reason, unique_id, idle,
disable_irq, enable_irq. It behaves as the ESP32 port does where firmware could tell the
difference: GPIOs 6-11 (flash) and missing numbers are invalid, 34-39 can only be
inputs and have no pull resistors (a pull asked for there is ignored, as the IDF does),
hardware SPI ids are 1 and 2 with their default pins, SoftSPI needs all three pins, an
empty SPI write is refused ("buffer too short"), an I2C address nobody answers raises
OSError(ENODEV).

The simulator side is one object, SIM, the board around the chip:
- a clock in microseconds that only moves when told: SIM.advance_ms(), and whatever
  waits (time.sleep_ms and sleep_us, lightsleep, see below), which also runs due Timers;
- light sleep: SIM.gpio_wake (what esp32.wake_on_gpio armed), SIM.wake_pending();
- per GPIO: SIM.drive(pin, level) (something outside drives it; None lets go),
  SIM.resistor(pin, level) (a resistor on the board pulls it: 1 up, 0 down, None none),
  SIM.level(pin) (what the pin is at, outputs included), SIM.watch(pin, fn) (fn(level)
  after every change of level), SIM.set_adc(pin, microvolts), SIM.pwm(pin);
- devices on buses: SIM.attach_spi(device, sck, mosi, cs, dc) and
  SIM.attach_i2c(device, scl, sda, addr); see sim/controllers.py for display models.
A pin's level: an output drives its value; otherwise an outside drive wins, then a board
resistor, then the internal pull; an input pulled by nothing reads 0 (and is counted in
SIM.floating_reads). Pin IRQ handlers run at once, inside the call that changed the level.

time: MicroPython's time has sleep_ms, sleep_us, ticks_ms, ticks_us, ticks_cpu,
ticks_add and ticks_diff, CPython's has not. Importing this module adds those that are
missing to CPython's time module, on SIM's clock (sleeping advances it at once, no real
waiting), so firmware that imports time finds them.
"""
import errno
import time as _time

_VALID = frozenset(list(range(6)) + list(range(12, 24)) + [25, 26, 27] + list(range(32, 40)))
_INPUT_ONLY = frozenset(range(34, 40))
_ADC_PINS = frozenset([0, 2, 4, 12, 13, 14, 15, 25, 26, 27] + list(range(32, 40)))
_HW_SPI_PINS = {1: (14, 13, 12), 2: (18, 23, 19)}  # sck, mosi, miso (HSPI, VSPI)
_HW_I2C_PINS = {0: (18, 19), 1: (25, 26)}  # scl, sda: MicroPython's ESP32 defaults
_TICKS_PERIOD = 1 << 30

PWRON_RESET = 1
HARD_RESET = 2
WDT_RESET = 3
DEEPSLEEP_RESET = 4
SOFT_RESET = 5
PIN_WAKE = EXT0_WAKE = 2
EXT1_WAKE = 3
TIMER_WAKE = 4
TOUCHPAD_WAKE = 5
ULP_WAKE = 6
SLEEP = 2
DEEPSLEEP = 4


class DeepSleep(SystemExit):
    """Raised by deepsleep(): on the device the chip stops and boots again."""


class Reset(SystemExit):
    """Raised by reset() and by a WDT that was not fed in time."""


class _PinState:
    __slots__ = ("mode", "pull", "latch", "drive", "resistor", "irq", "trigger", "pwm",
                 "level")

    def __init__(self):
        self.mode = None  # None: not configured (the reset state: input, no pull)
        self.pull = None
        self.latch = 0  # the output register, kept while the pin is an input
        self.drive = None  # outside drive
        self.resistor = None  # board resistor
        self.irq = None
        self.trigger = 0
        self.pwm = None
        self.level = 0


class _Sim:
    def __init__(self):
        self.reset()

    def reset(self):
        """A new board: time 0, pins unconfigured, nothing attached."""
        self.now_us = 0
        self._pins = {}
        self._watchers = {}
        self._spi = []
        self._i2c = []
        self._adc = {}
        self._timers = []
        self.floating_reads = 0
        self.ignored_pulls = []  # input-only pins a pull was asked for
        self.sleeps = []  # (kind, ms) of lightsleep/deepsleep calls
        self.gpio_wake = ((), 0)  # esp32.wake_on_gpio's pins and level
        self.cpu_hz = 160_000_000
        self.wdt = None
        self.reset_cause = PWRON_RESET
        self.wake_reason = 0
        self.rtc_memory = b""

    # Time.
    def advance_us(self, us):
        end = self.now_us + max(0, int(us))
        while True:
            due = [t for t in self._timers if t._due_us is not None and t._due_us <= end]
            if not due:
                break
            t = min(due, key=lambda t: t._due_us)
            self.now_us = max(self.now_us, t._due_us)
            t._fire()
        self.now_us = end
        if self.wdt is not None and self.now_us - self.wdt[1] > self.wdt[0] * 1000:
            self.wdt = None
            raise Reset("watchdog timeout")

    def advance_ms(self, ms):
        self.advance_us(ms * 1000)

    def sleep_ms(self, ms):
        self.advance_us(ms * 1000)

    def sleep_us(self, us):
        self.advance_us(us)

    def ticks_us(self):
        return self.now_us % _TICKS_PERIOD

    def ticks_ms(self):
        return (self.now_us // 1000) % _TICKS_PERIOD

    # Pins.
    def _state(self, pin):
        pin = _pin_id(pin)
        s = self._pins.get(pin)
        if s is None:
            s = self._pins[pin] = _PinState()
        return s

    def _resolve(self, pin, s):
        if s.pwm is not None:
            return 1 if s.pwm.duty_u16() else 0
        if s.mode in (Pin.OUT, Pin.OPEN_DRAIN) and not (s.mode == Pin.OPEN_DRAIN and s.latch):
            return s.latch
        if s.drive is not None:
            return s.drive
        if s.resistor is not None:
            return s.resistor
        if s.pull == Pin.PULL_UP:
            return 1
        if s.pull == Pin.PULL_DOWN:
            return 0
        return None

    def _update(self, pin):
        s = self._state(pin)
        new = self._resolve(pin, s)
        level = 0 if new is None else new
        old = s.level
        s.level = level
        if level != old:
            for fn in list(self._watchers.get(pin, ())):
                fn(level)
            if s.irq is not None and s.mode not in (Pin.OUT,):
                edge = Pin.IRQ_RISING if level else Pin.IRQ_FALLING
                if s.trigger & edge:
                    s.irq.handler(s.irq.pin)

    def level(self, pin):
        """The pin's level now: 0 or 1 (an input pulled by nothing reads 0)."""
        pin = _pin_id(pin)
        s = self._state(pin)
        v = self._resolve(pin, s)
        return 0 if v is None else v

    def drive(self, pin, level):
        """Something outside drives the pin (a button to GND: 0); None lets go."""
        pin = _pin_id(pin)
        self._state(pin).drive = None if level is None else int(bool(level))
        self._update(pin)

    def resistor(self, pin, level):
        """A resistor on the board pulls the pin: 1 up, 0 down, None none."""
        pin = _pin_id(pin)
        self._state(pin).resistor = None if level is None else int(bool(level))
        self._update(pin)

    def watch(self, pin, fn):
        """fn(level) after every change of the pin's level."""
        self._watchers.setdefault(_pin_id(pin), []).append(fn)

    def set_adc(self, pin, microvolts):
        self._adc[_pin_id(pin)] = int(microvolts)

    def pwm(self, pin):
        """The PWM on the pin, or None."""
        return self._state(pin).pwm

    def mode(self, pin):
        return self._state(pin).mode

    def wake_pending(self):
        """Whether a pin armed by esp32.wake_on_gpio is at its level: a light sleep
        started now would end at once (the ESP32's GPIO wake is by level)."""
        pins, level = self.gpio_wake
        return any(self.level(p) == level for p in pins)

    # Buses.
    def attach_spi(self, device, sck, mosi, cs=None, dc=None):
        """device.spi_write(data, dc_level, bus) gets every write on the bus with those
        SCK and MOSI pins while its CS is low (always, when cs is None)."""
        self._spi.append((device, sck, mosi, cs, dc))

    def attach_i2c(self, device, scl, sda, addr):
        """device.i2c_write(data, bus) gets each write transaction's bytes after the
        address; device.i2c_read(n, bus) answers reads."""
        self._i2c.append((device, scl, sda, addr))

    def _spi_write(self, bus, data):
        for device, sck, mosi, cs, dc in self._spi:
            if sck == bus.sck and mosi == bus.mosi and (cs is None or self.level(cs) == 0):
                device.spi_write(data, 1 if dc is None else self.level(dc), bus)

    def _i2c_device(self, bus, addr):
        for device, scl, sda, a in self._i2c:
            if scl == bus.scl and sda == bus.sda and a == addr:
                return device
        raise OSError(errno.ENODEV, "ENODEV")

    def _i2c_addresses(self, bus):
        return sorted(a for device, scl, sda, a in self._i2c if scl == bus.scl and sda == bus.sda)


SIM = _Sim()


def _pin_id(pin):
    if isinstance(pin, Pin):
        return pin.id
    if type(pin) is not int:
        raise TypeError("can't convert %s to int" % type(pin).__name__)
    return pin


class Pin:
    IN = 1
    OUT = 3
    OPEN_DRAIN = 7
    PULL_UP = 2
    PULL_DOWN = 1
    PULL_HOLD = 4
    IRQ_RISING = 1
    IRQ_FALLING = 2
    WAKE_LOW = 4
    WAKE_HIGH = 5
    DRIVE_0 = 0
    DRIVE_1 = 1
    DRIVE_2 = 2
    DRIVE_3 = 3

    def __init__(self, id, mode=-1, pull=-1, *, value=None, drive=None, hold=None):
        if type(id) is not int or id not in _VALID:
            raise ValueError("invalid pin")
        self.id = id
        self.init(mode, pull, value=value, drive=drive, hold=hold)

    def init(self, mode=-1, pull=-1, *, value=None, drive=None, hold=None):
        s = SIM._state(self.id)
        if mode not in (-1, None, Pin.IN, Pin.OUT, Pin.OPEN_DRAIN):
            raise ValueError("invalid pin mode")
        if mode in (Pin.OUT, Pin.OPEN_DRAIN) and self.id in _INPUT_ONLY:
            raise ValueError("pin can only be input")
        if value is not None:
            s.latch = int(bool(value))
        if mode == -1 and s.mode is None:
            mode = Pin.IN  # a Pin made without a mode: as the port, the pin is an input
        if mode not in (-1, None):
            if s.pwm is not None and mode != Pin.OUT:
                s.pwm = None
            s.mode = mode
        if pull != -1:
            if pull is not None and pull not in (Pin.PULL_UP, Pin.PULL_DOWN):
                raise ValueError("invalid pull")
            if pull is not None and self.id in _INPUT_ONLY:
                SIM.ignored_pulls.append(self.id)  # the IDF logs an error, nothing changes
                pull = None
            s.pull = pull
        SIM._update(self.id)
        return None

    def value(self, x=None):
        s = SIM._state(self.id)
        if x is None:
            v = SIM._resolve(self.id, s)
            if v is None:
                SIM.floating_reads += 1
                return 0
            return v
        s.latch = int(bool(x))
        if s.pwm is not None:  # writing the pin detaches nothing on the port; keep PWM
            return None
        SIM._update(self.id)
        return None

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, *, wake=None, hard=False):
        s = SIM._state(self.id)
        if handler is None and s.irq is not None and trigger == Pin.IRQ_FALLING | Pin.IRQ_RISING:
            return s.irq
        s.irq = _PinIRQ(self, handler) if handler is not None else None
        s.trigger = trigger if handler is not None else 0
        return s.irq or _PinIRQ(self, None)

    def mode(self, mode=None):
        if mode is None:
            return SIM._state(self.id).mode
        self.init(mode)

    def pull(self, pull=-1):
        if pull == -1:
            return SIM._state(self.id).pull
        self.init(pull=pull)

    def __repr__(self):
        return "Pin(%d)" % self.id

    def __eq__(self, other):
        return isinstance(other, Pin) and other.id == self.id

    def __hash__(self):
        return hash(("Pin", self.id))


class _PinIRQ:
    def __init__(self, pin, handler):
        self.pin = pin
        self.handler = handler

    def trigger(self):
        return SIM._state(self.pin.id).trigger


class Signal:
    def __init__(self, pin, *args, invert=False, **kwargs):
        self._pin = pin if isinstance(pin, Pin) else Pin(pin, *args, **kwargs)
        self._invert = invert

    def value(self, x=None):
        if x is None:
            return self._pin.value() ^ self._invert
        self._pin.value(int(bool(x)) ^ self._invert)

    __call__ = value

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


def _pin_or_none(p, default):
    """MicroPython's SPI pin arguments: left out -> default, None -> unused (-1)."""
    if p is _MISSING:
        return default
    if p is None:
        return -1
    return _pin_id(p)


_MISSING = object()


class _SPIBase:
    MSB = 0
    LSB = 1

    def _setup(self, baudrate, polarity, phase, bits, firstbit, sck, mosi, miso):
        if baudrate is not None:
            self.requested_hz = int(baudrate)
        if polarity is not None:
            self.polarity = polarity
        if phase is not None:
            self.phase = phase
        if bits is not None:
            if bits <= 0:
                raise ValueError("invalid bits")
            self.bits = bits
        if firstbit is not None:
            self.firstbit = firstbit
        self.sck, self.mosi, self.miso = sck, mosi, miso
        for p in (sck, mosi):
            if p in _INPUT_ONLY:
                raise ValueError("pin can only be input")
        self.bytes_written = 0
        self.writes = 0

    def write(self, buf):
        data = bytes(buf)
        if not data:
            raise ValueError("buffer too short")
        if self._deinit:
            raise OSError("transfer on deinitialized SPI")
        self.bytes_written += len(data)
        self.writes += 1
        SIM._spi_write(self, data)

    def read(self, nbytes, write=0x00):
        self.write(bytes([write]) * nbytes)
        return bytes(nbytes)  # nothing drives MISO in this simulation

    def readinto(self, buf, write=0x00):
        self.write(bytes([write]) * len(buf))
        for i in range(len(buf)):
            buf[i] = 0

    def write_readinto(self, write_buf, read_buf):
        self.write(write_buf)
        for i in range(len(read_buf)):
            read_buf[i] = 0

    def deinit(self):
        self._deinit = True

    @property
    def mode(self):
        return self.polarity << 1 | self.phase


class SPI(_SPIBase):
    """Hardware SPI: id 1 (HSPI) or 2 (VSPI). baudrate becomes 80 MHz / n, as on the chip."""

    def __init__(self, id, baudrate=500000, *, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=_MISSING, mosi=_MISSING, miso=_MISSING):
        if id not in _HW_SPI_PINS:
            raise ValueError("SPI(%s) doesn't exist" % (id,))
        d = _HW_SPI_PINS[id]
        self.id = id
        self._deinit = False
        self._setup(baudrate, polarity, phase, bits, firstbit, _pin_or_none(sck, d[0]),
                    _pin_or_none(mosi, d[1]), _pin_or_none(miso, d[2]))

    def init(self, baudrate=None, *, polarity=None, phase=None, bits=None, firstbit=None,
             sck=_MISSING, mosi=_MISSING, miso=_MISSING):
        self._deinit = False
        self._setup(baudrate, polarity, phase, bits, firstbit, _pin_or_none(sck, self.sck),
                    _pin_or_none(mosi, self.mosi), _pin_or_none(miso, self.miso))

    @property
    def baudrate(self):
        n = max(1, -(-80_000_000 // max(1, self.requested_hz)))
        return 80_000_000 // n


class SoftSPI(_SPIBase):
    def __init__(self, baudrate=500000, *, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        if sck is None or mosi is None or miso is None:
            raise ValueError("must specify all of sck/mosi/miso")
        self._deinit = False
        self._setup(baudrate, polarity, phase, bits, firstbit, _pin_id(sck), _pin_id(mosi),
                    _pin_id(miso))

    def init(self, baudrate=None, *, polarity=None, phase=None, bits=None, firstbit=None):
        self._setup(baudrate, polarity, phase, bits, firstbit, self.sck, self.mosi, self.miso)

    @property
    def baudrate(self):
        return self.requested_hz


class _I2CBase:
    def _setup(self, scl, sda, freq):
        self.scl = _pin_id(scl)
        self.sda = _pin_id(sda)
        for p in (self.scl, self.sda):
            if p in _INPUT_ONLY:
                raise ValueError("pin can only be input")
        self.freq = freq
        self.bytes_written = 0
        self.transactions = 0

    def scan(self):
        return SIM._i2c_addresses(self)

    def _write(self, addr, data):
        device = SIM._i2c_device(self, addr)
        self.bytes_written += len(data)
        self.transactions += 1
        device.i2c_write(bytes(data), self)
        return len(data) + 1

    def writeto(self, addr, buf, stop=True):
        self._write(addr, bytes(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        data = b"".join(bytes(b) for b in vector)
        self._write(addr, data)
        return len(data)

    def writeto_mem(self, addr, memaddr, buf, *, addrsize=8):
        mem = memaddr.to_bytes(addrsize // 8, "big")
        self._write(addr, mem + bytes(buf))

    def readfrom(self, addr, nbytes, stop=True):
        device = SIM._i2c_device(self, addr)
        return bytes(device.i2c_read(nbytes, self))

    def readfrom_into(self, addr, buf, stop=True):
        data = self.readfrom(addr, len(buf))
        buf[:] = data

    def readfrom_mem(self, addr, memaddr, nbytes, *, addrsize=8):
        device = SIM._i2c_device(self, addr)
        device.i2c_write(memaddr.to_bytes(addrsize // 8, "big"), self)
        return bytes(device.i2c_read(nbytes, self))

    def readfrom_mem_into(self, addr, memaddr, buf, *, addrsize=8):
        buf[:] = self.readfrom_mem(addr, memaddr, len(buf), addrsize=addrsize)


class I2C(_I2CBase):
    def __init__(self, id, *, scl=None, sda=None, freq=400000, timeout=50000):
        if id not in _HW_I2C_PINS:
            raise ValueError("I2C(%s) doesn't exist" % (id,))
        d = _HW_I2C_PINS[id]
        self.id = id
        self._setup(d[0] if scl is None else scl, d[1] if sda is None else sda, freq)


class SoftI2C(_I2CBase):
    def __init__(self, scl, sda, *, freq=400000, timeout=50000):
        self._setup(scl, sda, freq)


class PWM:
    def __init__(self, dest, *, freq=None, duty=None, duty_u16=None, duty_ns=None, invert=False,
                 lightsleep=False):
        self.lightsleep = lightsleep  # it keeps running in light sleep (else it stops)
        self._pin = dest if isinstance(dest, Pin) else Pin(dest)
        if self._pin.id in _INPUT_ONLY:
            raise ValueError("pin can only be input")
        self._freq = 5000
        self._duty_u16 = 32768
        self._invert = invert
        SIM._state(self._pin.id).pwm = self
        self.init(freq=freq, duty=duty, duty_u16=duty_u16, duty_ns=duty_ns)

    def init(self, *, freq=None, duty=None, duty_u16=None, duty_ns=None, invert=None):
        if freq is not None:
            self.freq(freq)
        if duty is not None:
            self.duty(duty)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)
        if duty_ns is not None:
            self.duty_ns(duty_ns)
        if invert is not None:
            self._invert = invert
        SIM._state(self._pin.id).pwm = self
        SIM._update(self._pin.id)

    def freq(self, value=None):
        if value is None:
            return self._freq
        if not 1 <= value <= 40_000_000:
            raise ValueError("frequency must be from 1Hz to 40MHz")
        self._freq = int(value)

    def duty(self, value=None):  # 0..1023
        if value is None:
            return self._duty_u16 * 1023 // 65535
        self.duty_u16(min(1023, max(0, int(value))) * 65535 // 1023)

    def duty_u16(self, value=None):
        if value is None:
            return self._duty_u16
        self._duty_u16 = min(65535, max(0, int(value)))
        SIM._update(self._pin.id)

    def duty_ns(self, value=None):
        period_ns = 1_000_000_000 // self._freq
        if value is None:
            return self._duty_u16 * period_ns // 65535
        self.duty_u16(min(period_ns, max(0, int(value))) * 65535 // period_ns)

    def deinit(self):
        s = SIM._state(self._pin.id)
        if s.pwm is self:
            s.pwm = None
            SIM._update(self._pin.id)

    @property
    def brightness(self):
        """Sim only: the fraction of time the pin is high."""
        d = self._duty_u16 / 65535
        return 1 - d if self._invert else d


class ADC:
    ATTN_0DB = 0
    ATTN_2_5DB = 1
    ATTN_6DB = 2
    ATTN_11DB = 3
    WIDTH_9BIT = 0
    WIDTH_10BIT = 1
    WIDTH_11BIT = 2
    WIDTH_12BIT = 3
    _FULL_UV = (950_000, 1_250_000, 1_750_000, 3_100_000)  # a little beyond: clipped

    def __init__(self, pin, *, atten=None):
        pid = _pin_id(pin)
        if pid not in _ADC_PINS:
            raise ValueError("invalid Pin for ADC")
        self._pin = pid
        self._atten = ADC.ATTN_0DB if atten is None else atten
        self._bits = 12

    def atten(self, atten):
        self._atten = atten

    def width(self, width):
        self._bits = 9 + width

    def init(self, *, atten=None):
        if atten is not None:
            self._atten = atten

    def read_uv(self):
        uv = SIM._adc.get(self._pin, 0)
        return max(0, min(uv, self._FULL_UV[self._atten]))

    def read_u16(self):
        return self.read_uv() * 65535 // self._FULL_UV[self._atten]

    def read(self):
        return self.read_u16() >> (16 - self._bits)


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, **kwargs):
        self.id = id
        self._due_us = None
        self._callback = None
        if kwargs:
            self.init(**kwargs)

    def init(self, *, mode=PERIODIC, period=-1, freq=None, callback=None):
        if freq is not None:
            period_us = int(1_000_000 / freq)
        else:
            period_us = int(period) * 1000
        if period_us <= 0:
            raise ValueError("period must be positive")
        self._mode = mode
        self._period_us = period_us
        self._callback = callback
        self._due_us = SIM.now_us + period_us
        if self not in SIM._timers:
            SIM._timers.append(self)

    def deinit(self):
        self._due_us = None
        if self in SIM._timers:
            SIM._timers.remove(self)

    def _fire(self):
        if self._mode == Timer.PERIODIC:
            self._due_us += self._period_us
        else:
            self.deinit()
        if self._callback is not None:
            self._callback(self)


class WDT:
    def __init__(self, id=0, timeout=5000):
        self._timeout = timeout
        SIM.wdt = (timeout, SIM.now_us)

    def feed(self):
        SIM.wdt = (self._timeout, SIM.now_us)


class RTC:
    def __init__(self, id=0):
        pass

    def memory(self, data=None):
        if data is None:
            return SIM.rtc_memory
        SIM.rtc_memory = bytes(data)

    def datetime(self, value=None):
        if value is None:
            t = _time.gmtime(SIM.now_us // 1_000_000)
            return (t.tm_year, t.tm_mon, t.tm_mday, t.tm_wday, t.tm_hour, t.tm_min, t.tm_sec, 0)
        return None


def freq(hz=None):
    if hz is None:
        return SIM.cpu_hz
    if hz not in (20_000_000, 40_000_000, 80_000_000, 160_000_000, 240_000_000):
        raise ValueError("frequency must be 20MHz, 40MHz, 80Mhz, 160MHz or 240MHz")
    SIM.cpu_hz = hz


def lightsleep(time_ms=None):
    """Advances the clock by time_ms, or not at all when a wake pin (esp32.wake_on_gpio)
    is at its level already. A press during a longer sleep is the caller's to fake
    (sim.device's paced run wakes the board at the press)."""
    SIM.sleeps.append(("lightsleep", time_ms))
    if time_ms and not SIM.wake_pending():
        SIM.advance_ms(time_ms)


def deepsleep(time_ms=None):
    SIM.sleeps.append(("deepsleep", time_ms))
    SIM.reset_cause = DEEPSLEEP_RESET
    raise DeepSleep(time_ms)


def reset():
    SIM.reset_cause = HARD_RESET
    raise Reset()


def soft_reset():
    SIM.reset_cause = SOFT_RESET
    raise Reset()


def reset_cause():
    return SIM.reset_cause


def wake_reason():
    return SIM.wake_reason


def unique_id():
    return b"\x24\x0a\xc4\x00\x00\x01"


def idle():
    pass


def disable_irq():
    return 1


def enable_irq(state=1):
    pass


def time_pulse_us(pin, pulse_level, timeout_us=1000000):
    return -1  # no pulse in the simulation


# MicroPython's time functions, on SIM's clock, where CPython's time lacks them.
def _ticks_add(ticks, delta):
    return (ticks + delta) % _TICKS_PERIOD


def _ticks_diff(ticks1, ticks2):
    return (ticks1 - ticks2 + _TICKS_PERIOD // 2) % _TICKS_PERIOD - _TICKS_PERIOD // 2


for _name, _fn in (("sleep_ms", SIM.sleep_ms), ("sleep_us", SIM.sleep_us),
                   ("ticks_ms", SIM.ticks_ms), ("ticks_us", SIM.ticks_us),
                   ("ticks_cpu", SIM.ticks_us), ("ticks_add", _ticks_add),
                   ("ticks_diff", _ticks_diff)):
    if not hasattr(_time, _name):
        setattr(_time, _name, _fn)
