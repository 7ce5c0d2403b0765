# Tournament mode's work (hw.tournament): starting it (the tournament file read, the
# outbox caught up, the radio on), joining the broker as the table, reading what it says
# (the assignment, the director's `have`), sending the outbox's commands, the keepalive's
# ping. Imported by hw.tournament for a loop turn that has work and forgotten after it,
# with the MQTT client (hw.mqtt): between turns the table keeps the socket to the broker
# and its last packet id. Names are kept to those already interned (docs/PERFORMANCE.md):
# private constants.
from micropython import const

from ui import elapsed

_BACKOFF_MS = const(1000)  # the first wait before connecting again, doubled up to:
_BACKOFF_MOST_MS = const(32000)
_PING_MS = const(30000)  # as hw.tournament's; half hw.mqtt's keepalive
_RESEND_MS = const(5000)
_BURST = const(4)  # commands sent in one turn at most (and twice as many packets read)
_LINE_MOST = const(128)  # bytes of a log payload (docs/TOURNAMENT.md)
_LOG = const("truc/table%d/log")
_STATUS = const("truc/table%d/status")
_ASSIGN = const("truc/table%d/assign")
_HAVE = const("truc/table%d/have")


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
    try:
        if tour.client is None:
            connect(tour)
        else:
            poll(tour, first)
        failed = False
    except OSError:  # refused, unreachable, cut, or what the broker said did not parse
        failed = True
    if failed:
        tour.drop()
        tour.next = tour.now + tour.timeout
        tour.timeout = min(2 * tour.timeout, _BACKOFF_MOST_MS)
    elif tour.client is not None:
        tour.client.settimeout(0)  # hw.tournament's turns only look


def connect(tour):
    from hw import mqtt

    c = tour.config
    table = c.table
    sock = mqtt.connect(c.host, c.port, c.user, c.password, _STATUS % table)
    tour.client = sock
    mqtt.publish(sock, _STATUS % table, b"on", 1, 1)  # packet ids anew: a clean session
    mqtt.subscribe(sock, _ASSIGN % table, 2)
    mqtt.subscribe(sock, _HAVE % table, 3)
    tour.pid = 3
    tour.timeout = _BACKOFF_MS
    tour.heard = tour.moved = tour.now
    tour.sent = tour.have


def poll(tour, first):
    from hw import mqtt

    sock = tour.client
    for _ in range(2 * _BURST):  # what the broker has for the table
        got = mqtt.read(sock, first)
        first = -1
        if got is None:
            break
        if got[0]:
            message(tour, got[0], got[1])
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
            tour.pid = tour.pid % 65535 + 1
            mqtt.publish(sock, topic, msg[:_LINE_MOST], 0, tour.pid)
            tour.sent = seq
            tour.heard = now
    if elapsed(now, tour.heard) >= _PING_MS:
        mqtt.ping(sock)
        tour.heard = now


def message(tour, name, data):
    # A PUBLISH from the broker: the assignment, or what the director holds.
    from hw.payloads import assignment, have

    try:
        if name.endswith(b"/assign"):
            tour.assigned = assignment(data, tour.config.table)
        elif name.endswith(b"/have"):
            match, count = have(data)
            outbox = tour.outbox
            if match == outbox.match_id and count <= outbox.count:
                if count > tour.have:
                    tour.moved = tour.now
                tour.have = count
                tour.sent = max(tour.sent, count)
    except ValueError as e:  # said on the Tournament screen; nothing changes
        tour.refused = str(name, "ascii").rsplit("/", 1)[-1] + ": " + str(e)
