"""The Storm in a Teacup game declaration and its state: identity, options, and making states.

Here the rules (:mod:`.state`) are joined to the views and the saved form (:mod:`.views`) and
to the reasons for refusals (:mod:`.refusals`), which all read the rules' state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Action, BadOptions, Game, JsonDict, Rng, State
from ..core.messages import Message, register_words
from .actions import CODEC
from .advice import why
from .cards import MAX_PLAYERS, MIN_PLAYERS, NS
from .refusals import explain
from .state import StormRules
from .views import (
    StormTable,
    check,
    from_json,
    from_view,
    full_table_view,
    state_json,
    table_view,
)


class StormState(StormRules):
    """A Storm in a Teacup game in progress: the rules, with each seat's view, the saved form,
    the invariants and the reasons for refused actions."""

    def explain_illegal(self, seat: int, action: Action) -> Message:
        return explain(self, seat, action)

    def _table_view(self, seat: int | None) -> StormTable:
        return table_view(self, seat)

    def _full_table_view(self) -> StormTable:
        return full_table_view(self)

    def to_json(self) -> JsonDict:
        return state_json(self)

    def check_invariants(self) -> None:
        check(self)


class StormGame(Game):
    """Storm in a Teacup: serve runs of Tea, Milk and Lemon, win tea parties, shed your cards.

    >>> game = StormGame()
    >>> game.validate_options(4, {})
    {'host': None, 'memory_aid': True}
    >>> game.validate_options(4, {"memory_aid": "no"})
    Traceback (most recent call last):
    ...
    pygames.core.errors.BadOptions: Memory aid (memory_aid) must be true or false, not 'no'.
    >>> state = game.new_state(4, seed=3, options={"host": 1})
    >>> table = state.view(1)["table"]
    >>> table["host"], table["turn"], len(table["hand"]), table["box"]
    (1, 1, 20, 40)
    >>> state.view(0)["table"]["hand"] == table["hand"]   # each seat sees only its own
    False
    """

    id = "storm_in_a_teacup"
    title = "Storm in a Teacup"
    min_players = MIN_PLAYERS  # ruling S1
    max_players = MAX_PLAYERS
    codec = CODEC
    default_players = 4
    has_tutorial = True
    cover_picture = "hand"
    # A round is every player's go: one turn each.
    turns_each = 15
    first_player_option = "host"
    first_player_random = True  # ruling S3: a random host unless the lobby names one
    hidden_information = True
    setup_editor = "storm"

    def default_options(self, players: int) -> JsonDict:
        # ruling S3: random host unless the lobby chooses; ruling S8: Memory aid on.
        return {"host": None, "memory_aid": True}

    def validate_options(self, players: int, options: Mapping[str, Any]) -> JsonDict:
        merged = super().validate_options(players, options)
        host = merged["host"]
        if host is not None and (
            not isinstance(host, int) or isinstance(host, bool) or not 0 <= host < players
        ):
            raise BadOptions(
                Message.of(f"{NS}.options.bad_host", last=players - 1, value=repr(host))
            )
        aid = merged["memory_aid"]
        if not isinstance(aid, bool):
            raise BadOptions(Message.of(f"{NS}.options.bad_memory_aid", value=repr(aid)))
        return merged

    def new_state(self, players: int, seed: int, options: Mapping[str, Any]) -> StormState:
        opts = self.validate_options(players, options)
        state = StormState(self, players, Rng(seed), memory_aid=opts["memory_aid"])
        state.deal(opts["host"])
        return state

    def state_from_json(self, data: Mapping[str, Any]) -> StormState:
        return from_json(StormState, self, data)

    def explain(self, view: Mapping[str, Any], seat: int, action: Action) -> Message | None:
        """Why ``action`` is good, in one line (the game's ``advice`` module)."""
        return why(view, seat, action)

    def state_from_view(self, view: Mapping[str, Any], seat: int, rng: Rng) -> State:
        # ruling S8: stocks and prepared hands keep their public colours; dealt hands and the
        # undealt box are dealt anew.
        return from_view(StormState, self, view, seat, rng)


# The words of storm_in_a_teacup: i18n/en.json and i18n/ja.json beside this module.
register_words("storm_in_a_teacup", __package__ or "pygames.storm_in_a_teacup")
