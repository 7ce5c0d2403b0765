"""Firefox driven through WebDriver BiDi on its own websocket: Debian ships no geckodriver,
and Firefox speaks BiDi itself when started with --remote-debugging-port. Just what the
page tests need: open a page, evaluate an expression, take a screenshot."""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import time

import websocket


class Failed(Exception):
    pass


class Firefox:
    """A headless Firefox with an empty profile of its own and one browsing context."""

    def __init__(self, binary, width, height, seconds=30):
        self.seconds = seconds
        self.profile = tempfile.mkdtemp(prefix="firefox-")
        self.errors = tempfile.TemporaryFile()
        # Port 0: Firefox picks a free one and writes it into the profile.
        self.process = subprocess.Popen(
            [binary, "--headless", "--remote-debugging-port=0", "--profile", self.profile,
             "about:blank"], stdout=subprocess.DEVNULL, stderr=self.errors)
        self.socket = None
        self.last = 0
        try:
            port = self._port()
            # Firefox turns away a handshake with an Origin header (one a web page sends).
            self.socket = websocket.create_connection(
                "ws://127.0.0.1:%d/session" % port, timeout=seconds, suppress_origin=True)
            self.call("session.new", capabilities={})
            tree = self.call("browsingContext.getTree", maxDepth=0)
            self.context = tree["contexts"][0]["context"]
            self.call("browsingContext.setViewport", context=self.context,
                      viewport={"width": width, "height": height})
        except BaseException:
            self.close()
            raise

    def _port(self):
        path = os.path.join(self.profile, "WebDriverBiDiServer.json")
        end = time.monotonic() + self.seconds
        while time.monotonic() < end:
            if self.process.poll() is not None:
                self.errors.seek(0)
                raise Failed("firefox exited (%d): %s" % (
                    self.process.returncode, self.errors.read()[-300:].decode(errors="replace")))
            try:
                with open(path) as f:
                    return json.load(f)["ws_port"]
            except (OSError, ValueError, KeyError):
                time.sleep(0.05)  # not written yet (or half written)
        raise Failed("firefox did not open its BiDi port in %d s" % self.seconds)

    def call(self, method, **params):
        """Sends one command and returns its result; events (none are subscribed) and
        answers to other commands are passed over."""
        self.last += 1
        self.socket.send(json.dumps({"id": self.last, "method": method, "params": params}))
        while True:
            answer = json.loads(self.socket.recv())
            if answer.get("id") != self.last:
                continue
            if answer.get("type") == "error":
                raise Failed("%s: %s: %s" % (method, answer["error"], answer.get("message")))
            return answer["result"]

    def open(self, url):
        self.call("browsingContext.navigate", context=self.context, url=url, wait="complete")

    def evaluate(self, expression):
        """The value of a JavaScript expression (a promise's, once it settles): a string,
        number, boolean or None."""
        out = self.call("script.evaluate", expression=expression, awaitPromise=True,
                        target={"context": self.context}, resultOwnership="none")
        if out["type"] == "exception":
            raise Failed("%s: %s" % (expression[:60], out["exceptionDetails"]["text"]))
        value = out["result"]
        if value["type"] not in ("string", "number", "boolean", "null", "undefined"):
            raise Failed("%s: a %s, not a plain value" % (expression[:60], value["type"]))
        return value.get("value")

    def screenshot(self):
        """The viewport as PNG bytes."""
        out = self.call("browsingContext.captureScreenshot", context=self.context)
        return base64.b64decode(out["data"])

    def close(self):
        """Closes the browser, kills it if it will not close, and removes its profile."""
        try:
            if self.socket is not None:
                self.call("browser.close")
                self.socket.close()
                self.process.wait(self.seconds)
        except Exception:  # noqa: BLE001  (a browser that will not close is killed)
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
            self.errors.close()
            shutil.rmtree(self.profile, ignore_errors=True)
