# The device's hardware side: the panels, the buttons, the power, the flash's files and
# sharing. Besides boards/, only hw.parts (buttons, backlight, battery)
# and hw.st7789.landscape (its SPI bus) import `machine`; the drivers themselves work on
# the bus and pin objects they are handed, and the rest never touch it.
#   hw.dcs      MIPI DCS colour LCDs on SPI: the window, the band writes, the set-up
#   hw.st7789   ST7789 colour LCD on SPI (T-Display, M5StickC Plus2)
#   hw.ili9342c ILI9342C colour LCD on SPI (M5Stack Core)
#   hw.ssd1306  SSD1306 monochrome OLED on I2C
#   hw.buttons, hw.power, hw.parts   debounced keys; backlight, sleep, battery; their pins
#   hw.files    the flash's files: atomic write, rename into place, set aside (.badN)
#   hw.journal  the match on flash (hw.recover reads it back at boot; their formats:
#               hw.journalformat), hw.archive past ones
#   hw.radio, hw.listen, hw.httpd, hw.share   sharing the match: the access point, the
#               server's start, the polled server and the page, the Share menu's part
# The loop that runs them is the app's (app.loop), wired by app.boot.
# A display driver's show(canvas, x, y, w, h) sends that region of a ui.canvas.Canvas;
# sleep(True/False) turns the panel off and on with its memory kept.
