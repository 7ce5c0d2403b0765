# MQTT 3.1.1 (OASIS standard), the part a table uses (docs/TOURNAMENT.md): CONNECT with a
# will, user and password and a keepalive; PUBLISH at QoS 1; SUBSCRIBE at QoS 1; PINGREQ;
# what the broker sends read a packet at a time, its PUBLISH acknowledged. The PUBACKs of
# what the table sends are read and dropped: the director's `have` says what it holds.
# Written here rather than micropython-lib's umqtt.simple for the names each brings,
# which stay interned after the module is forgotten (README, docs/PERFORMANCE.md): names
# are kept to those the port or the device already has.
import socket

from micropython import const

_TIMEOUT_S = const(1)  # the longest a read waits for the broker
_KEEPALIVE_S = const(60)  # the broker says the will after 1.5 times this unheard
_MOST = const(2048)  # bytes of a packet from the broker: an assignment's JSON is less
_PUBLISH = const(0x30)
_PUBACK = const(0x40)
_SUBACK = const(0x90)
_CLOSED = const("the broker closed the connection")


def pack(data):
    """A UTF-8 string (str or bytes) as MQTT writes it: its length in two bytes first."""
    if isinstance(data, str):
        data = data.encode()
    n = len(data)
    return bytes((n >> 8, n & 255)) + data


def send(sock, kind, data):
    """Writes the packet of fixed header byte kind and body data (bytes)."""
    n = len(data)
    head = bytearray((kind,))
    while True:
        head.append(n & 127 | (128 if n > 127 else 0))
        n >>= 7
        if not n:
            sock.write(bytes(head) + data)
            return


def connect(host, port, user, password, name):
    """A socket joined to the broker at host:port as user (its client id too), a clean
    session whose will publishes b"off" retained at QoS 1 on topic name. OSError when
    the broker cannot be reached or refuses (its return code)."""
    addr = socket.getaddrinfo(host, port)[0][-1]
    sock = socket.socket()
    try:
        sock.settimeout(_TIMEOUT_S)
        sock.connect(addr)
        # Protocol "MQTT" level 4; flags: user, password, will retained at QoS 1, clean.
        send(sock, 0x10, b"\x00\x04MQTT\x04\xee" + bytes((0, _KEEPALIVE_S)) + pack(user)
             + pack(name) + pack(b"off") + pack(user) + pack(password))
        got = sock.read(4)
        if got[:2] != b"\x20\x02" or got[3:] != b"\x00":  # CONNACK: accepted, or
            raise OSError("the broker refused: %r" % got)  # its return code
    except Exception:
        sock.close()
        raise
    return sock


def publish(sock, name, data, flags, pid):
    """Sends data on topic name at QoS 1 as packet pid (flags 1: retained)."""
    send(sock, _PUBLISH | 2 | flags, pack(name) + bytes((pid >> 8, pid & 255)) + data)


def subscribe(sock, name, pid):
    """Subscribes to topic name at QoS 1 as packet pid (read() checks the SUBACK)."""
    send(sock, 0x82, bytes((pid >> 8, pid & 255)) + pack(name) + b"\x01")


def ping(sock):
    sock.write(b"\xc0\x00")


def read(sock, first):
    """The next packet from the broker (first: its first byte, read already, or -1): None
    when none has come, else (topic, message) for a PUBLISH (acknowledged at once) and
    (b"", b"") for another. OSError when the connection is closed or what came does not
    parse as MQTT (the stream is then lost: the caller leaves the broker)."""
    if first < 0:
        sock.settimeout(0)
        got = sock.read(1)
        sock.settimeout(_TIMEOUT_S)
        if got is None:
            return None
        if not got:
            raise OSError(_CLOSED)
        first = got[0]
    sock.settimeout(_TIMEOUT_S)
    n = 0
    for shift in range(0, 28, 7):  # the remaining length, in at most 4 bytes
        got = sock.read(1)
        if not got:
            raise OSError(_CLOSED)
        n |= (got[0] & 127) << shift
        if got[0] < 128:
            break
    else:
        raise OSError("a length of over 4 bytes")
    if n > _MOST:
        raise OSError("a packet of %d bytes" % n)
    data = sock.read(n) if n else b""
    if len(data) != n:
        raise OSError(_CLOSED)
    kind = first & 0xf0
    if kind == _SUBACK and (n != 3 or data[2] > 1):
        raise OSError("a subscription refused")
    if kind != _PUBLISH:
        return b"", b""
    qos = first >> 1 & 3
    length = 2 + (data[0] << 8 | data[1]) if n >= 2 else n + 1
    if qos > 1 or length + (2 if qos else 0) > n:
        raise OSError("a PUBLISH cut short")
    if qos:
        sock.write(bytes((_PUBACK, 2)) + data[length:length + 2])
    return data[2:length], data[length + (2 if qos else 0):]
