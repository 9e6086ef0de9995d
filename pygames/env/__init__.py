"""PettingZoo environments of the three games (``pip install 'pygames[rl]'``).

``make_env(game_id, players=N)`` gives an AEC environment (:class:`GameEnv`): observations
are each seat's view, encoded to a fixed size (:mod:`pygames.env.encoding`), with an action
mask of its legal moves; the reward is 1 for each winner at the end, else 0. ``bot_policy``
turns a bot level into a policy for it, deciding from the seat's view only, as the bots do on
the page.

>>> env = make_env("tanbo")
>>> env.reset(seed=1)
>>> policy = bot_policy("normal")
>>> for agent in env.agent_iter():
...     observation, reward, terminated, truncated, info = env.last()
...     env.step(None if terminated or truncated else policy(env, agent))
>>> sorted(env.rewards) == [] and env.agents == []
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots import make_bot
from ..bots.base import Bot
from ..core import Rng
from .aec import GameEnv
from .encoding import ENCODINGS

Policy = Callable[[GameEnv, str], int]


def make_env(
    game_id: str, players: int | None = None, *, render_mode: str | None = None, **kwargs: Any
) -> GameEnv:
    """The AEC environment of ``game_id`` at ``players`` seats (default: the fewest)."""
    return GameEnv(game_id, players, render_mode=render_mode, **kwargs)


def bot_policy(level: str = "normal", seed: int = 0) -> Policy:
    """A bot of ``level`` (random, easy, normal, strong) as a policy: ``policy(env, agent)``
    is the index of the action it chooses from ``agent``'s view and legal actions."""
    bots: dict[str, Bot] = {}
    calls = 0

    def policy(env: GameEnv, agent: str) -> int:
        nonlocal calls
        game = env.game
        bot = bots.get(game.id)
        if bot is None:
            bot = bots[game.id] = make_bot(game.id, level)
        seat = env.seat(agent)
        calls += 1
        rng = Rng(seed * 1_000_003 + calls)
        legal = env.state.legal_actions(seat)
        chosen = bot.choose(game, env.state.view(seat), seat, legal, rng) or legal[0]
        return env.encoding.index_of(chosen.to_json())

    return policy


__all__ = ["ENCODINGS", "GameEnv", "Policy", "bot_policy", "make_env"]
