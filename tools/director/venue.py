"""A venue: the director and, when no broker is given, the broker it starts (Mosquitto,
configured in a folder beside the database: FILE.broker/)."""
from tools.director.broker import Amqtt, Mosquitto, mosquitto
from tools.director.director import Director
from tools.director.tournament import Tournament


def parse_broker(text):
    """(host, port) of "HOST:PORT" (or "mqtt://HOST:PORT", or HOST: port 1883)."""
    if text.startswith("mqtt://"):
        text = text[len("mqtt://"):]
    host, colon, port = text.rstrip("/").rpartition(":")
    if not colon:
        return text, 1883
    if not port.isdigit() or not host:
        raise ValueError("a broker is HOST:PORT, not %r" % text)
    return host, int(port)


class Venue:
    def __init__(self, db, broker=None, listen="127.0.0.1", port=1883):
        self.db = db
        self.broker = None
        if broker:
            self.host, self.port = parse_broker(broker)
        else:
            t = Tournament(db)
            users = t.broker_users()
            t.close()
            if mosquitto() is not None:
                self.broker = Mosquitto(db + ".broker", users, listen, port)
            else:
                try:
                    import amqtt  # noqa: F401
                except ImportError:
                    raise OSError("neither mosquitto (Debian: apt-get install mosquitto) nor "
                                  "amqtt (pip install amqtt) is installed, and no --broker "
                                  "HOST:PORT was given") from None
                self.broker = Amqtt(db + ".broker", users, listen, port)
            self.host = "127.0.0.1" if listen in ("0.0.0.0", "") else listen
            self.port = self.broker.port
        self.director = None

    def start(self, draw=True):
        if self.broker is not None:
            self.broker.start()
        self.start_director(draw)
        return self

    def start_director(self, draw=True):
        self.director = Director(self.db, self.host, self.port).start()
        self.director.wait_connected()
        if draw:
            with self.director.lock:
                started = self.director.tournament.started()
            if not started:
                self.director.start_tournament()
        return self.director

    def stop_director(self):
        if self.director is not None:
            self.director.stop()
            self.director = None

    def stop(self):
        self.stop_director()
        if self.broker is not None:
            self.broker.stop()
