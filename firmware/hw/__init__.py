# Hardware drivers: with boards/, the only firmware that touches `machine`, and even then
# only through the bus and pin objects a board file hands them. The displays:
#   hw.dcs      MIPI DCS colour LCDs on SPI: the window, the band writes, the set-up
#   hw.st7789   ST7789 colour LCD on SPI (T-Display, M5StickC Plus2)
#   hw.ili9342c ILI9342C colour LCD on SPI (M5Stack Core)
#   hw.ssd1306  SSD1306 monochrome OLED on I2C
# A display driver's show(canvas, x, y, w, h) sends that region of a ui.canvas.Canvas;
# sleep(True/False) turns the panel off and on with its memory kept.
