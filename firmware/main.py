# The device's entry point: /main.py on the board runs start(board).run(). The canvas comes
# first, while the heap is still in one piece; then the panel, the saved match, the app,
# the buttons and the power, and the loop that ties them.
import time

from ui.canvas import Canvas


def start(board, files=None):
    from hw import parts

    parts.hold_power(board)
    canvas = Canvas(board.WIDTH, board.HEIGHT, board.MONO)
    display = board.make_display()[0]
    from truc.match import Match
    from app.app import App, Settings
    from app.i18n import t
    from hw.journal import Journal
    from hw.input_loop import Loop

    match = Match()
    settings = Settings()
    journal = Journal(files)
    notice = journal.open(match, settings)  # a set-aside file is said, never fatal
    app = App(canvas, display, match, settings, keys=board.KEYS)
    if notice:
        app.message = t(notice)
    app.on_change = journal.changed

    def save_settings():
        journal.save_settings(settings)

    app.after_event = save_settings
    keys = parts.buttons(board)
    return Loop(app, keys, parts.power(board, settings, keys, display))


def run():
    import board

    start(board).run(time.ticks_ms)
