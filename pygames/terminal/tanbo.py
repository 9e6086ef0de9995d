"""Tanbo as text: the two rings of paddies, the scores, the hand being sown with what each token
would do where it lands (the engine's forecast, as the page shows it), and each move in the
page's words."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..tanbo.words import count, none
from .words import Speaker

RICE = ("yellow", "black", "red")


def _tokens(say: Speaker, held: Mapping[str, Any]) -> str:
    """``2 Snakes, 1 Yellow Rice, the Farmer``, or "empty"."""
    counts = [held["snakes"], *(held["rice"][r] for r in RICE)]
    parts = [say.message(count(n, kind)) for kind, n in enumerate(counts) if n]
    if held.get("farmer"):
        parts.append(say("tanbo.one.farmer"))
    return say("tanbo.ui.sep").join(parts) if parts else say.message(none("empty"))


def _rice(say: Speaker, counts: Mapping[str, int]) -> str:
    parts = [f"{say(f'tanbo.ui.letter.{r}')}{counts.get(r, 0)}" for r in RICE]
    return " ".join(parts)


def table(view: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table as ``view``'s seat sees it (Tanbo hides nothing but the bag's order)."""
    t = view["table"]
    goal = t["goal"]
    lines = [say("tanbo.ui.goal", **goal)]
    bag = t["bag"]
    lines.append(f"{say('tanbo.ui.bag.label')}: {_rice(say, bag)}")
    for seat in t["ring_order"]:
        score = say("tanbo.ui.score", n=t["scores"][seat], goal=goal["points"])
        collected = say("tanbo.ui.collected", what=_rice(say, t["collected"][seat]))
        mark = " ◀" if seat in view.get("awaiting", []) else ""
        lines.append("")
        lines.append(f"{say.seat(seat)}: {score} · {collected}{mark}")
        for p, paddy in enumerate(t["rings"][seat]):
            lines.append("  " + say("tanbo.ui.paddy", paddy=p + 1, what=_tokens(say, paddy)))
    hand = t["hand"]
    if hand["snakes"] or hand["farmer"] or any(hand["rice"].values()):
        lines.append("")
        lines.append(say("tanbo.ui.hand.in_hand", tokens=_tokens(say, t["hand"])))
    seat = view.get("seat")
    sowing = t.get("sowing")
    if t["phase"] == "move" and sowing and seat in view.get("awaiting", []):
        prompt = say("tanbo.ui.prompt.move_you", seat=seat, paddy=sowing["next"] + 1)
        if sowing.get("landing") is not None:
            prompt += say("tanbo.ui.prompt.lands", paddy=sowing["landing"] + 1)
        lines.append(prompt)
    return lines


def action(data: Mapping[str, Any], view: Mapping[str, Any], say: Speaker) -> str:
    """One legal action in the page's words; a token to sow says what its landing would do."""
    kind = data["type"]
    if kind == "farmer":
        return say("tanbo.ui.act.farmer", paddy=data["paddy"] + 1)
    if kind == "place":
        token = data["token"]
        label = say("tanbo.ui.act.place", what=say(f"tanbo.one.{token}"))
        sowing = view["table"].get("sowing") or {}
        for way in sowing.get("ways", []):
            if way["tokens"] and way["tokens"][0] == token and way.get("text"):
                return f"{label}: {say.json(way['text'])}"
        return label
    if kind == "swap":
        (p, a), (q, b) = data["a"], data["b"]
        return say(
            "tanbo.ui.act.swap", a=say(f"tanbo.one.{a}"), p=p + 1, b=say(f"tanbo.one.{b}"), q=q + 1
        )
    if kind == "take":
        return say("tanbo.ui.act.take", rice=say(f"tanbo.one.{data['rice']}"))
    if kind == "return":
        return say("tanbo.ui.act.return", rice=say(f"tanbo.one.{data['rice']}"))
    if kind == "remove":
        return say(
            "tanbo.ui.act.remove", token=say(f"tanbo.one.{data['token']}"), paddy=data["paddy"] + 1
        )
    return str(dict(data))
