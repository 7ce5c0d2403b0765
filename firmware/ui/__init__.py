def open_data(name):
    """Opens the firmware's data file `name` ("ui/fonts/small.bin"), found along sys.path
    as a module is: beside the .py files on the host, the .mpy files on the board's
    filesystem, or under /lib for a frozen build (tools/deploy.py: a folder /ui would
    shadow the frozen package; `.frozen` holds no files to open)."""
    import sys

    for folder in sys.path:
        try:
            return open(folder + "/" + name if folder else name, "rb")
        except OSError:
            pass
    raise OSError("no data file " + name)
