# The device's entry point: /main.py on the board runs start(board).run(). The canvas comes
# first, while the heap is still in one piece; then app.boot wires the panel, the saved
# settings and match, the buttons, the power and the app, and returns the loop that runs
# them; its bytecode goes once the device is booted. What stays is app.device's Device:
# what the app calls back after every change and event (the journal, the archive,
# sharing). This module is the one a frozen build still loads into the heap: it is small.
import time

from micropython import const

from ui.canvas import Canvas

# The rows of the frame a colour canvas holds at a time (ui.canvas: it is drawn a slice
# at a time and each slice sent before the next). A screen draws once a frame and the
# canvas keeps its calls for every slice, so slices cost little: 8 rows (960 B on the
# T-Display) leave room for the kept calls where 24 rows took 2,880 B.
CANVAS_ROWS = const(8)


def start(board, files=None, share_ports=(80, 53)):
    """share_ports: where sharing (hw.share) answers HTTP and DNS (None: no DNS)."""
    from hw import parts

    parts.hold_power(board)
    canvas = Canvas(board.WIDTH, board.HEIGHT, board.MONO, CANVAS_ROWS)
    from ui import forget
    from app import boot  # the wiring, needed once: forgotten after, its bytecode too

    try:
        return boot.boot(board, canvas, files, share_ports)
    finally:
        forget(("app.boot",))


def run():
    import board

    start(board).run(time.ticks_ms)
