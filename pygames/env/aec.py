"""One PettingZoo AEC environment for any of the games, built on the rules' contract alone.

Each turn the agent selected is the first seat the game waits for. Its observation is a dict:
``observation``, the seat's view encoded (:mod:`pygames.env.encoding`), and ``action_mask``,
the game's legal actions for that seat among the game's fixed action list. Rewards come at the
end: 1 to each winner (several share a win where the rulebook says so), 0 to everyone else.

Humble Tea Party's Tea may be taken by a seat that is not awaited; here a seat takes it on its
own turn, when it is among its legal actions (an AEC game gives one agent the move at a time).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..core import Game, State
from ..games import get_game
from ..terminal.table import TEXTS
from ..terminal.words import Speaker
from .encoding import ENCODINGS, Encoding

Observation = dict[str, np.ndarray[Any, Any]]


class GameEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """A PettingZoo AEC environment of ``game_id`` at ``players`` seats."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        lang: str = "en",
    ) -> None:
        super().__init__()
        self.game: Game = get_game(game_id)
        self.players = players if players is not None else self.game.min_players
        if not self.game.min_players <= self.players <= self.game.max_players:
            raise ValueError(
                f"{game_id} is played by {self.game.min_players} to {self.game.max_players}"
                f" players, not {self.players}"
            )
        self.options = self.game.validate_options(self.players, options or {})
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.lang = lang
        self.encoding: Encoding = ENCODINGS[game_id]
        self.metadata = {**GameEnv.metadata, "name": f"pygames_{game_id}_v0"}  # type: ignore[misc]
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        size, n = self.encoding.size, len(self.encoding.actions)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
            }
        )
        self._observation_spaces = {a: observation for a in self.possible_agents}
        self._action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: State = self.game.new_state(self.players, 0, self.options)

    # ------------------------------------------------------------------ the spaces

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same Dict space for every agent."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """A Discrete space over the game's fixed action list."""
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ the game

    def seat(self, agent: str) -> int:
        """The seat ``player_N`` sits at."""
        return self.possible_agents.index(agent)

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; the same ``seed`` deals the same game."""
        if seed is not None:
            self._rng.seed(seed)
        self.state = self.game.new_state(self.players, self._rng.randrange(2**53), self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._awaited()

    def _awaited(self) -> str:
        awaiting = self.state.awaiting()
        return self.possible_agents[awaiting[0]] if awaiting else self.agent_selection

    def observe(self, agent: str) -> Observation:
        """The seat's view encoded, and its legal actions as a mask."""
        seat = self.seat(agent)
        features = self.encoding.observe(self.state.view(seat))
        mask = np.zeros(len(self.encoding.actions), dtype=np.int8)
        if not self.state.is_over() and agent == self.agent_selection:
            for action in self.state.legal_actions(seat):
                mask[self.encoding.index_of(action.to_json())] = 1
        return {"observation": np.asarray(features, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action (an index); a finished agent's step removes it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat(agent)
        if action is None or not 0 <= int(action) < len(self.encoding.actions):
            raise ValueError(f"{agent} must choose an action index, not {action!r}")
        chosen = self.game.decode_action(self.encoding.actions[int(action)])
        if not self.state.is_legal(seat, chosen):
            raise ValueError(
                f"action {int(action)} ({self.encoding.actions[int(action)]}) is not legal for"
                f" {agent} now: choose where observation['action_mask'] is 1"
            )
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(seat, chosen)
        self.rewards = {a: 0.0 for a in self.agents}
        outcome = self.state.outcome()
        if outcome is not None:
            for a in self.agents:
                self.rewards[a] = 1.0 if self.seat(a) in outcome.winners else 0.0
                self.terminations[a] = True
        else:
            self.agent_selection = self._awaited()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (the terminal's), from the selected agent's view."""
        if self.render_mode is None:
            return None
        table, _ = TEXTS[self.game.id]
        names = [f"player_{i}" for i in range(self.players)]
        return "\n".join(
            table(self.state.view(self.seat(self.agent_selection)), Speaker(self.lang, names))
        )

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""
