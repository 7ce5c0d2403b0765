# pyright's view of `board`: on the device it is one of boards/*.py, copied as board.py, so
# no single file is it. Any attribute is accepted here; each board file is checked itself.
from typing import Any

def __getattr__(name: str) -> Any: ...
