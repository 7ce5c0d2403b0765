# The board contract: what every boards/*.py names (main.start and hw.parts read these,
# and so does the simulator). On the device the module `board` is one of those files,
# copied as board.py, so no single file is it: here it is this contract, which
# tests/host/test_typecheck.py has pyright check every board file against (a module can
# be a Protocol's instance). Read-only properties, so that a board may give a narrower
# type (None for no pin). Boards may name more (POWER_HOLD, LCD_* and I2C_* pins...).
from typing import Callable, Optional, Protocol, Tuple


class Display(Protocol):
    """A display driver, as make_display() returns it: the panel cleared, its light on."""

    def show(self, canvas, x: int, y: int, w: int, h: int) -> None: ...


class Board(Protocol):
    @property
    def NAME(self) -> str: ...  # the file's name
    @property
    def WIDTH(self) -> int: ...  # the canvas make_display() is for
    @property
    def HEIGHT(self) -> int: ...
    @property
    def MONO(self) -> bool: ...
    @property
    def KEYS(self) -> int: ...  # 2 or 3
    @property
    def KEYMAP(self) -> bytes: ...  # ui.gestures KEYMAP_2 or KEYMAP_3
    @property
    def BUTTONS(self) -> Tuple[int, ...]: ...  # GPIOs in the keymap's key order
    @property
    def BUTTON_PULL_UP(self) -> Tuple[bool, ...]: ...  # False: the board has a resistor
    @property
    def BUTTON_ACTIVE_LOW(self) -> bool: ...  # a pressed button reads 0
    @property
    def BACKLIGHT(self) -> Optional[int]: ...  # a pin, PWM-dimmed; None: an OLED
    @property
    def BATTERY_ADC(self) -> Optional[int]: ...
    @property
    def BATTERY_SCALE(self) -> Optional[int]: ...  # battery volts per ADC volt
    @property
    def BATTERY_ADC_ENABLE(self) -> Optional[int]: ...  # driven high to read the battery

    def make_display(self, sleep_ms: Optional[Callable[[int], None]] = None) -> Display: ...

