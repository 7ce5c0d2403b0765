"""The whole device in a bounded heap on the 32-bit MicroPython unix port (an ESP32's
object sizes): tools/mp_device_bench.py boots main.start with the T-Display board file,
the ST7789 driver on a counting SPI, the journal, buttons, power and the app, and walks
every screen (400 presses); it fails when the heap runs out, even once the loop has
caught it. The port comes from tools/mp32.py (MICROPYTHON32, or build/mp32/, which
`make test` builds when gcc -m32 works, from MicroPython's source: MICROPY_SRC, or the
tarball in ../shared); without one these tests skip and say why. The
ports built there freeze the bench and have the unix board's machine in C, its pins and
SPI static (an ESP32 has machine built in), so that the heap holds the device alone. A
heap "fits" when it and every size up to 2 KB over it do (bench.device_fits_from).

The goals: a frozen build in 40 KB, not yet (768 B over); a `.mpy` deploy in the
ESP32's starting heap, 56 KB (docs/PERFORMANCE.md), not yet: those tests are strict
xfails, which fail the day the device fits, to be turned into plain tests. Meanwhile
the heap measured today (make bench) is a ceiling that no change may raise, and a `.mpy`
deploy must fit the heap stock ESP32 MicroPython grows to once: a second area as large
as the first (mp32.grown(), a port whose heap grows so), with sharing on too.
"""
import os
import shutil
import subprocess

import pytest

from tools import bench, mp32, mpbuild

GOAL = 56 * 1024  # the ESP32 port's MICROPY_GC_INITIAL_HEAP_SIZE
# Each figure is the heap from which on every size fits (bench.device_fits_from: a heap a
# little larger may fail where a smaller one fits). The bench seeds random, so the walk's
# new match deals the same way each run and every figure is the same each time. .mpy
# deploy: from 105,728 B since the name editor's wheel lost its sorts (app.namewheel);
# 105,984 B since the changed bands come from the drawing calls (no crc32
# code or band sums resident); 107,776 B since a snapshot, the archive and the rounds copy
# no history
# (Match.dump_parts; 107,520 B runs out, 402 B asked with 4,656 B free in pieces of 240 B
# at most, 100 KB in use on the way back from the assistant); the figure moves by 2 KB
# either way with a hundred bytes of bytecode, as the heap's layout falls: the old dump()
# beside it fitted from 107,008 B, failing at 106,752 B. 105,472 B since the bench's
# sys.path names no folder of the host's (107,264 B after the notices paged by phrase;
# 106,496 B (104 KB) since main's wiring went to
# app.boot, dropped after the boot, and a .mpy names its file with the qstr of its
# __file__ (107,776 B after the
# merges of 5 December; 100,864 B before them, since the unix board's machine is in C,
# static as an ESP32's; 104,192 B with the Python one; 109,824 B before a screen's module
# came into a collected heap; 114,432 B with 48 rows in a host folder; 140 KB before -O3
# and the screens, texts and fonts on demand). The ceiling keeps 2 KB over the figure:
# with 1 KB, CI's machine failed it on 6 December where every run here fitted (135 rows
# of 9 heaps, under load too, in CI's folder, with its clock and with the heap's address
# fixed), and which heap failed there, and why, went unsaid (a failing heap says it now).
CEILING = 109824
FROZEN_GOAL = 40 * 1024
# Frozen build: from 40,704 B since the changed bands come from the drawing calls (39,936 B
# fits, 40,448 B does not: the layout); 40,448 B since the history's copies went (39,936 B
# before; 41,728 B
# before the bench's sys.path lost the host's folder; 42,752 B without the translation sources
# frozen: manifest.py says why they are; 43,264 B after the merges of 5 December; 40,704 B
# before them, since the assistant's pages build their rows without a tuple each; 43,520 B
# with the Python machine, 46,080 B before a screen's module came into a collected heap (24
# rows, the data files under lib/ as a board holds them; 48 rows: 49,152 B; 58 KB before the
# sliced canvas). Frozen, the text and glyph caches and the open files are on the heap, about
# 5 KB.


def _port(found, what):
    binary, why = found
    if not binary:
        pytest.skip("no 32-bit %s (make test builds it): %s" % (what, why))
    return binary


@pytest.fixture(scope="module")
def device(tmp_path_factory):
    return (_port(mp32.plain(build=False), "MicroPython port"),
            bench.device_tree(out=str(tmp_path_factory.mktemp("device"))))


