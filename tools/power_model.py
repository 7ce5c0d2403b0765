"""The power model: hours on a board's usual cell, from the currents its makers' documents
give and the duty cycle of a whole match played on the simulator at a table's pace.

    .venv/bin/python -m tools.power_model [board]      (make bench prints it too)

The duty cycle is measured, not guessed: the bench's scripted match (tools/logs/
bench-3-cantons.log) is played through the autopilot on a paced sim.device.Device, which
rests and sleeps as the board's loop chooses (app.loop, hw.power): a scan period while a
key or a gesture is under way, a light sleep that a press ends otherwise. A table's pace:
TABLE_THINK_MS between the log's commands (a baza, a call, an answer), a second between
the presses of one command. The device counts the time awake and asleep, lit, dim and
dark, and sharing; the model adds the frames' computing (FRAME_MS each, a high guess) and
multiplies each share of the time by its current. docs/POWER.md explains every figure.
"""
import os
import sys

import sim  # noqa: F401  (the firmware on the import path, the stand-ins first)
from hw.power import DIM_DUTY
from sim.autopilot import Autopilot
from sim.device import Device
from sim.fingers import Fingers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOG = os.path.join(ROOT, "tools", "logs", "bench-3-cantons.log")

TABLE_THINK_MS = 20000  # between two commands of the log: a baza is played, a call said
PRESS_GAP_MS = 1000  # between the presses of one command (a menu walked)

# The ESP32 (Espressif, "ESP32 Series Datasheet" v3.5, table 6 "Power Consumption by
# Power Modes", modem-sleep, dual core): 240 MHz 30-68 mA, 160 MHz 27-44 mA, 80 MHz
# 20-31 mA; light sleep 0.8 mA. The model takes the low end for a CPU waiting (a scan
# period in time.sleep_ms: the idle task) and the high end for a frame being computed.
# Radio (same datasheet, table "RF Power-Consumption Specifications"): receive
# 802.11b/g/n 95-100 mA, transmit up to 240 mA (802.11b at 19.5 dBm). An access point
# listens all the time (no power save for a soft AP) and transmits beacons (about 1 ms
# in 100) and the page's answers: 100 mA receiving plus 3 mA of transmitting on average.
CPU_MA = {240: (30, 68), 160: (27, 44), 80: (20, 31)}  # MHz: (waiting, computing)
LIGHT_SLEEP_MA = 0.8
AP_MA = 103
FRAME_MS = {240: 40, 160: 60, 80: 120}  # a frame computed and sent: a high guess

# The boards: cell (mAh), panel logic and backlight at full brightness (mA), and where
# each figure comes from. The backlight draws in proportion to its PWM duty.
BOARDS = {
    "tdisplay": {
        "cell_mah": 1000,  # the (and LILYGO's shop's) usual cell on the JST 1.25
        "panel_ma": 10,  # ER-TFT1.14-2 (EastRising, the same 1.14" ST7789V IPS glass):
        # VDD 2.5-3.3 V, 10 mA the most it gives; no typical figure, so the most
        "backlight_ma": 20,  # ER-TFT1.14-2: LED anode 2.9-3.1 V, 20 mA; LILYGO drives it
        # from GPIO4 through a transistor (TFT_BL), at full duty the LED's full current
        "mhz": 160,
    },
}


def play_match(board="tdisplay", sharing=False, sleep_lit=True):
    """The scripted match at a table's pace on a paced simulated board. Returns the
    device (its spent times, renders and wakes). sleep_lit False: light sleep only on a
    dark screen, as before issue 36."""
    device = Device(board, language="en", draw=False, paced=True)
    device.power._sleep_lit = sleep_lit
    fingers = Fingers(device)
    fingers.settle_ms = PRESS_GAP_MS
    if sharing:
        device.app.share().on(device.now())  # Menu -> Share, on
    pilot = _TablePace(device, fingers)
    with open(LOG, encoding="utf-8") as f:
        pilot.play(f.read().splitlines())
    if sharing:
        device.app.sharing.off()
    return device


