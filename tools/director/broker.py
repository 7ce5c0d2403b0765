"""The broker the director starts when none is given: Mosquitto, with a configuration of
its own written to a folder of its own (docs/TOURNAMENT.md, "Who may do what"): a
listener on the address given, no anonymous clients, a password file hashed by
mosquitto_passwd, the ACL, persistence (retained messages and sessions survive a
restart). Where Mosquitto is not installed: amqtt (PyPI, pure Python), with the same
users (argon2-hashed) and the same ACL spelled out table by table (amqtt has no %u
patterns); it keeps nothing across a restart (the director publishes the retained
topics again when it reconnects)."""
import json
import os
import sys
import shutil
import socket
import subprocess
import time

ACL = """\
# every table: its own topics only
pattern write truc/%u/log
pattern write truc/%u/status
pattern read truc/%u/assign
pattern read truc/%u/have
# the director: everything
user director
topic readwrite truc/#
# spectators (pages, projector): the live results only
user spectator
topic read truc/live/#
"""

CENTRAL_ACL = """\
# every venue's bridge: its own live results only
pattern write truc/venue/%u/live/#
# the central director: everything
user director
topic readwrite truc/#
# spectators: every venue's live results
user spectator
topic read truc/venue/+/live/#
"""


def bridge(venue, host, port, password):
    """The venue broker's configuration lines that bridge its truc/live/# to the central
    broker as truc/venue/<venue>/live/# (docs/TOURNAMENT.md)."""
    if not venue.isascii() or not venue.replace("-", "").isalnum():
        raise ValueError("a venue's name: ASCII letters, digits and -")
    return "\n".join([
        "connection venue-%s" % venue,
        "address %s:%d" % (host, port),
        "remote_username " + venue,
        "remote_password " + password,
        "remote_clientid venue-" + venue,
        "cleansession false",
        "restart_timeout 1 5",
        "topic live/# out 1 truc/ truc/venue/%s/" % venue,
    ]) + "\n"


def mosquitto():
    """The mosquitto program, or None where it is not installed."""
    return shutil.which("mosquitto") or next(
        (p for p in ("/usr/sbin/mosquitto", "/usr/local/sbin/mosquitto") if os.path.exists(p)),
        None)


def free_port(host="127.0.0.1"):
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def write_config(folder, users, host="127.0.0.1", port=1883, extra="", acl=ACL):
    """Writes mosquitto.conf, passwd (hashed by mosquitto_passwd) and acl into folder;
    users is {name: password}. Returns the configuration's path."""
    os.makedirs(folder, exist_ok=True)
    passwd = os.path.join(folder, "passwd")
    fd = os.open(passwd + ".new", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        for user, password in sorted(users.items()):
            if ":" in user or "\n" in user + password:
                raise ValueError("bad user name %r" % user)
            f.write("%s:%s\n" % (user, password))
    tool = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
    subprocess.run([tool, "-U", passwd + ".new"], check=True, capture_output=True, timeout=60)
    os.replace(passwd + ".new", passwd)
    with open(os.path.join(folder, "acl"), "w") as f:
        f.write(acl)
    conf = os.path.join(folder, "mosquitto.conf")
    lines = [
        "# written by tools.director: docs/TOURNAMENT.md",
        "per_listener_settings false",
        "listener %d %s" % (port, host),
        "allow_anonymous false",
        "password_file " + passwd,
        "acl_file " + os.path.join(folder, "acl"),
        "persistence true",
        "persistence_location " + folder + os.sep,
        "autosave_interval 1",
        "log_dest file " + os.path.join(folder, "mosquitto.log"),
        "log_type error",
        "log_type warning",
        "log_type notice",
        "max_queued_messages 100000",
    ]
    if os.geteuid() == 0:
        lines.append("user root")  # else mosquitto drops to a user that cannot read folder
    with open(conf, "w") as f:
        f.write("\n".join(lines) + "\n" + extra)
    return conf


def amqtt_acl(users):
    """The ACL of docs/TOURNAMENT.md for amqtt's TopicAccessControlListPlugin: per user,
    the topics it may publish to and subscribe to."""
    publish, subscribe = {"director": ["truc/#"], "spectator": []}, {
        "director": ["truc/#"], "spectator": ["truc/live/#"]}
    for user in users:
        if user.startswith("table"):
            publish[user] = ["truc/%s/log" % user, "truc/%s/status" % user]
            subscribe[user] = ["truc/%s/assign" % user, "truc/%s/have" % user]
    return publish, subscribe


def write_amqtt_config(folder, users, host, port):
    from pwdlib.hashers.argon2 import Argon2Hasher  # amqtt's own dependency

    os.makedirs(folder, exist_ok=True)
    passwd = os.path.join(folder, "passwd")
    hasher = Argon2Hasher()
    fd = os.open(passwd, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as f:
        for user, password in sorted(users.items()):
            f.write("%s:%s\n" % (user, hasher.hash(password)))
    publish, subscribe = amqtt_acl(users)
    config = {
        "listeners": {"default": {"type": "tcp", "bind": "%s:%d" % (host, port)}},
        "plugins": {
            "amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": False},
            "amqtt.plugins.authentication.FileAuthPlugin": {"password_file": passwd},
            "amqtt.plugins.topic_checking.TopicAccessControlListPlugin": {
                "publish_acl": publish, "acl": subscribe},
        },
    }
    conf = os.path.join(folder, "amqtt.yaml")
    with open(conf, "w") as f:
        json.dump(config, f, indent=1)  # JSON is YAML
    return conf


class Mosquitto:
    """One mosquitto process on a configuration written by write_config."""

    def __init__(self, folder, users, host="127.0.0.1", port=None, extra="", acl=ACL):
        program = mosquitto()
        if program is None:
            raise OSError("mosquitto is not installed (Debian: apt-get install mosquitto)")
        self.folder = folder
        self.host = host
        self.port = port or free_port(host)
        self.extra, self.acl = extra, acl
        self.conf = write_config(folder, users, host, self.port, extra, acl)
        self.command = [program, "-c", self.conf]
        self.process = None

    def start(self, timeout=10):
        self.process = subprocess.Popen(self.command,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise OSError("%s stopped: %s (%s)" % (self.command[0],
                    self.process.stderr.read().decode(errors="replace").strip(), self.log()))
            try:
                socket.create_connection((self.host, self.port), timeout=0.2).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise OSError("%s did not listen on %s:%d" % (self.command[0], self.host, self.port))

    def kill(self):
        """Kills it at once (SIGKILL), as a power cut would."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process.stderr.close()
            self.process = None

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
            self.process.stderr.close()
            self.process = None

    def log(self):
        try:
            with open(os.path.join(self.folder, "mosquitto.log")) as f:
                return f.read()[-2000:]
        except OSError:
            return ""

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


class Amqtt(Mosquitto):
    """amqtt's broker in a process of its own, where Mosquitto is missing."""

    def __init__(self, folder, users, host="127.0.0.1", port=None):
        self.folder = folder
        self.host = host
        self.port = port or free_port(host)
        self.conf = write_amqtt_config(folder, users, host, self.port)
        self.command = [sys.executable, "-m", "amqtt.scripts.broker_script", "-c", self.conf]
        self.process = None


def start_broker(folder, users, host="127.0.0.1", port=None):
    """Mosquitto where installed, else amqtt: a started broker."""
    if mosquitto() is not None:
        return Mosquitto(folder, users, host, port).start()
    return Amqtt(folder, users, host, port).start()