@pytest.fixture(scope="module")
def frozen(tmp_path_factory):
    return (_port(mp32.frozen(build=False), "port with manifest.py frozen"),
            bench.device_tree(frozen=True, out=str(tmp_path_factory.mktemp("frozen"))))


@pytest.fixture(scope="module")
def grown(device):
    return _port(mp32.grown(build=False), "port whose heap grows"), device[1]


def test_the_grown_port_grows_once(device, grown):
    # Three 24 KB objects asked of a 32 KB heap: one fits; where the heap grows once as
    # an ESP32's does (a second area of 32 KB), two, and never the third.
    script = """
keep = []
try:
    for i in range(3):
        keep.append(bytearray(24 * 1024))
except MemoryError:
    pass
print(len(keep))
"""
    counts = [subprocess.run([binary, "-X", "heapsize=32K", "-c", script], capture_output=True,
                             text=True).stdout.strip() for binary in (device[0], grown[0])]
    assert counts == ["1", "2"]


def test_the_devices_heap_is_the_same_in_a_longer_folder(device, tmp_path):
    # A clone in a longer folder (CI's) must measure what this one does: the port interns
    # each sys.path entry in the heap, and with the tree's absolute path on it a heap test
    # that passed here failed there. What the boot holds and each press allocates, from a
    # tree 150 characters deeper.
    deeper = os.path.join(str(tmp_path), "x" * 150, "device")
    shutil.copytree(device[1], deeper)
    outs = [bench.device(device[0], tree, presses=60, heap=128 * 1024, measure=True).stdout
            for tree in (device[1], deeper)]
    assert all("replayed " in out for out in outs), outs
    heaps = [{k: v for k, v in bench.figures(out.split("replayed ", 1)[1]).items()
              if k in ("booted", "alloc", "alloc_stay")} for out in outs]
    assert len(heaps[0]) == 3 and heaps[0] == heaps[1]


def test_the_device_fits_the_esp32_heap_grown_once(grown):
    # Stock ESP32 MicroPython starts with 56 KB and, out of heap, adds as much again when
    # its internal RAM has room (it keeps room for that and WiFi; the device starts no
    # WiFi). The .mpy deploy fits that, from every starting heap down to 2 KB less.
    assert bench.device_fits_from(*grown, heap=GOAL - bench.SPAN)


@pytest.mark.xfail(reason="it fits from 57,600 B, not 57,344 B (59,136 B before the changed"
                   " bands came from the drawing calls): resident bytecode grew with"
                   " the notices paged by phrase (app.scoreboard +306 B, app.app +57 B), the"
                   " frame drawn once (ui.canvas, hw.dcs) and the menus' still pages; a trial"
                   " letting the menus under a page go (built again when shown) won 256 B"
                   " here and lost 2 KB at 320x240 and in tournament mode (fragmentation);"
                   " 57,856 B before the history's copies went, as the layout fell")
def test_the_device_sharing_fits_the_esp32_heap_grown_once(grown):
    # Sharing on (hw.share) and a phone polling the page every second, every answer
    # whole: the radio's RAM is the ESP32's internal RAM beyond the heap, which one
    # growth leaves it. From 57,600 B since the changed bands come from the drawing calls;
    # from 59,136 B since a snapshot, the archive and the rounds copy no
    # history (the layout's lottery: 57,856 B before, since the bench's sys.path names no
    # folder of the
    # host's (58,112 B after the merges of 6 December; 57,344 B since Match.load's work
    # went to truc.loadcheck, the server's /past and /match.log answers to hw.pastlog,
    # and the menus under a page let their rows go; 58,368 B with issues 32 to 36
    # merged; 57,856 B before the server's deadlines, its room for six clients and the
    # unread input read before a close, the password's draw and a past match set aside
    # said: issue 33; 59,392 B before app.boot, app.device, hw.listen, the .mpy's file
    # names, the state sent in pieces and the translations' cache emptied at a screen's
    # opening). One run in a few at the least heaps has one of 252 page requests fail or
    # not, by timing: docs/PERFORMANCE.md.
    assert bench.device_fits_from(*grown, heap=GOAL, share=True)


