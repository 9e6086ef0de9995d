"""The balance lab: bot tournaments and rule studies at any scale, with figures.

A study (:mod:`.study`) is a grid of cells, each a game, a player count, options and a line-up
of bots, played a number of times; every game is an independent task that gives one row
(:mod:`.rows`) from which the whole game can be rebuilt (:func:`.play.record_of`). Executors
(:mod:`.executors`) run the games on this machine's cores or on a Dask cluster; the runner
(:mod:`.run`) keeps every finished row and resumes a stopped study. :mod:`.summary` gives win
rates with 95 % intervals per cell, :mod:`.plots` and :mod:`.report` the figures and an HTML
report, :mod:`.bench` how the executors scale. The command line is :mod:`.cli`
(``python -m pygames lab``).

The rules package needs nothing outside the standard library; Dask and matplotlib come with
the ``lab`` extra (``pip install 'pygames[lab]'``), imported only when a study asks for them.
The lab is for the command line: the browser's build leaves it out.
"""

from .run import run_study
from .study import Cell, Study, StudyError, from_mapping, load, one_cell

__all__ = ["Cell", "Study", "StudyError", "from_mapping", "load", "one_cell", "run_study"]
