"""The shared page in a real browser (headless Chromium through Selenium and Debian's
chromedriver): the simulator plays a match, serves the page from the firmware's own
server (hw.share, hw.httpd) on 127.0.0.1, and the rendered page must say the engine's
score; a key press shows within 2 s; the downloaded log replays to the same state; a
phone-sized screenshot goes to docs/share-phone.png. The QR code on the simulated
screen, read by zxing-cpp, joins the network the device opened."""
import os
import shutil
import tempfile
import threading
import time
import urllib.request

import pytest

import sim  # noqa: F401  (firmware on the import path)
import network
from sim import headless
from sim.fingers import Fingers
from ui.gestures import SHORT
from tools.replay import describe, replay
from truc import tablelog
from truc.history import CANTONS_A, CANTONS_B, History, PTS_A, PTS_B

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOG = os.path.join(ROOT, "tools", "logs", "mallorca.log")
CHROMIUM = "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--no-first-run", "--disable-sync")


def _lines(n):
    with open(LOG, "rb") as f:
        return tablelog.split(f.read())[:n]


class Served:
    """A simulated device sharing its page, run in real time by a thread."""

    def __init__(self, lines, board="tdisplay", language="en"):
        self.device, self.fingers, error = headless.prepare(board, language, lines, share=0)
        assert error is None
        self.port = self.device.app.sharing.server.port
        self.lock = threading.Lock()
        self.done = False
        self.thread = threading.Thread(target=headless.serve,
                                       args=(self.device, self.lock, lambda: self.done))
        self.thread.start()

    def url(self, path="/"):
        return "http://127.0.0.1:%d%s" % (self.port, path)

    def close(self):
        self.done = True
        self.thread.join()
        self.device.app.sharing.off()


@pytest.fixture
def served():
    s = Served(_lines(40))
    yield s
    s.close()


def _browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed")
    if not os.path.exists(CHROMIUM) or not os.path.exists(DRIVER):
        pytest.skip("no Chromium at %s or chromedriver at %s (Debian: apt-get install "
                    "chromium chromium-driver)" % (CHROMIUM, DRIVER))
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="chromium-")
    options.add_argument("--user-data-dir=" + profile)
    options.add_argument("--window-size=390,844")  # a phone's viewport
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    except Exception as e:  # noqa: BLE001  (no display libraries, a broken install)
        shutil.rmtree(profile, ignore_errors=True)
        pytest.skip("Chromium does not start here: %s" % str(e).splitlines()[0])
    return driver, profile


def _wait_for(driver, test, seconds):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test(driver):
            return True
        time.sleep(0.05)
    return False


def _shown(driver):
    def text(i):
        return driver.find_element("id", i).text

    return {"points": [int(text("pa") or -1), int(text("pb") or -1)], "title": text("title"),
            "cantons": text("cantons"), "seats": text("seats")}


def test_the_page_shows_the_engines_score_and_a_press_within_2_s(served):
    driver, profile = _browser()
    try:
        m = served.device.app.match
        state = describe(m)
        driver.get(served.url())
        assert _wait_for(driver, lambda d: d.find_element("id", "pa").text != "", 5)
        shown = _shown(driver)
        assert shown["points"] == state["points"]
        assert shown["title"] == "Round %d" % state["round"]
        assert shown["cantons"] == "cantons %d-%d" % tuple(state["cantons"])
        assert shown["seats"] == "D%d M%d" % (state["dealer"] + 1, state["hand_ma"] + 1)
        rows = driver.find_elements("css selector", "#rounds tr")
        h = History(m)
        assert len(rows) == 1 + h.count() and h.count() >= 3
        # Each row is its record's round and points (the page reads the records' bytes).
        for i, tr in enumerate(rows[1:]):
            cells = [td.text for td in tr.find_elements("css selector", "td")]
            number, duel = h.round_name(i)
            assert cells[0] == "%d%s" % (number, ".%d" % duel if duel else "")
            assert cells[1] == "%d (%d)" % (h.field(i, PTS_A), h.field(i, CANTONS_A))
            assert cells[2] == "%d (%d)" % (h.field(i, PTS_B), h.field(i, CANTONS_B))
        assert _wait_for(driver, lambda d: d.execute_script("return drawn") > 0, 5)
        # The picture of the match, drawn from its log: a mark in team A's colour.
        assert driver.execute_script(
            "var d = document.getElementById('pic').getContext('2d')"
            ".getImageData(0, 0, 640, 160).data, n = 0;"
            "for (var i = 0; i < d.length; i += 4) if (d[i] == 255 && d[i + 1] == 153) n++;"
            "return n") > 100
        driver.save_screenshot(os.path.join(ROOT, "docs", "share-phone.png"))
        # A press on the device: team A's key takes the baza (or what it offers now).
        before = m.entries()
        with served.lock:
            Fingers(served.device).gesture(0, SHORT)
            served.device.run(600)
        after = describe(m)
        assert m.entries() == before + 1
        pressed = time.monotonic()
        assert _wait_for(driver, lambda d: _shown(d)["points"] == after["points"]
                         and d.execute_script("return seen")
                         == served.device.app.sharing.version, 2.0)
        assert time.monotonic() - pressed < 2.0
        # The log the page offers replays to the device's state.
        log = urllib.request.urlopen(served.url("/match.log"), timeout=5).read()
        replayed, status = replay(tablelog.split(log), out=open(os.devnull, "w"))
        assert status == 0 and describe(replayed) == describe(m)
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def test_the_qr_code_on_the_screen_joins_the_network():
    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp is not installed")
    for board in ("tdisplay", "devkit_oled", "m5stack_core"):
        device, fingers, error = headless.prepare(board, "en", _lines(5))
        assert error is None
        app = device.app
        app.open("mainmenu")
        app.top().choose(app, "share")
        app.render()  # as the loop does after the press that chose it
        device.run(100)
        assert app.top_name() == "share" and device.app.sharing.active()
        image = device.image(4).convert("L")
        found = zxingcpp.read_barcodes(image)
        password = app.settings.password
        assert len(password) >= 8
        config = network._state["config"]
        assert config["essid"] == "truc-0001" and config["password"] == password
        assert [r.text for r in found] == ["WIFI:T:WPA;S:truc-0001;P:%s;;" % password]
        device.app.sharing.off()
        assert not network._state["active"]


def test_sharing_and_its_password_come_back_after_a_power_cut():
    device, fingers, error = headless.prepare("tdisplay", "en", _lines(5), share=0)
    password = device.app.settings.password
    device.run(100)
    device.app.sharing.server.close()
    device.pull_battery()
    assert device.app.sharing.active() and device.app.settings.password == password
    device.app.sharing.off()
    device.app.after_event()
    device.pull_battery()
    assert device.app.sharing is None  # not even made: off, as the players left it
    assert device.app.settings.password == password