# Tournament mode on: the grown port fits the walk from this starting heap, held with 1 KB to
# spare: from 56,320 B since the history's copies went; from 56,832 B (one run in four from
# 56,320 B) since a turn collects the heap once its modules are forgotten, so that the screens
# allocate as they would without the turn, and the bench reads the broker's answers before its
# clock goes on (tools/mp_device_bench.py settle): before, which turn read them was the
# machine's timing, and so was the layout; a run on a loaded machine (CI's) failed between
# 57,344 and 59,392 B. 71,680 B with micropython-lib's umqtt.simple and truc.tablelog, whose
# names took the walk past the seventh qstr pool, 9 KB at once: 1,300 names where the pool
# comes at 1,261; 1,257 with hw.mqtt, truc.tableline and truc.tablesetup; 75,776 B while the
# client, hw.tournament and the outbox stayed resident.
TOURNAMENT_FROM = 57344


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    # A real Mosquitto on loopback and, for each table of the heaps tried at once, a
    # director (paho-mqtt) that assigned it a match: (port, the tables' password).
    from tests.host.broker import Broker, Director, need_mosquitto

    need_mosquitto()
    password = "k3m9p2x7q4w8r6t5"
    tables = range(1, bench.SPAN // bench.STEP + 2)
    broker = Broker(tmp_path_factory.mktemp("broker"), {"table%d" % n: password
                                                        for n in tables})
    directors = [Director(broker.port, n) for n in tables]
    try:
        yield broker.port, password, directors
    finally:
        for d in directors:
            d.close()
        broker.kill()


@pytest.fixture
def tables(venue):
    # Each test's tables assigned their match afresh: the director holds none of its
    # commands (one it held already would be taken for sent twice, and not acknowledged).
    port, password, directors = venue
    for d in directors:
        d.assign("m%d" % d.table)
    return port, password


def test_the_device_in_a_tournament_walks_on_the_grown_port(grown, tables):
    # Tournament mode on (hw.tournament, its MQTT client hw.mqtt, the outbox) as a
    # table of a real Mosquitto on loopback: the walk's new match is the assigned one,
    # every command sent as played and held by the director at the end (bench.device_fits).
    assert bench.device_fits_from(*grown, heap=TOURNAMENT_FROM, tournament=tables)


def test_the_device_in_a_tournament_fits_the_esp32_heap_grown_once(grown, tables):
    # As sharing: the ESP32's 56 KB start, grown once, with a real broker on loopback.
    assert bench.device_fits_from(*grown, heap=GOAL, tournament=tables)


def test_the_frozen_device_sharing_fits_the_esp32_starting_heap(frozen):
    assert bench.device_fits_from(*frozen, heap=GOAL - bench.SPAN, frozen=True, share=True)


def test_the_320x240_layout_fits_the_esp32_heap_grown_once(grown, tmp_path):
    # The M5Stack Core's glass (issue 27): its wider canvas slice and larger fonts fit stock
    # ESP32 MicroPython as the T-Display's layout does (107,520 B on the plain port against
    # 102,912 B at 240x135: README, On a board). From a start of 55,040 B since the name
    # editor's wheel lost its sorts (54,784 B fails: the layout); 55,296 B since the changed
    # bands come from the drawing calls (55,040 B fails; 54,784 B fits: the layout); 54,784 B
    # since the history's
    # copies went; 54,528 B since the bench's sys.path names no folder of the host's (55,552 B
    # before: a non-strict expected failure; 55,040 B before the merges of 6 December's last
    # session; 56,320 B after the merges of 5 December; 55,808 B after those of 6 December,
    # 55,552 B since ui.clock, ui.modules and hw.journalformat left the heap: it ran out
    # opening a page of the assistant, 357 presses in). From 55,040 B since the main menu and
    # the assistant let their rows go under a page and Match.load's work went to
    # truc.loadcheck.
    tree = bench.device_tree(out=str(tmp_path / "wide"), wide=True)
    assert bench.device_fits_from(grown[0], tree, heap=GOAL - bench.SPAN)


# What the firmware and the bench do with machine, run on both stand-ins.
MACHINE_SCRIPT = """
try:
    import _machine32 as machine
except ImportError:
    import machine
Pin = machine.Pin
key = Pin(0, Pin.IN, Pin.PULL_UP)
print(key.value(), machine.PINS[0] is key, key())
machine.PINS[0].value(0)
print(key.value(), Pin(5, Pin.OUT, value=0).value(), Pin(6, Pin.OUT, value=1).value())
key.on(); print(key.value()); key.off(); print(key.value())
key.irq(trigger=Pin.WAKE_LOW, wake=machine.SLEEP)
key.init(Pin.OUT, value=1)
spi = machine.SPI(1, baudrate=26666667, polarity=0, phase=0, sck=Pin(18), mosi=Pin(19),
                  miso=None)
spi.write(b"abc"); spi.write(bytearray(61))
print(spi.bytes, spi.writes, machine.last_spi() is spi)
light = machine.PWM(Pin(4), freq=5000, duty_u16=65535)
print(light.duty_u16(), light.freq()); light.duty_u16(100); print(light.duty_u16())
adc = machine.ADC(Pin(34), atten=machine.ADC.ATTN_11DB)
print(adc.read_uv(), adc.read_u16(), machine.DEEPSLEEP)
machine.lightsleep(1); machine.idle()
machine.reset()
"""


def test_the_c_machine_does_what_the_python_one_does(device, tmp_path):
    # tests/unixboard/cmachine in the 32-bit ports, lib/machine.py on the 64-bit one.
    c = subprocess.run([device[0], "-c", MACHINE_SCRIPT], capture_output=True, text=True)
    python = subprocess.run(
        [mpbuild.tool("micropython"), "-c", MACHINE_SCRIPT], capture_output=True, text=True,
        env=dict(os.environ, MICROPYPATH=os.path.join(mpbuild.ROOT, "tests", "unixboard",
                                                      "lib")))
    assert c.returncode == python.returncode == 99, c.stdout + c.stderr
    assert c.stdout == python.stdout
    assert c.stdout.split("\n")[:2] == ["1 True 1", "0 0 1"]


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
    assert bench.device_fits_from(*device, heap=CEILING)


@pytest.mark.xfail(strict=True, reason="the .mpy deploy needs about 103 KB today, 47"
                   " KB over the 56 KB goal (docs/PERFORMANCE.md: what holds it)")
def test_the_device_fits_the_esp32_starting_heap(device):
    assert bench.device_fits_from(*device, heap=GOAL)


def test_the_frozen_device_fits_its_goal(frozen):
    # 41,728 B before a screen drew once a frame from a canvas of 8 rows (issue 36): its
    # buffer 960 B where 24 rows took 2,880 B.
    assert bench.device_fits_from(*frozen, heap=FROZEN_GOAL, frozen=True)


def test_a_full_archive_opens_on_the_esp32_heap_grown_once(grown, tmp_path):
    # Issue 33 item 1: with 20 matches kept, opening the newest failed at every start
    # from 58 to 63 KB for want of one 1,536 B block (the Match of 512 commands the
    # round history built to replay it). The walk opens the newest past match (Menu,
    # Past matches) from a full archive; from 54 KB on, no out-of-memory recovery. Now
    # the dump is replayed as it is read into a Match sized to it, the history replays
    # that Match in place (no second log), and Past matches lets its twenty rows go while
    # the match shows: it fits from 54,784 B (54,528 B before the changed bands came from
    # the drawing calls; 61,952 B before those two, 57,344 B before
    # the merges of 6 December).
    tree = bench.device_tree(out=str(tmp_path / "full"))
    assert len(bench.full_archive(tree)) == 20
    assert bench.device_fits_from(grown[0], tree, heap=GOAL - bench.SPAN)


def test_a_long_random_walk_never_runs_out_on_the_esp32_heap_grown_once(grown):
    # Issue 33 item 1: "a long random walk that records the largest free block and allows
    # no out-of-memory recovery at all". The soak's plan (presses, chords, waits, battery
    # pulls, new matches) for 10,000 presses, seeds 1 and 2, from the
    # ESP32's 56 KB start on the port that grows once (tools.bench walk, its harness frozen
    # in the port), the flash holding a full archive from the start. Before, the issue's
    # walk had 13 recoveries, 10 of them opening a past match; this one ran out at press
    # 457 (seed 1) on the firmware before the history replayed a past match in place.
    import io
    from concurrent.futures import ThreadPoolExecutor

    def walk(seed):  # raises tools.soak.Failed on a recovery
        return bench.walk((seed,), binary=grown[0], out=io.StringIO())[0]

    with ThreadPoolExecutor(2) as pool:
        runs = list(pool.map(walk, bench.WALK_SEEDS))
    for f in runs:
        assert f["presses"] >= 10000 and f["recoveries"] == 0 and f["pulls"] > 20, f
        assert f["block_min"] > 1024, f  # the largest free block after a collection at home
