# Tournament mode's work (hw.tournament): starting it (the tournament file read, the
# outbox caught up, the radio on), joining the broker as the table, reading what it says
# (the assignment, the director's `have`), sending the outbox's commands, the keepalive's
# ping. Imported by hw.tournament for a loop turn that has work and forgotten after it,
# with micropython-lib's umqtt.simple (lib/umqtt.simple): between turns the table keeps
# the client's socket and its last packet id, and each turn makes a client around them.
# Names are kept to those already interned (docs/PERFORMANCE.md): private constants.
from micropython import const

from ui import elapsed

_TIMEOUT_S = const(1)  # the longest a turn waits for the broker
_BACKOFF_MS = const(1000)  # the first wait before connecting again, doubled up to:
_BACKOFF_MOST_MS = const(32000)
_KEEPALIVE_S = const(60)  # the broker says "off" (the will) after 1.5 times this unheard
_PING_MS = const(30000)  # as hw.tournament's
_RESEND_MS = const(5000)
_BURST = const(4)  # commands sent in one turn at most
_LINE_MOST = const(128)  # bytes of a log payload (docs/TOURNAMENT.md)
_LOG = const("truc/table%d/log")
_STATUS = const("truc/table%d/status")
_ASSIGN = const("truc/table%d/assign")
_HAVE = const("truc/table%d/have")


class _Timed:
    """The client's socket, whose blocking reads wait _TIMEOUT_S at most (umqtt.simple
    sets a socket blocking, no timeout, after each read, which a silent network would
    make wait for ever), given first the byte hw.tournament's turn read (or -1)."""

    def __init__(self, sock, first):
        self.sock = sock
        self.first = first

    def setblocking(self, value):
        self.sock.settimeout(_TIMEOUT_S if value else 0)

    def read(self, n):
        first = self.first
        if first < 0:
            return self.sock.read(n)
        self.first = -1
        head = bytes((first,))
        return head if n == 1 else head + self.sock.read(n - 1)

    def write(self, data, n=-1):
        return self.sock.write(data, len(data) if n < 0 else n)

    def close(self):
        self.sock.close()


def start(tour, match):
    """Reads the tournament file and the outbox (caught up with match); turns the radio
    on."""
    from hw import outbox, tourfile

    try:
        tour.config = tourfile.load(tour.fs)  # None: no file (Tournament.state says so)
    except (ValueError, OSError) as e:
        tour.problem = tourfile.NAME + ": " + str(e)
    try:
        outbox.start(tour.outbox, match)
    except (ValueError, OSError) as e:  # kept on flash as it is: said
        tour.problem = outbox.NAME + ": " + str(e)
    c = tour.config
    if c is None:
        return
    import network

    tour.wlan = network.WLAN(network.STA_IF)
    tour.wlan.active(True)
    tour.wlan.connect(c.ssid, c.wifi)
    tour.next = tour.now


def begin(tour, match):
    """The assignment's match begun (its first command in match): the outbox anew."""
    from hw import outbox

    outbox.begin(tour.outbox, tour.waiting()[0])
    tour.outbox.changed(match)


def turn(tour, first):
    """Connects, or reads what the broker has (first: the byte hw.tournament read, or
    -1) and sends what the director lacks; a connection that fails is tried again
    after a wait that doubles."""
    from umqtt.simple import MQTTClient

    c = tour.config
    client = MQTTClient(c.user, c.host, c.port, c.user, c.password, _KEEPALIVE_S)
    client.set_callback(lambda topic, msg: message(tour, topic, msg))
    client.pid = tour.pid
    if tour.client is None:
        try:
            connect(tour, client)
            failed = False
        except Exception:  # refused, unreachable, cut
            failed = True
            if client.sock is not None and tour.client is None:
                tour.client = client.sock  # closed below
    else:
        client.sock = _Timed(tour.client, first)
        try:
            poll(tour, client)
            failed = False
        except (OSError, AssertionError, IndexError, TypeError):  # the broker gone, or
            failed = True  # what it said did not parse
    tour.pid = client.pid
    if failed:
        tour.drop()
        tour.next = tour.now + tour.timeout
        tour.timeout = min(2 * tour.timeout, _BACKOFF_MOST_MS)
    elif tour.client is not None:
        tour.client.settimeout(0)  # hw.tournament's turns only look


def connect(tour, client):
    table = tour.config.table
    client.set_last_will(_STATUS % table, b"off", True, 1)
    client.connect(True, _TIMEOUT_S)
    tour.client = client.sock
    client.sock = _Timed(client.sock, -1)
    client.publish(_STATUS % table, b"on", True, 1)
    client.subscribe(_ASSIGN % table, 1)
    client.subscribe(_HAVE % table, 1)
    tour.timeout = _BACKOFF_MS
    tour.heard = tour.moved = tour.now
    tour.sent = tour.have


def poll(tour, client):
    for _ in range(_BURST):  # what the broker has for the table
        if client.check_msg() is None:
            break
    outbox = tour.outbox
    now = tour.now
    if tour.sent > tour.have and elapsed(now, tour.moved) >= _RESEND_MS:
        tour.sent = tour.have  # lost on the way (a broker restarted): again
        tour.moved = now
    if outbox.match_id and tour.sent < outbox.count:
        from hw.outbox import lines

        topic = _LOG % tour.config.table
        for seq, line in lines(outbox, tour.sent, _BURST):
            msg = (outbox.match_id + " " + str(seq) + " " + line).encode()
            client.publish(topic, msg[:_LINE_MOST], False, 1)
            tour.sent = seq
            tour.heard = now
    if elapsed(now, tour.heard) >= _PING_MS:
        client.ping()
        tour.heard = now


def message(tour, topic, msg):
    # umqtt's callback: the assignment, or what the director holds.
    from hw.payloads import assignment, have

    try:
        if topic.endswith(b"/assign"):
            tour.assigned = assignment(msg, tour.config.table)
        elif topic.endswith(b"/have"):
            match, count = have(msg)
            outbox = tour.outbox
            if match == outbox.match_id and count <= outbox.count:
                if count > tour.have:
                    tour.moved = tour.now
                tour.have = count
                tour.sent = max(tour.sent, count)
    except ValueError as e:  # said on the Tournament screen; nothing changes
        tour.refused = str(topic, "ascii").rsplit("/", 1)[-1] + ": " + str(e)
