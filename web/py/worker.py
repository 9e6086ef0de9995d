"""PyScript worker entry: exposes pygames.bridge to the page.

Runs inside a web worker (Pyodide). PyScript's ``files`` config has already unpacked
``pygames.zip`` into the working directory; every exported function takes plain str/int
arguments and returns a JSON string, so nothing but strings crosses to JavaScript.
"""

import json
import os
import sys

if os.getcwd() not in sys.path:
    sys.path.insert(0, os.getcwd())

from pygames import bridge


def ping() -> str:
    """Cheap round trip the page uses to know that Python and the rules are loaded."""
    return json.dumps({"ok": True, "python": sys.version.split()[0]})


games = bridge.games
new_match = bridge.new_match
view = bridge.view
act = bridge.act
bot_act = bridge.bot_act
bot_choose = bridge.bot_choose
undo = bridge.undo
export_record = bridge.export_record
import_record = bridge.import_record
close = bridge.close
open_replay = bridge.open_replay
replay_view = bridge.replay_view
close_replay = bridge.close_replay

__export__ = [
    "ping",
    "games",
    "new_match",
    "view",
    "act",
    "bot_act",
    "bot_choose",
    "undo",
    "export_record",
    "import_record",
    "close",
    "open_replay",
    "replay_view",
    "close_replay",
]
