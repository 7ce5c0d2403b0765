"""What serving /past does on the device (sim.device, sharing on 127.0.0.1): a damaged
past match set aside while a phone asks for the list is said on the device's screen, as
a boot says a damaged save; the readable ones are listed."""
import socket

from sim import headless
from sim.flash import Flash
from hw.archive import Archive
from truc.match import Match
from truc import tablelog


def _won(k):
    m = Match()
    for line in ("variant valencia", "set canton=12 cantons=2", "dealer %d" % k):
        assert tablelog.run(m, line) is None
    while m.winner() == 2:  # nobody yet
        assert tablelog.run(m, "baza A") is None
    return m


def _get(device, path):
    c = socket.create_connection(("127.0.0.1", device.app.sharing.server.port))
    c.sendall(b"GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path)
    c.setblocking(False)
    got = b""
    for _ in range(300):
        device.run(10)
        try:
            data = c.recv(4096)
        except BlockingIOError:
            continue
        if not data:
            break
        got += data
    c.close()
    return got


def test_a_past_match_set_aside_while_serving_is_said_on_the_device():
    flash = Flash()
    a = Archive(flash)
    assert a.keep(_won(0), ("NOS", "ELLS")) and a.keep(_won(1))
    data = bytearray(flash.files["truc.a01"])
    data[-1] ^= 0xFF  # its check: damaged
    flash.files["truc.a01"] = bytes(data)
    device, _, error = headless.prepare("tdisplay", "en", flash=flash, share=0)
    try:
        assert error is None and device.app.message == ""
        got = _get(device, b"/past")
        assert got.startswith(b"HTTP/1.1 200 OK") and got.count(b'"NOS"') == 1
        assert "truc.a01" not in device.flash.files and "truc.a01.bad1" in device.flash.files
        assert device.app.message == Archive.DAMAGED
        device.run(10)
        assert device.app.message == Archive.DAMAGED  # said, not taken back at the next turn
        assert _get(device, b"/past").count(b'"NOS"') == 1 and device.app.message == Archive.DAMAGED
    finally:
        device.app.sharing.off()
