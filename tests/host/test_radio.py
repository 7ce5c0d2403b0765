"""The radio's secrets (hw.radio, hw.listen) on the simulator's network stand-in, which
logs every call in order: the password is drawn while the RF is on (the ESP32's random
numbers are true ones only then), WPA2 is configured before the access point is switched
on (never open, not for a moment), and room is made for a six-player table and its
onlookers."""
import os

import sim  # noqa: F401  (firmware on the import path, the stand-ins ahead of it)
import network
from sim import headless



def test_the_password_is_drawn_with_the_rf_on_and_wpa2_set_before_the_ap_is_on(monkeypatch):
    device, _, error = headless.prepare("tdisplay", "en")
    assert error is None and device.app.settings.password == ""
    real = os.urandom
    drawn = []  # for each draw: was the RF on?

    def urandom(n):
        drawn.append(network.rf_on())
        return real(n)

    monkeypatch.setattr(os, "urandom", urandom)
    network.reset()
    app = device.app
    app.open("mainmenu")
    app.top().choose(app, "share")
    try:
        assert app.top_name() == "sharescreen" and app.sharing.active()
        password = app.settings.password
        assert len(password) == 10 and drawn and all(drawn), drawn
        log = network._state["log"]
        on = log.index(("active", True))  # the access point switched on
        configs = [entry[1] for entry in log[:on] if entry[0] == "config"]
        assert configs and configs[-1]["password"] == password \
            and configs[-1]["authmode"] == network.AUTH_WPA2_PSK
        assert not any(entry[0] == "config" for entry in log[on:])
        assert configs[-1]["max_clients"] == 10  # six players and four onlookers
        assert not network._state["station"]  # the station's RF: only for the draw
    finally:
        app.sharing.off()
    assert not network.rf_on()
    # On again: the same password, nothing drawn.
    drawn.clear()
    app.make_sharing().on(0)
    try:
        assert app.settings.password == password and drawn == []
    finally:
        app.sharing.off()


def test_menu_new_password_draws_another_kept_in_the_settings(monkeypatch):
    # Issue 33 item 8: Menu -> New password (while sharing, under Stop sharing): a new
    # one, drawn with the RF on, shown on the Share screen and kept in truc.cfg.
    device, _, error = headless.prepare("tdisplay", "en")
    app = device.app
    app.open("mainmenu")
    app.top().choose(app, "share")
    old = app.settings.password
    app.after_event()
    app.pop()
    menu = app.top()
    menu.refresh(app)
    assert ("New password", "newpassword") in menu.items
    real = os.urandom
    drawn = []

    def urandom(n):
        drawn.append(network.rf_on())
        return real(n)

    monkeypatch.setattr(os, "urandom", urandom)
    menu.choose(app, "newpassword")
    try:
        new = app.settings.password
        assert app.top_name() == "sharescreen" and app.sharing.active() and drawn == [True]
        assert len(new) == 10 and new != old and network._state["config"]["password"] == new
        assert new in app.top().lines
        app.after_event()
        again = headless.prepare("tdisplay", "en", flash=device.flash.reboot())[0]
        assert again.app.settings.password == new  # kept in truc.cfg
        if again.app.sharing is not None:
            again.app.sharing.off()
    finally:
        app.sharing.off()
