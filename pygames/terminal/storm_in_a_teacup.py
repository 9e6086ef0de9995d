"""Storm in a Teacup as text: the round, the host and the lead, every player's hand and stock
counts, the reader's own hand in its fixed order with each card numbered, and each move in the
page's words (a run's cards, its combination and its colours)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core.messages import join
from ..storm_in_a_teacup.cards import count_messages
from .words import Speaker

NS = "storm_in_a_teacup"
KINDS = ("tea", "milk", "lemon")


def counts_words(say: Speaker, counts: Mapping[str, int]) -> str:
    """``2 Tea and 1 Lemon``; "nothing" for none."""
    parts = [say.message(m) for m in count_messages([counts.get(k, 0) for k in KINDS])]
    return join(parts, say.lang) if parts else say(f"{NS}.ui.nothing")


def _counts_of(cards: Sequence[str]) -> dict[str, int]:
    return {k: sum(1 for c in cards if c == k) for k in KINDS}


def _cards(say: Speaker, n: int) -> str:
    return say(f"{NS}.no_cards") if n == 0 else say(f"{NS}.cards", n=n)


def hand_line(say: Speaker, hand: Sequence[str]) -> str:
    """The hand in its order, each card by its letter under its number: ``1:T 2:M 3:L``."""
    return " ".join(f"{i + 1}:{say(f'{NS}.ui.letter.{card}')}" for i, card in enumerate(hand))


def table(view: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table as ``view``'s seat sees it: its own hand, only counts of the others'."""
    t = view["table"]
    phase = say(f"{NS}.ui.phase.{'party' if t['phase'] == 'discard' else t['phase']}")
    round_ = say(f"{NS}.ui.round_html", n=t["round"])
    lines = [f"{round_} · {phase} · {say(f'{NS}.ui.host')}: {say.seat(t['host'])}"]
    lead = t.get("lead")
    if lead:
        combination = say(f"{NS}.combination.{lead['combination']}")
        lines.append(
            say(f"{NS}.ui.party.step1", lead=say.seat(lead["seat"]), combination=combination)
        )
    lines.append(say(f"{NS}.ui.box_aria", cards=_cards(say, t["box"])))
    for s in range(view["players"]):
        hand = say(f"{NS}.ui.in_hand", cards=_cards(say, t["hand_sizes"][s]))
        stock = say(f"{NS}.ui.in_stock", cards=_cards(say, t["stock_sizes"][s]))
        colours = t.get("stock_colours")
        if t.get("memory_aid") and colours and colours[s] and t["stock_sizes"][s]:
            stock += f" ({counts_words(say, colours[s])})"
        mark = " ◀" if s in view.get("awaiting", []) else ""
        lines.append(f"{say.seat(s)}: {hand}; {stock}{mark}")
    hand_cards = t.get("hand")
    if isinstance(hand_cards, list):
        lines.append("")
        if hand_cards:
            lines.append(say(f"{NS}.ui.hand_title", x=counts_words(say, _counts_of(hand_cards))))
            lines.append("  " + hand_line(say, hand_cards))
        else:
            lines.append(say(f"{NS}.ui.hand_empty_note"))
    return lines


def action(data: Mapping[str, Any], view: Mapping[str, Any], say: Speaker) -> str:
    """One legal action in the page's words."""
    t = view["table"]
    if data["type"] == "serve":
        start, n = data["start"], data["length"]
        if n == 1:
            where = say(f"{NS}.ui.card_n", n=start + 1)
        else:
            where = say(f"{NS}.ui.cards_range", a=start + 1, b=start + n)
        hand = t.get("hand")
        if not isinstance(hand, list) or len(hand) < start + n:
            return say(f"{NS}.ui.serve_action_short", cards=_cards(say, n), range=where)
        run = next((r for r in t.get("runs", []) if (r["start"], r["length"]) == (start, n)), None)
        combination = (
            say(f"{NS}.combination.{run['combination']}") if run else say(f"{NS}.ui.no_combination")
        )
        counts = counts_words(say, _counts_of(hand[start : start + n]))
        return say(
            f"{NS}.ui.serve_action",
            cards=_cards(say, n),
            range=where,
            combination=combination,
            counts=counts,
        )
    if data["type"] == "discard":
        discards = {k: int(data[k]) for k in KINDS}
        if not any(discards.values()):
            return say(f"{NS}.ui.discard_nothing_action")
        return say(f"{NS}.ui.discard_action", counts=counts_words(say, discards))
    return str(dict(data))
