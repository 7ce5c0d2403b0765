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


def _full_after_boot(flash=None):
    """A device booted on flash, whose flash is then full: no byte more fits."""
    device, _, error = headless.prepare("tdisplay", "en", flash=flash)
    assert error is None
    device.flash.room = device.flash.used()
    return device


def _share(app):
    app.open("mainmenu")
    app.top().choose(app, "share")
    app.after_event()  # as after the press that chose it
    assert app.sharing.active()
    return app.settings.password


def test_a_full_flash_keeps_the_password_across_reboots():
    # Issue 33 item 9: on a full flash the password drawn was never saved in truc.cfg, so
    # each boot drew another (the phones that joined could not join again). The room
    # kept for it (hw.room, made at boot while the flash had room) takes it.
    from sim.flash import Flash

    device = _full_after_boot(Flash())
    app = device.app
    password = _share(app)
    assert app.message == "" and not app.unsaved  # saved: nothing to say
    app.sharing.off()  # (the radio's stand-in: one access point at a time)
    for _ in range(2):  # two boots, the flash still full
        device = headless.prepare("tdisplay", "en", flash=device.flash.reboot())[0]
        app = device.app
        assert device.flash.used() <= device.flash.room
        try:
            assert app.settings.password == password and app.sharing.active()  # on again
            assert network._state["config"]["password"] == password
        finally:
            app.sharing.off()


def test_a_new_password_not_saved_is_not_taken():
    # With no room left at all (the room kept was taken), Menu -> New password keeps the
    # password the phones know and the flash holds, and says the settings were not saved.
    from sim.flash import Flash

    device = _full_after_boot(Flash())
    app = device.app
    password = _share(app)
    device.flash.room = device.flash.used()  # the room it freed taken too
    app.pop()
    menu = app.top()
    menu.refresh(app)
    menu.choose(app, "newpassword")
    try:
        assert app.sharing.active() and app.settings.password == password
        assert network._state["config"]["password"] == password
        assert app.message == "Flash full: settings not saved" and not app.unsaved
    finally:
        app.sharing.off()
    again = headless.prepare("tdisplay", "en", flash=device.flash.reboot())[0]
    try:
        assert again.app.settings.password == password
    finally:
        if again.app.sharing is not None:
            again.app.sharing.off()
