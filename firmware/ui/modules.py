# The one module unloader: the app forgets what a screen left brought in, the boot what
# it imported for a moment, sharing what serving imported. Below both the app and the
# hardware, which both use it.
import sys


def forget(modules):
    """Forgets the modules named as if never imported (their bytecode goes at the next
    collection): dropped from sys.modules and from their package, if loaded. Allocates
    nothing (no slice of a name): the recovery from a full heap runs it."""
    for m in modules:
        _forget(m)


def forget_since(known):
    """Forgets every module not named in known, making no list of them."""
    while True:
        for m in sys.modules:
            if m not in known:
                break
        else:
            return
        _forget(m)


def _forget(m):
    module = sys.modules.pop(m, None)
    if module is None:
        return
    dot = m.rfind(".")
    for name in sys.modules:  # its package, if loaded, lets go of it too
        if dot == len(name) and m.startswith(name):
            attrs = sys.modules[name].__dict__
            for key in attrs:
                if attrs[key] is module:
                    del attrs[key]
                    break
            return
