# The files of hw.journal: their formats, read by the journal that writes them and by
# hw.recover that reads them back at boot, and the notices a reading back gives. The journal
# copies what it needs and forgets this module (its bytecode is not resident); the records'
# check, used at every write, is hw.files' crc8.
#
# Formats (integers little-endian). Every file starts with a 3-byte magic and a format
# version byte, which no later version may move: a version this code does not know is
# set aside, never guessed at.
#   snapshot: "TRS" 1 | gen:u16 | n:u16 | n bytes of Match.dump() | crc32:u32 of all before
#   log:      "TRL" 1 | gen:u16 | 0 | crc8 of the 7 bytes before | records...
#   record:   kind a b | crc8 of (previous record's crc8, or the header's) + kind a b;
#             kind 1..127 is apply(kind, a, b), 128 undo, 129 redo (a = b = 0)
# A log belongs to the snapshot with its gen. Each record's check chains on the one
# before, so records cannot be dropped, doubled or reordered unseen.
from micropython import const

from hw import files

VERSION = const(1)
HEAD = const(8)  # snapshot and log headers
RECORD = const(4)
UNDO = const(128)
REDO = const(129)

# Notices for app.message: short enough for the 128-pixel screen.
DAMAGED = "Bad save: new match"
UNKNOWN = files.UNKNOWN
PARTIAL = "Bad save: last plays lost"

crc8 = files.crc8
