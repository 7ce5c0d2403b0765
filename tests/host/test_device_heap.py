"""The whole device in a bounded heap on the 32-bit MicroPython unix port (an ESP32's
object sizes): tools/mp_device_bench.py boots main.start with the T-Display board file,
the ST7789 driver on a counting SPI, the journal, buttons, power and the app, and walks
every screen (400 presses); it fails when the heap runs out, even once the loop has
caught it. The port comes from tools/mp32.py (MICROPYTHON32, or build/mp32/, which
`make test` builds when gcc -m32 works); without one these tests skip and say why. The
ports built there freeze the bench and the unix board's machine module (an ESP32 has
machine built in), so that the heap holds the device alone.

The goal is the ESP32's starting heap, 56 KB (README "Figures"). The device does not fit
it yet: those tests are strict xfails, which fail the day the device fits, to be turned
into plain tests. Meanwhile the heap measured today (make bench) is a ceiling that no
change may raise, and a `.mpy` deploy must fit the heap stock ESP32 MicroPython grows to
once: a second area as large as the first (mp32.grown(), a port whose heap is two areas).
"""
import os
import subprocess

import pytest

from tools import bench, mp32

GOAL = 56 * 1024  # the ESP32 port's MICROPY_GC_INITIAL_HEAP_SIZE
# .mpy deploy: 101.75 KB fits (104,192 B since a screen's module is imported into a
# collected heap; 109,824 B before, 114,432 B with 48 rows in a host folder; 140 KB before
# -O3 and the screens, texts and fonts on demand); fragmentation makes the last KB luck,
# hence the margin.
CEILING = 106 * 1024
FROZEN_GOAL = 40 * 1024
# Frozen build: 42.5 KB fits (43,520 B since a screen's module is imported into a
# collected heap; 46,080 B before with 24 rows and the data files under lib/ as a board
# holds them; 48 rows: 49,152 B; 58 KB before the sliced canvas; 65 KB with the harness
# in the heap), but fragmentation makes the last KB luck. Frozen, the text and glyph
# caches and the open files are on the heap, about 5 KB.
FROZEN_CEILING = 45 * 1024


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    binary, why = mp32.plain(build=False)
    if not binary:
        pytest.skip("no 32-bit MicroPython port: " + why)
    return binary, bench.device_tree(out=str(tmp_path_factory.mktemp("device")))


@pytest.fixture(scope="module")
def frozen(tmp_path_factory):
    binary, why = mp32.frozen(build=False)
    if not binary:
        pytest.skip("no 32-bit port with manifest.py frozen (make test builds it): " + why)
    return binary, bench.device_tree(frozen=True, out=str(tmp_path_factory.mktemp("frozen")))


@pytest.fixture(scope="module")
def grown(tmp_path_factory):
    binary, why = mp32.grown(build=False)
    if not binary:
        pytest.skip("no 32-bit port with its heap in two areas (make test builds it): " + why)
    return binary, bench.device_tree(out=str(tmp_path_factory.mktemp("grown")))


def test_the_grown_port_has_two_areas(device, grown):
    # 40 KB in one piece fits a heap of 72 KB in one area, not in two areas of 36 KB.
    script = "b = bytearray(40 * 1024); print('one piece')"
    one = subprocess.run([device[0], "-X", "heapsize=72K", "-c", script],
                         capture_output=True, text=True)
    two = subprocess.run([grown[0], "-X", "heapsize=72K", "-c", script],
                         capture_output=True, text=True)
    assert one.stdout.strip() == "one piece", one.stderr
    assert "MemoryError" in two.stdout and "one piece" not in two.stdout, two.stdout


def test_the_device_fits_the_esp32_heap_grown_once(grown):
    # Stock ESP32 MicroPython starts with 56 KB and, out of heap, adds as much again when
    # its internal RAM has it (enough to start WiFi, its config says; the device uses no
    # WiFi). The .mpy deploy fits those two areas: 103,936 B in all is the least today.
    assert bench.device_fits(*grown, heap=2 * GOAL)


def test_the_walk_visits_every_screen(device):
    out = bench.device(*device, heap=512 * 1024)
    assert "replayed" in out.stdout, out.stdout + out.stderr
    found = bench.figures(out.stdout.split("replayed ", 1)[1])
    assert int(found["presses"]) >= bench.DEVICE_PRESSES
    assert found["screens"] == str(bench.SCREENS)


@pytest.mark.parametrize("build, env", (("device", "MICROPYTHON32"),
                                        ("frozen", "MICROPYTHON32_FROZEN")))
def test_the_bench_itself_is_not_in_the_heap(build, env, request):
    # The ports tools/mp32.py builds froze the bench and the machine module.
    if os.environ.get(env):
        pytest.skip("%s names a port of its own, which may not freeze them" % env)
    binary, tree = request.getfixturevalue(build)
    out = bench.device(binary, tree, heap=512 * 1024, frozen=build == "frozen").stdout
    assert bench.figures(out.split("replayed ", 1)[1])["harness"] == "frozen", out


def test_running_out_of_heap_fails_the_walk(device):
    # Even when the loop's MemoryError recovery keeps the device going.
    assert not bench.device_fits(*device, heap=32 * 1024)


def test_the_device_stays_under_its_ceiling(device):
    assert bench.device_fits(*device, heap=CEILING)


@pytest.mark.xfail(strict=True, reason="the .mpy deploy needs about 102 KB today, 46 KB"
                   " over the 56 KB goal (README Figures: what holds it)")
def test_the_device_fits_the_esp32_starting_heap(device):
    assert bench.device_fits(*device, heap=GOAL)


def test_the_frozen_device_stays_under_its_ceiling(frozen):
    assert bench.device_fits(*frozen, heap=FROZEN_CEILING, frozen=True)


@pytest.mark.xfail(strict=True, reason="the frozen build needs about 42.5 KB today, 2.5 KB"
                   " over the 40 KB goal")
def test_the_frozen_device_fits_its_goal(frozen):
    assert bench.device_fits(*frozen, heap=FROZEN_GOAL, frozen=True)
