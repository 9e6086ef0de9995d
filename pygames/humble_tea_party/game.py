"""The Humble Tea Party game declaration and its state: identity, options, and making states.

Here the rules (:mod:`.state`) are joined to the views and the saved form (:mod:`.views`) and
to the reasons for refusals (:mod:`.refusals`), which all read the rules' state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Action, Game, JsonDict, Rng, State
from ..core.contract import GameJson, TeamBattleJson
from ..core.messages import Message, Words, register_words
from . import scoring, sweets
from .actions import CODEC
from .advice import why
from .refusals import explain
from .setup import DEFAULT_OPTIONS, TEAM_SIZES, TEAMS, check_options, check_teams
from .state import HtpRules
from .views import HtpTable, check, from_json, from_view, state_json, table_view


class HtpState(HtpRules):
    """A Humble Tea Party game in progress: the rules, with each seat's view, the saved form,
    the invariants and the reasons for refused actions."""

    def explain_illegal(self, seat: int, action: Action) -> Message:
        return explain(self, seat, action)

    def _table_view(self, seat: int | None) -> HtpTable:
        return table_view(self, seat)

    def _full_table_view(self) -> HtpTable:
        """Every favourite season shown (and scored), for the replay of a finished game."""
        return table_view(self, None, everything=True)

    def to_json(self) -> JsonDict:
        return state_json(self)

    def check_invariants(self) -> None:
        check(self)


class HtpGame(Game):
    """Humble Tea Party: fill the others' Oribako with sweets; the lowest score wins.

    >>> game = HtpGame()
    >>> game.validate_options(4, {"team_battle": True})
    {'start_player': 0, 'team_battle': True, 'teams': [0, 1, 0, 1], 'no_chatting': False}
    >>> state = game.new_state(5, seed=3, options={"start_player": 2})
    >>> table = state.view(0)["table"]
    >>> table["turn"], [d["size"] for d in table["decks"]], len(table["undealt_cards"])
    (2, [20, 20, 20], 3)
    """

    id = "humble_tea_party"
    title = "Humble Tea Party"
    min_players = 3  # ruling H1
    max_players = 6
    codec = CODEC
    has_tutorial = True
    cover_picture = "winter_sample"
    turns_each = 9
    default_players = 4
    first_player_option = "start_player"
    hidden_information = True
    setup_editor = "htp"

    def default_options(self, players: int) -> JsonDict:
        return dict(DEFAULT_OPTIONS)

    def describe(self) -> GameJson:
        # The lobby's Team Battle form follows the engine's rule (ruling H14).
        default = {str(n): check_teams(n, True, None) or [] for n in TEAM_SIZES}
        teams: TeamBattleJson = {
            "sizes": list(TEAM_SIZES),
            "teams": list(TEAMS),
            "default": default,
        }
        return {**super().describe(), "team_battle": teams}

    def validate_options(self, players: int, options: Mapping[str, Any]) -> JsonDict:
        merged = super().validate_options(players, options)
        return check_options(players, merged)

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> HtpState:
        opts = self.validate_options(players, options)
        state = HtpState(self, players, Rng(seed), opts)
        state.set_up()
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> HtpState:
        return from_json(HtpState, self, data)

    def explain(self, view: Mapping[str, Any], seat: int, action: Action) -> Message | None:
        """Why ``action`` is good, in one line (the game's ``advice`` module)."""
        return why(view, seat, action)

    def state_from_view(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        return from_view(HtpState, self, view, seat, rng)


def data_words(lang: str) -> Words:
    """The words kept in the game's data tables (ruling H3): the sweets, months, seasons,
    crests and families (:mod:`.sweets`) and the hands (:mod:`.scoring`)."""
    return {**sweets.words(lang), **scoring.words(lang)}


# The words of humble_tea_party: i18n/en.json and i18n/ja.json beside this module, and the
# names kept in the data tables.
register_words("humble_tea_party", __package__ or "pygames.humble_tea_party", extra=data_words)
