"""Humble Tea Party as text: the decks' top tiles, each Oribako as a grid of sweets with its
score so far (a favourite season only where the reader may know it), Tea, and each move in the
page's words with what it adds to the box (the engine's preview)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .words import Speaker

CELL = 12  # a grid cell's width in characters: a short sweet name fits


def sweet(say: Speaker, tile: Mapping[str, Any] | None, short: bool = False) -> str:
    """The sweet's name (as printed on the tile when ``short``)."""
    if not tile:
        return say("humble_tea_party.ui.a_sweet")
    return say(f"humble_tea_party.{'sweet_short' if short else 'sweet'}.{tile['type']}")


def tile_words(say: Speaker, tile: Mapping[str, Any] | None) -> str:
    """A tile in full: sweet, month, season, crest and family."""
    if not tile:
        return say("humble_tea_party.ui.unknown_tile")
    return say(
        "humble_tea_party.ui.tile_words",
        sweet=sweet(say, tile),
        month=say(f"humble_tea_party.month.{tile['month']}"),
        season=say(f"humble_tea_party.season.{tile['season']}"),
        crest=say(f"humble_tea_party.crest.{tile['crest']}"),
        family=say(f"humble_tea_party.family.{tile['family']}"),
    )


def _gain(say: Speaker, n: int) -> str:
    if n > 0:
        return say("humble_tea_party.ui.gain_up", n=n)
    if n < 0:
        return say("humble_tea_party.ui.gain_down", n=-n)
    return say("humble_tea_party.ui.gain_none")


def _width(text: str) -> int:
    """Columns a string takes in a terminal: East Asian wide characters take two."""
    return sum(2 if ord(c) >= 0x1100 and not 0xFF61 <= ord(c) <= 0xFFDC else 1 for c in text)


def _cell(text: str) -> str:
    while _width(text) > CELL - 1:
        text = text[:-1]
    return text + " " * (CELL - _width(text))


def box_lines(say: Speaker, box: Mapping[str, Any]) -> list[str]:
    """An Oribako's window of cells, row by row: a sweet's short name, or ``·`` where empty."""
    window = box["window"]
    at = {(c["x"], c["y"]): c["tile"] for c in box["tiles"]}
    lines = []
    for y in range(window["y0"], window["y1"] + 1):
        row = [
            _cell(sweet(say, at[(x, y)], short=True) if (x, y) in at else "·")
            for x in range(window["x0"], window["x1"] + 1)
        ]
        lines.append("    " + "".join(row).rstrip())
    return lines


def table(view: Mapping[str, Any], say: Speaker) -> list[str]:
    """The table as ``view``'s seat sees it: its own favourite season, nobody else's."""
    t = view["table"]
    phase = {"own": "phase_own", "recommend": "phase_recommend"}.get(t["phase"], "phase_over")
    lines = [say(f"humble_tea_party.ui.{phase}")]
    for d, deck in enumerate(t["decks"]):
        left = say("humble_tea_party.ui.tiles", n=deck["size"])
        label = say("humble_tea_party.ui.deck_label", deck=d + 1, left=left)
        top = tile_words(say, deck["top"]) if deck["top"] else say("humble_tea_party.ui.empty")
        lines.append(f"{label}: {top}")
    tea = t["tea"]
    if tea["holder"] is None:
        lines.append(say("humble_tea_party.ui.tea_centre"))
    else:
        lines.append(say("humble_tea_party.ui.tea_away", who=say.seat(tea["holder"])))
    seat = view.get("seat")
    for s, box in enumerate(t["oribako"]):
        lines.append("")
        score = box["score"]
        known = score["total"] if s == seat or box["revealed"] else score["public"]
        text = say("humble_tea_party.ui.score_so_far", total=known)
        if s != seat and not box["revealed"] and not box["complete"]:
            text = say("humble_tea_party.ui.score_secret_plus", text=text)
        mark = " ◀" if s in view.get("awaiting", []) else ""
        lines.append(f"{say.seat(s)}: {text}{mark}")
        if box["season"]:
            key = "fav_own" if s == seat and not box["revealed"] else "fav_revealed"
            season = say(f"humble_tea_party.season.{box['season']}")
            lines.append("  " + say(f"humble_tea_party.ui.{key}", season=season))
        lines.extend(box_lines(say, box))
    return lines


def _where(say: Speaker, box: Mapping[str, Any], x: int, y: int) -> str:
    at = {(c["x"], c["y"]): c["tile"] for c in box["tiles"]}
    pos = say(
        "humble_tea_party.ui.pos", row=y - box["window"]["y0"] + 1, col=x - box["window"]["x0"] + 1
    )
    sides = (
        (-1, 0, "where_right"),
        (1, 0, "where_left"),
        (0, -1, "where_below"),
        (0, 1, "where_above"),
    )
    for dx, dy, word in sides:
        if (x + dx, y + dy) in at:
            rel = say(f"humble_tea_party.ui.{word}", sweet=sweet(say, at[(x + dx, y + dy)]))
            return say("humble_tea_party.ui.where_at", rel=rel, pos=pos)
    return say("humble_tea_party.ui.where_first", pos=pos)


def _preview(view: Mapping[str, Any], deck: int, target: int, x: int, y: int) -> Any:
    for p in view["table"].get("previews", []):
        if (p["deck"], p["target"], p["x"], p["y"]) == (deck, target, x, y):
            return p
    return None


def action(data: Mapping[str, Any], view: Mapping[str, Any], say: Speaker) -> str:
    """One legal action in the page's words, with what it adds to the box when known."""
    t = view["table"]
    kind = data["type"]
    if kind == "tea":
        return say("humble_tea_party.ui.get_tea")
    top = t["decks"][data["deck"]]["top"]
    if kind == "keep":
        text = say("humble_tea_party.ui.act_keep", tile=tile_words(say, top), deck=data["deck"] + 1)
        preview = _preview(view, data["deck"], view["seat"], 0, 0)
    else:
        target = data["target"]
        where = _where(say, t["oribako"][target], data["x"], data["y"])
        text = say(
            "humble_tea_party.ui.act_place",
            sweet=sweet(say, top),
            who=say.seat(target),
            where=where,
        )
        preview = _preview(view, data["deck"], target, data["x"], data["y"])
    if preview is None:
        return text
    return say("humble_tea_party.ui.with_preview", text=text, preview=_gain(say, preview["gain"]))
