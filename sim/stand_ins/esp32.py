"""CPython stand-in for MicroPython's `esp32` module (simulator only): the light-sleep
wake on GPIO levels that hw.parts arms, kept in machine.SIM for its lightsleep()."""
from machine import SIM

WAKEUP_ALL_LOW = False
WAKEUP_ANY_HIGH = True


def wake_on_gpio(pins=None, level=WAKEUP_ALL_LOW):
    """Each pin of pins (machine.Pin objects) ends a light sleep at level (the ESP32's
    GPIO wake, light sleep only): low for WAKEUP_ALL_LOW, high for WAKEUP_ANY_HIGH."""
    SIM.gpio_wake = (tuple(p.id for p in pins or ()), 1 if level else 0)
