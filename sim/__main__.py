"""python -m sim: until the device simulator lands, replays a sample match round by round."""
import os
import sys

from tools.replay import main

sys.exit(main([os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                            "tools", "logs", "valencia.log"), "--each"]))
