"""What a movement will do, told while the player sows.

The paddy of the last token is fixed as soon as the tokens are picked up (ruling T3), but what
lands there is the player's choice, one token at a time, and it decides the action (ruling T4).
The forecast lists every content the hand can still give that paddy, the action each one calls
for, and what that action would do, in words and numbers. It reads the public position only:
the order of the bag's draws is unknown to everyone (ruling T8), so draws are told as draws "at
random", never as the Rice that will come.

>>> from pygames.core.messages import render
>>> ring = [[0, 0, 0, 0, 0], [2, 0, 0, 0, 0], [1, 0, 0, 1, 0], [2, 0, 0, 0, 0], [2, 0, 0, 0, 0]]
>>> mover = Mover(score=10, rival=4, turn_points=0, collected=[0, 2, 0, 0, 0], rival_seat=1)
>>> ways = forecast(ring, [1, 0, 0, 1, 0], 1, mover, bag=[0, 5, 5, 4, 0], supply=6, rival_swaps=3)
>>> for way in ways:   # a Snake and a Red Rice in hand, sown from paddy 2: paddy 3 gets one
...     print(way["tokens"], render(Message.from_json(way["text"])), way["next"])
['snake'] Cultivate: draw 1 Rice at random from the bag ['red']
['red'] Harvest: take 1 Red Rice, +5 ['snake']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from ..core import Message
from ..core.contract import MessageJson
from .field import Work, WorkWord, clockwise, multisets, rest_target, slots, work_for
from .tokens import (
    RICE,
    RICE_POINTS,
    TOKEN_WORDS,
    WIN_IN_ONE_TURN,
    WIN_LEAD,
    WIN_POINTS,
    Counts,
    Token,
    TokenWord,
    rice_count,
)
from .words import count, describe, rice


class WayJson(TypedDict):
    """One way the movement under way can end: what lands in the last paddy and its action."""

    #: The tokens of the hand that land in the last paddy, by kind.
    tokens: list[TokenWord]
    action: WorkWord
    #: Harvest: the points the dearest Rice score; Rest: minus the fewest points returned.
    points: int
    #: The action wins the game for the mover at once (a Harvest: ruling T7).
    wins: bool
    #: The action gives the opponent the game (a Rest whose losses leave them 20 ahead).
    loses: bool
    #: The tokens that may be placed next and still lead here.
    next: list[TokenWord]
    #: What the action would do, in words.
    text: MessageJson


@dataclass(frozen=True)
class Mover:
    """The scores around the player who sows (ruling T7 reads them)."""

    score: int
    rival: int
    #: Scored so far this turn (a Big Movement's earlier Harvests count).
    turn_points: int
    #: The Rice the mover has collected, by kind (a Rest returns some).
    collected: Sequence[int]
    #: The opponent's seat (a Big Movement's swap is theirs).
    rival_seat: int


def forecast(
    ring: Sequence[Sequence[int]],
    hand: Sequence[int],
    next_paddy: int,
    mover: Mover,
    bag: Sequence[int],
    supply: int,
    rival_swaps: int,
) -> list[WayJson]:
    """Every way the movement of ``hand`` from ``next_paddy`` on can end in ``ring`` (the
    mover's paddies as they stand, with what was placed so far), in a fixed order.

    ``rival_swaps`` is how many swaps the opponent's ring allows (a Big Movement gives them
    one, if any).
    """
    kinds = [t for t in range(5) if hand[t]]
    caps, last = slots(sum(hand))
    landing = clockwise(next_paddy, last)
    ahead = _ahead(ring, next_paddy, caps, last)
    ways: list[WayJson] = []
    for chosen in multisets(hand, caps[last]):
        here = [a + b for a, b in zip(ring[landing], chosen, strict=True)]
        if last == 0:  # the next token lands there: it must be one of these
            after = [t for t in kinds if chosen[t]]
        else:  # the next token goes elsewhere: the hand must keep these for the last paddy
            after = [t for t in kinds if hand[t] > chosen[t]]
        way = _way(chosen, here, landing, ahead, mover, bag, supply, rival_swaps)
        way["next"] = [TOKEN_WORDS[t] for t in after]
        ways.append(way)
    return ways


def _ahead(
    ring: Sequence[Sequence[int]], next_paddy: int, caps: Sequence[int], last: int
) -> list[list[int]]:
    """The ring once sown, as far as a Rest can tell: every paddy sown before the last one gets
    a Snake or a Rice (a Rest means the Farmer alone landed last, so all the others went
    elsewhere); which ones does not matter to where the Farmer walks."""
    after = [list(p) for p in ring]
    for j in range(len(caps)):
        if j != last:
            after[clockwise(next_paddy, j)][Token.SNAKE] += 1
    return after


def _way(
    chosen: Counts,
    here: Counts,
    landing: int,
    ahead: list[list[int]],
    mover: Mover,
    bag: Sequence[int],
    supply: int,
    rival_swaps: int,
) -> WayJson:
    work, size = work_for(here)
    points = 0
    wins = loses = False
    if work is Work.HARVEST:
        taken, points, wins = _harvest(_dearest(here, size), mover)
        text = _say("harvest_wins" if wins else "harvest", rice=rice(taken), points=points)
    elif work is Work.CULTIVATE:
        drawn = min(size, rice_count(bag))  # ruling T5
        text = _say("cultivate" if drawn else "cultivate_empty", n=drawn)
    elif work is Work.SOW:
        if here[Token.SNAKE]:
            drawn = min(2, rice_count(bag))
            key = "sow_snakes" if drawn else "sow_snakes_empty"
            text = _say(key, snakes=count(here[Token.SNAKE], Token.SNAKE), n=drawn)
        else:
            added = min(2, supply)  # ruling T5
            if added:
                text = _say("sow_rice", rice=rice(here), snakes=count(added, Token.SNAKE))
            else:
                text = _say("sow_rice_none", rice=rice(here))
    elif work is Work.REST:
        steps = rest_target(ahead, landing)
        if steps is None:
            text = _say("rest_stays")
        else:
            returned = _cheapest(mover.collected, steps)
            lost = sum(RICE_POINTS[Token(t)] * returned[t] for t in RICE)
            points = -lost
            loses = mover.rival - (mover.score - lost) >= WIN_LEAD
            paddy = clockwise(landing, steps) + 1
            if not lost:
                text = _say("rest", paddy=paddy)
            else:
                key = "rest_loses" if loses else "rest_returns"
                text = _say(
                    key,
                    paddy=paddy,
                    n=rice_count(returned),
                    rice=describe(returned),
                    points=lost,
                    lead=WIN_LEAD,
                    seat=mover.rival_seat,
                )
    else:
        key = "big_movement" if rival_swaps else "big_movement_no_swap"
        text = _say(key, tokens=sum(here), paddy=landing + 1, seat=mover.rival_seat)
    return {
        "tokens": [TOKEN_WORDS[t] for t in range(5) for _ in range(chosen[t])],
        "action": work.value,
        "points": points,
        "wins": wins,
        "loses": loses,
        "next": [],
        "text": text.to_json(),
    }


def _dearest(here: Sequence[int], size: int) -> Counts:
    """The ``size`` dearest Rice of a paddy (the most a Harvest can score)."""
    taken = [0, 0, 0, 0, 0]
    for t in sorted(RICE, key=lambda t: -RICE_POINTS[t]):
        n = min(size, here[t])
        taken[t] = n
        size -= n
    return taken


def _cheapest(collected: Sequence[int], steps: int) -> Counts:
    """The ``steps`` cheapest collected Rice (the least a Rest can cost), or all of them."""
    returned = [0, 0, 0, 0, 0]
    for t in sorted(RICE, key=lambda t: RICE_POINTS[t]):
        n = min(steps, collected[t])
        returned[t] = n
        steps -= n
    return returned


def _harvest(dearest: Sequence[int], mover: Mover) -> tuple[Counts, int, bool]:
    """What a Harvest of ``dearest`` takes, one Rice at a time, dearest first: it stops at a
    win (ruling T7 is checked after every change of score). The Rice taken, their points,
    and whether it wins."""
    taken = [0, 0, 0, 0, 0]
    gained = 0
    for t in sorted(RICE, key=lambda t: -RICE_POINTS[t]):
        for _ in range(dearest[t]):
            taken[t] += 1
            gained += RICE_POINTS[t]
            score = mover.score + gained
            if (
                score >= WIN_POINTS
                or score - mover.rival >= WIN_LEAD
                or mover.turn_points + gained >= WIN_IN_ONE_TURN
            ):
                return taken, gained, True
    return taken, gained, False


def _say(key: str, /, **args: object) -> Message:
    return Message.of(f"tanbo.forecast.{key}", **args)
