"""Humble Tea Party's lobby options, checked with readable refusals.

``start_player`` (the seat that starts both phases), ``team_battle`` (ruling H14, 4 or 6 players
only), ``teams`` (0 or 1 per seat; by default alternate seats) and ``no_chatting`` (ruling H15:
shown, changes nothing).

>>> check_options(4, {"team_battle": True})["teams"]
[0, 1, 0, 1]
>>> check_options(3, {"team_battle": True})
Traceback (most recent call last):
...
pygames.core.errors.BadOptions: Team Battle needs 4 or 6 players, not 3.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import BadOptions, JsonDict, Message

DEFAULT_OPTIONS: JsonDict = {
    "start_player": 0,
    "team_battle": False,
    "teams": None,
    "no_chatting": False,
}
TEAM_SIZES = (4, 6)
TEAMS = (0, 1)  # two teams


def _say(key: str, **args: object) -> Message:
    return Message.of(f"humble_tea_party.options.{key}", **args)


def _flag(options: Mapping[str, Any], name: str) -> bool:
    value = options.get(name, False)
    if not isinstance(value, bool):
        raise BadOptions(_say("flag", name=name, value=repr(value)))
    return value


def check_teams(players: int, team_battle: bool, teams: Any) -> list[int] | None:
    """The teams of a Team Battle game (``None`` without one); alternate seats by default."""
    if not team_battle:
        if teams is not None:
            raise BadOptions(_say("teams_without"))
        return None
    if players not in TEAM_SIZES:
        raise BadOptions(_say("team_size", n=players))
    if teams is None:
        return [seat % 2 for seat in range(players)]
    if not isinstance(teams, list) or len(teams) != players:
        raise BadOptions(_say("teams_list", n=players))
    for seat, team in enumerate(teams):
        if isinstance(team, bool) or team not in TEAMS:
            raise BadOptions(_say("team_of", seat=seat, value=repr(team)))
    size = sum(teams)
    if size * 2 != players:
        raise BadOptions(_say("team_sizes", a=players - size, b=size))
    return [int(t) for t in teams]


def check_options(players: int, options: Mapping[str, Any]) -> JsonDict:
    """Every option checked and completed (unknown names are refused by the core)."""
    start = options.get("start_player", 0)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
        raise BadOptions(_say("start", last=players - 1, n=players, value=repr(start)))
    team_battle = _flag(options, "team_battle")
    return {
        "start_player": start,
        "team_battle": team_battle,
        "teams": check_teams(players, team_battle, options.get("teams")),
        "no_chatting": _flag(options, "no_chatting"),
    }
