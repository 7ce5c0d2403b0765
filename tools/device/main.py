# /main.py on the board: MicroPython runs this file, in source, at every boot. The
# firmware's entry point, firmware/main.py, is on the board compiled as start.mpy (as
# main.mpy it could never be imported from here: main.py is found first, and is this).
import start

start.run()
