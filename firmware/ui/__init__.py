def open_data(name):
    """Opens the firmware's data file `name` ("ui/fonts/small.bin"), found along sys.path
    as a module is: beside the .py files on the host, the .mpy files on the board's
    filesystem (a frozen build keeps its data files there too, which `.frozen` skips)."""
    import sys

    for folder in sys.path:
        try:
            return open(folder + "/" + name if folder else name, "rb")
        except OSError:
            pass
    raise OSError("no data file " + name)
