"""The PettingZoo environments (``pygames.env``): PettingZoo's own API test passes for every
game at every player count; every legal action has its index and every observation its
declared size; an observation and a bot policy's choice depend on the seat's view alone (twins
that differ only in what the seat cannot see get the same); an illegal index is refused and
changes nothing; the reward is 1 for each winner.

The random-agent loop plays a few games a game here and 1,000 in ``make soak-tests``."""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

from pygames.core import Rng
from pygames.env import ENCODINGS, bot_policy, make_env
from pygames.env.aec import GameEnv

from .conformance import soak_first, soak_games

SEATS = [
    ("tanbo", 2),
    *[("humble_tea_party", n) for n in range(3, 7)],
    *[("storm_in_a_teacup", n) for n in range(2, 7)],
]
# PettingZoo's test warns about any observation that is a dict, as every environment with an
# action mask has (its own classic games too): these two warnings only.
DICT_OBSERVATION = ("Observation space for each agent probably", "Observation is not a NumPy array")


@pytest.mark.parametrize(("game", "players"), SEATS)
def test_pettingzoo_s_api_test_passes(game: str, players: int) -> None:
    env = make_env(game, players, render_mode="ansi")
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        api_test(env, num_cycles=100)
    others = {str(w.message) for w in seen if not str(w.message).startswith(DICT_OBSERVATION)}
    assert not others, others


def play_randomly(env: GameEnv, seed: int) -> dict[str, float]:
    """One game of agents choosing uniformly among their legal actions; the final rewards."""
    env.reset(seed=seed)
    rnd = random.Random(seed)
    total: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"].shape == (env.encoding.size,)
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) == len(env.state.legal_actions(env.seat(agent))) > 0
        env.step(int(rnd.choice(list(legal))))
    return total


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "players"), [("tanbo", 2), ("humble_tea_party", 4), ("storm_in_a_teacup", 3)]
)
def test_random_agents_play_whole_games(game: str, players: int) -> None:
    env = make_env(game, players)
    for seed in range(soak_games(1000, 5)):
        total = play_randomly(env, seed)
        winners = env.state.outcome()
        assert winners is not None
        # The reward: 1 to each winner (a shared win gives each of them 1), else 0.
        assert total == {a: float(env.seat(a) in winners.winners) for a in env.possible_agents}


def mid_game(game: str, players: int, seed: int, steps: int) -> GameEnv:
    env = make_env(game, players)
    env.reset(seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if env.state.is_over():
            break
        observation = env.observe(env.agent_selection)
        env.step(int(rnd.choice(list(np.flatnonzero(observation["action_mask"])))))
    return env


# One position a game in make test (each Strong choice is a whole search); the soak adds two
# later ones.
@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), [("humble_tea_party", 4), ("storm_in_a_teacup", 3)])
def test_observations_and_bot_choices_come_from_the_seat_s_view_alone(
    game: str, players: int
) -> None:
    """A twin redeals what the seat cannot see: its observation, its mask and what the Strong
    bot chooses for it are the same as in the real game."""
    strong = bot_policy("strong", seed=3)
    checked = 0
    for seed in soak_first(range(3)):
        env = mid_game(game, players, seed, steps=6 + 3 * seed)
        if env.state.is_over():
            continue
        checked += 1
        agent = env.agent_selection
        seat = env.seat(agent)
        twin = make_env(game, players)
        twin.reset(seed=seed)
        twin.state = env.state.determinize(seat, Rng(99 + seed))
        twin.agent_selection = agent
        assert twin.state.view(seat) == env.state.view(seat)
        others = [s for s in range(players) if s != seat]
        assert any(twin.state.view(s) != env.state.view(s) for s in others), "the twin is no twin"
        real, other = env.observe(agent), twin.observe(agent)
        assert np.array_equal(real["observation"], other["observation"])
        assert np.array_equal(real["action_mask"], other["action_mask"])
        assert strong(env, agent) == bot_policy("strong", seed=3)(twin, agent)
        strong = bot_policy("strong", seed=3)
    assert checked, "no position was checked"


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_any_bot_level_is_a_policy_that_plays_to_the_end(level: str) -> None:
    for game, players in [("tanbo", 2), ("humble_tea_party", 3), ("storm_in_a_teacup", 2)]:
        env = make_env(game, players)
        env.reset(seed=5)
        policy = bot_policy(level)
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else policy(env, agent))
        assert env.state.is_over() and env.agents == []


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    env = mid_game("storm_in_a_teacup", 2, seed=1, steps=2)
    agent = env.agent_selection
    before = env.state.to_json()
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    for bad in (illegal, -1, len(mask), None):
        with pytest.raises(ValueError, match=r"not legal|must choose"):
            env.step(bad)
        assert env.state.to_json() == before and env.agent_selection == agent


def test_render_is_the_terminal_s_table() -> None:
    env: Any = make_env("tanbo", render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert "Paddy 1: 2 Snakes" in text and "player_0" in text
    assert make_env("tanbo").render() is None


def test_docs_library_lists_every_block_of_every_encoding() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "library.md").read_text()
    for encoding in ENCODINGS.values():
        assert f"{encoding.size} numbers, {len(encoding.actions)} actions" in page
        for name, width in encoding.blocks:
            assert f"| {name} | {width} |" in page, name
