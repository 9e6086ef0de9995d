"""PyScript worker entry: exposes pygames.bridge to the page.

Runs inside a web worker (Pyodide). web/js/python-start.js has already written ``pygames.zip``
(bytecode, ``.pyc`` only: scripts/build_site.py) into the working directory and put it on sys.path,
so the rules are imported from the archive (zipimport). Every exported function takes plain
str/int arguments and returns a JSON string, so nothing but strings crosses to JavaScript.
"""

import json
import os
import sys

if os.path.join(os.getcwd(), "pygames.zip") not in sys.path:
    sys.path.insert(0, os.path.join(os.getcwd(), "pygames.zip"))

from pygames import __version__, bridge


def ping() -> str:
    """Cheap round trip the page uses to know that Python and the rules are loaded."""
    return json.dumps({"ok": True, "python": sys.version.split()[0], "rules": __version__})


def calls() -> str:
    """The bridge's calls (a JSON list), from which the page makes one engine method each."""
    return json.dumps(list(bridge.CALLS))


# One module-level name per call: PyScript exports the names that __export__ lists.
globals().update({name: getattr(bridge, name) for name in bridge.CALLS})

__export__ = ["ping", "calls", *bridge.CALLS]
