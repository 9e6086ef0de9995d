"""The Tanbo game declaration and its state: identity, options, and making states.

Here the rules (:mod:`.state`) are joined to the views and the saved form (:mod:`.views`) and
to the reasons for refusals (:mod:`.refusals`), which all read the rules' state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Action, Game, JsonDict, Message, Rng, State
from ..core.contract import GameJson
from ..core.messages import register_words
from .actions import CODEC
from .advice import why
from .refusals import explain
from .setup import DEFAULT_OPTIONS, check_options, standard_paddies
from .state import TanboRules
from .views import TanboTable, check, from_json, from_view, state_json, table_view


class TanboState(TanboRules):
    """A Tanbo game in progress: the rules, with each seat's view, the saved form, the
    invariants and the reasons for refused actions."""

    def explain_illegal(self, seat: int, action: Action) -> Message:
        return explain(self, seat, action)

    def _table_view(self, seat: int | None) -> TanboTable:
        return table_view(self)  # ruling T8: all public but the order of bag draws

    def to_json(self) -> JsonDict:
        return state_json(self)

    def check_invariants(self) -> None:
        check(self)


class TanboGame(Game):
    """Tanbo: sow Snakes and Rice around your ring of five paddies and harvest 25 points.

    >>> game = TanboGame()
    >>> game.validate_options(2, {"first_player": 1})
    {'first_player': 1, 'setup': 'standard'}
    >>> state = game.new_state(2, seed=7, options={})
    >>> state.view(0)["table"]["bag"]
    {'yellow': 15, 'black': 10, 'red': 5}
    """

    id = "tanbo"
    title = "Tanbo"
    min_players = 2
    max_players = 2
    codec = CODEC
    has_tutorial = True
    cover_picture = "setup"
    turns_each = 9
    first_player_option = "first_player"
    setup_editor = "tanbo"

    def default_options(self, players: int) -> JsonDict:
        return dict(DEFAULT_OPTIONS)

    def describe(self) -> GameJson:
        # The setup editor starts from the standard setup, as the engine lays it out.
        return {**super().describe(), "standard_setup": standard_paddies()}

    def validate_options(self, players: int, options: Mapping[str, Any]) -> JsonDict:
        merged = super().validate_options(players, options)
        return check_options(merged)

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> TanboState:
        opts = self.validate_options(players, options)
        state = TanboState(self, Rng(seed), opts["first_player"])
        state.set_up(opts["setup"])
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> TanboState:
        return from_json(TanboState, self, data)

    def explain(self, view: Mapping[str, Any], seat: int, action: Action) -> Message | None:
        """Why ``action`` is good, in one line (:mod:`pygames.tanbo.advice`)."""
        return why(view, seat, action)

    def state_from_view(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        # ruling T8: the view holds the whole position; only the draw order is new.
        return from_view(TanboState, self, view, rng)


# The words of tanbo: i18n/en.json and i18n/ja.json beside this module.
register_words("tanbo", __package__ or "pygames.tanbo")
