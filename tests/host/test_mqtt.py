"""hw.mqtt, tournament mode's MQTT 3.1.1 client: its bytes on the wire, each checked
against the standard's encoding (OASIS MQTT 3.1.1, section 3), and what it makes of what
a broker sends, a packet at a time. The client against a real Mosquitto:
test_tournament_device.py and test_tournament_unixport.py."""
import socket as _socket

import pytest

from hw import mqtt


class Wire:
    """A socket's stand-in: what the client writes, and what the broker sent (bytes)
    served as MicroPython's stream read serves it (None: nothing yet, non-blocking)."""

    def __init__(self, sent=b"", closed_after=False):
        self.sent = bytearray(sent)
        self.eof = closed_after  # the broker closed the connection after sent
        self.written = b""
        self.timeout = None
        self.closed = False
        self.peer = None

    def settimeout(self, value):
        self.timeout = value

    def connect(self, addr):
        self.peer = addr

    def read(self, n):
        if not self.sent:
            return None if self.timeout == 0 and not self.eof else b""
        got = bytes(self.sent[:n])
        del self.sent[:n]
        return got

    def write(self, data):
        self.written += bytes(data)
        return len(data)

    def close(self):
        self.closed = True


def _connect(monkeypatch, answer):
    wire = Wire(answer)
    monkeypatch.setattr(mqtt.socket, "socket", lambda: wire)
    monkeypatch.setattr(mqtt.socket, "getaddrinfo",
                        lambda host, port: [(2, 1, 0, "", (host, port))])
    return wire


def test_connect_sends_the_will_the_user_and_password_and_the_keepalive(monkeypatch):
    wire = _connect(monkeypatch, b"\x20\x02\x00\x00")
    sock = mqtt.connect("192.168.4.2", 1883, "table7", "k3m9p2x7q4w8r6t5",
                        "truc/table7/status")
    assert sock is wire and wire.peer == ("192.168.4.2", 1883) and not wire.closed
    body = (b"\x00\x04MQTT\x04"  # protocol name and level 4 (3.1.1)
            b"\xee"  # user, password, will retained, will QoS 1, will, clean session
            b"\x00\x3c"  # keepalive: 60 s
            b"\x00\x06table7"  # client id
            b"\x00\x12truc/table7/status\x00\x03off"  # the will: its topic, its message
            b"\x00\x06table7\x00\x10k3m9p2x7q4w8r6t5")  # user, password
    assert wire.written == b"\x10" + bytes((len(body),)) + body
    assert wire.timeout == 1


@pytest.mark.parametrize("answer", (b"\x20\x02\x00\x05", b"\x20\x02\x00\x04", b"\x21\x02\x00",
                                    b""))
def test_a_refused_or_cut_connack_closes_the_socket(monkeypatch, answer):
    wire = _connect(monkeypatch, answer)
    with pytest.raises(OSError):
        mqtt.connect("h", 1883, "table7", "k3m9p2x7q4w8r6t5", "truc/table7/status")
    assert wire.closed


def test_a_connack_with_a_session_present_is_accepted(monkeypatch):
    wire = _connect(monkeypatch, b"\x20\x02\x01\x00")
    assert mqtt.connect("h", 1883, "table7", "k3m9p2x7q4w8r6t5", "t") is wire


def test_publish_at_qos_1_with_its_packet_id_and_retain():
    wire = Wire()
    mqtt.publish(wire, "truc/table7/log", b"m1 1 variant mallorca", 0, 513)
    assert wire.written == (b"\x32\x28\x00\x0ftruc/table7/log\x02\x01"
                            b"m1 1 variant mallorca")
    wire = Wire()
    mqtt.publish(wire, "truc/table7/status", b"on", 1, 1)
    assert wire.written == b"\x33\x18\x00\x12truc/table7/status\x00\x01on"


