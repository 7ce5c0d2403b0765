"""`python -m sim --headless` on a device that boots to its fault page (a damaged data
file): the page is said and the match kept on flash printed, exit status 1, where it
ended in an AttributeError (issue 33 item 13)."""
import io
import json

from sim import headless


def test_the_fault_page_is_said_with_the_match_kept(monkeypatch):
    device, _, error = headless.prepare("tdisplay", "en", ["variant valencia", "dealer 0",
                                                             "baza A"])
    assert error is None and device.app.match.entries() >= 3
    flash = device.flash.reboot()
    from app import i18n
    from ui import DataError

    def damaged():
        raise DataError("damaged", "app/lang_ca.bin")

    monkeypatch.setattr(i18n, "check", damaged)
    out, err = io.StringIO(), io.StringIO()
    status = headless.run("tdisplay", flash=flash, out=out, err=err)
    assert status == 1, err.getvalue()
    assert err.getvalue().startswith("sim: the device shows its fault page: ")
    assert "lang_ca.bin" in err.getvalue()
    saved = json.loads(out.getvalue())
    assert saved == json.loads(json.dumps(headless.describe(device.app.match)))
