# Hardware drivers: the only firmware package (with boards/) that may touch `machine`.
# Each driver uses only the bus and pin objects a board file gives it:
#   hw.st7789   ST7789 colour LCD on SPI (and the MIPI DCS parts other controllers share)
#   hw.ili9342c ILI9342C colour LCD on SPI (M5Stack Core)
#   hw.ssd1306  SSD1306 monochrome OLED on I2C
# A display driver's show(canvas, x, y, w, h) sends that region of a ui.canvas.Canvas.