def test_the_remaining_length_takes_two_bytes_from_128():
    wire = Wire()
    mqtt.publish(wire, "t", b"x" * 200, 0, 1)  # 2 + 1 + 2 + 200 = 205 = 0x4d + 1 * 128
    assert wire.written[:3] == b"\x32\xcd\x01" and len(wire.written) == 3 + 205
    wire = Wire()
    mqtt.send(wire, 0x30, b"y" * 16384)  # 16,384 = 0 + 0 * 128 + 1 * 128 * 128
    assert wire.written[:4] == b"\x30\x80\x80\x01"


def test_subscribe_at_qos_1_and_ping():
    wire = Wire()
    mqtt.subscribe(wire, "truc/table7/assign", 2)
    assert wire.written == b"\x82\x17\x00\x02\x00\x12truc/table7/assign\x01"
    wire = Wire()
    mqtt.ping(wire)
    assert wire.written == b"\xc0\x00"


def test_nothing_come_is_none_and_the_socket_waits_again():
    wire = Wire()
    assert mqtt.read(wire, -1) is None
    assert wire.timeout == 1 and wire.written == b""


def test_a_publish_at_qos_1_is_read_and_acknowledged():
    msg = b'{"match": "m1"}'
    wire = Wire(b"\x32" + bytes((2 + 18 + 2 + len(msg),)) + b"\x00\x12truc/table7/assign"
                b"\x12\x34" + msg + b"\xd0\x00")
    assert mqtt.read(wire, -1) == (b"truc/table7/assign", msg)
    assert wire.written == b"\x40\x02\x12\x34"  # PUBACK, the packet id
    assert mqtt.read(wire, -1) == (b"", b"")  # the PINGRESP after it
    assert mqtt.read(wire, -1) is None


def test_a_retained_publish_at_qos_0_is_not_acknowledged_and_its_first_byte_given():
    wire = Wire(b"\x0a\x00\x03abcm1 12")  # the first byte, 0x31, read by hw.tournament
    assert mqtt.read(wire, 0x31) == (b"abc", b"m1 12")
    assert wire.written == b""


@pytest.mark.parametrize("sent", (b"\x40\x02\x00\x05", b"\x90\x03\x00\x02\x01", b"\xd0\x00"))
def test_the_acks_are_read_whole_and_dropped(sent):
    wire = Wire(sent + b"\xd0\x00")
    assert mqtt.read(wire, -1) == (b"", b"")
    assert wire.sent == b"\xd0\x00" and wire.written == b""


@pytest.mark.parametrize("sent", (
    b"",  # the broker closed the connection
    b"\x90\x03\x00\x02\x80",  # a subscription refused
    b"\x34\x05\x00\x01tab",  # QoS 2: never asked for
    b"\x30\x05\x00\x09tab",  # a topic longer than the packet
    b"\x32\x03\x00\x01t",  # no room for the packet id
    b"\x30\x80\x80\x80\x80\x01",  # a length of five bytes
    b"\x30\xff\x7f",  # 16,383 bytes: more than a table is ever sent
    b"\x30\x0a\x00\x03abc",  # cut short
))
def test_what_does_not_parse_is_an_oserror(sent):
    wire = Wire(sent, closed_after=True)
    with pytest.raises(OSError):
        mqtt.read(wire, -1)
    assert wire.written == b""


def test_the_client_speaks_to_a_real_socket_pair():
    # A PUBLISH through a real socket (CPython's, with the simulator's MicroPython stream
    # methods), byte for byte as written.
    import network  # noqa: F401  (sim/stand_ins: read and write on CPython sockets)

    a, b = _socket.socketpair()
    try:
        mqtt.publish(a, "truc/table7/have", b"m1 3", 0, 7)
        b.settimeout(1)
        assert mqtt.read(b, -1) == (b"truc/table7/have", b"m1 3")
        assert a.recv(4) == b"\x40\x02\x00\x07"
    finally:
        a.close()
        b.close()