class _TablePace(Autopilot):
    def _play_line(self, text):
        self.fingers.wait(TABLE_THINK_MS)  # the table plays before anyone presses
        Autopilot._play_line(self, text)


def duty(device):
    """Shares of the time (0..1): awake, asleep, lit, dim, off, sharing; and the frames."""
    spent = device.spent
    total = spent["awake"] + spent["asleep"]
    out = {k: v / total for k, v in spent.items()}
    out["total_h"] = total / 3.6e9
    out["frames"] = device.renders
    out["presses"] = device.presses
    return out


def average_ma(board, d, mhz=None, dim_duty=None):
    """The average current (mA) for board's figures and a duty d (duty())."""
    b = BOARDS[board]
    mhz = mhz or b["mhz"]
    waiting, computing = CPU_MA[mhz]
    hours = d["total_h"]
    frame_share = d["frames"] * FRAME_MS[mhz] / (hours * 3.6e6)
    dim = (dim_duty if dim_duty is not None else DIM_DUTY) / 65535
    chip = (d["awake"] * waiting + d["asleep"] * LIGHT_SLEEP_MA
            + frame_share * (computing - LIGHT_SLEEP_MA))
    light = b["backlight_ma"] * (d["lit"] + d["dim"] * dim)
    return chip + light + b["panel_ma"]


def sharing_ma(board, d, dim_duty=None):
    """The average current (mA) while sharing: the radio on (no light sleep, the chip
    receiving: AP_MA, the CPU's waiting included), the panel, the backlight as it was
    while sharing."""
    b = BOARDS[board]
    dim = (dim_duty if dim_duty is not None else DIM_DUTY) / 65535
    light = b["backlight_ma"] * (d["sharing_lit"] + d["sharing_dim"] * dim) / d["sharing"]
    return AP_MA + light + b["panel_ma"]


def hours(board, ma):
    return BOARDS[board]["cell_mah"] / ma


def report(board="tdisplay", out=sys.stdout):
    play = duty(play_match(board))
    share = duty(play_match(board, sharing=True))
    b = BOARDS[board]
    print("power model, %s on a %d mAh cell (docs/POWER.md): the bench's match at a table's"
          " pace on the paced simulator, %.2f h, %d presses, %d frames:" % (
              board, b["cell_mah"], play["total_h"], play["presses"], play["frames"]),
          file=out)
    ma = average_ma(board, play)
    print("  playing: awake %.1f%%, asleep %.1f%%; lit %.1f%%, dim %.1f%%, off %.1f%%:"
          " %.1f mA average, %.0f h  (goal: 40)" % (
              100 * play["awake"], 100 * play["asleep"], 100 * play["lit"], 100 * play["dim"],
              100 * play["off"], ma, hours(board, ma)), file=out)
    before = duty(play_match(board, sleep_lit=False))
    ma = average_ma(board, before)
    print("  the same, sleeping only on a dark screen (before issue 36): awake %.1f%%:"
          " %.1f mA, %.0f h" % (100 * before["awake"], ma, hours(board, ma)), file=out)
    ma = sharing_ma(board, share)
    print("  sharing (the same match, sharing on until it ends by itself, %.0f min): lit"
          " %.1f%%, dim %.1f%% of it: %.1f mA average, %.1f h  (goal: 8)" % (
              share["sharing"] * share["total_h"] * 60,
              100 * share["sharing_lit"] / share["sharing"],
              100 * share["sharing_dim"] / share["sharing"], ma, hours(board, ma)), file=out)
    print("  the clock (playing): %s" % ", ".join(
        "%d MHz %.0f h" % (mhz, hours(board, average_ma(board, play, mhz)))
        for mhz in sorted(CPU_MA)), file=out)
    print("  the dim level (playing): %s" % ", ".join(
        "%d%% %.0f h" % (100 * duty16 // 65535, hours(board, average_ma(board, play,
                                                                          dim_duty=duty16)))
        for duty16 in (2048, 4096, 8192, 16384)), file=out)
    return play, share


if __name__ == "__main__":
    report(*sys.argv[1:])
