"""The JSON bridge: every bad input gets a clear error and leaves the match as it was."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pygames import bridge
from tests import pilegame  # noqa: F401  (registers the "pile" test game)

from .words import lines


def call(fn: Any, *args: Any) -> dict[str, Any]:
    reply = json.loads(fn(*args))
    assert isinstance(reply, dict)
    return reply


def start(seats: list[dict[str, Any]] | None = None, seed: int = 7, **options: Any) -> str:
    seats = seats or [{"name": "Ann", "bot": None}, {"name": "Bob", "bot": None}]
    reply = call(
        bridge.new_match,
        json.dumps({"game": "pile", "seats": seats, "seed": seed, "options": options}),
    )
    assert reply["ok"], reply
    match: str = reply["match"]
    return match


def snapshot(match: str) -> tuple[Any, ...]:
    return (call(bridge.view, match, 0), call(bridge.export_record, match))


def test_games_lists_the_catalogue() -> None:
    reply = call(bridge.games)
    ids = {g["id"]: g for g in reply["games"]}
    assert "pile" in ids and "tanbo" in ids
    assert "random" in ids["pile"]["bots"] and "take-one" in ids["pile"]["bots"]
    assert ids["pile"]["options"] == {"pile": 15, "boom": False, "cheer": False}


def test_a_match_is_played_through_the_bridge() -> None:
    match = start(pile=3)
    v = call(bridge.view, match, 0)
    assert v["status"]["actors"] == [0] and v["status"]["step"] == 0
    assert {"type": "take", "stones": 3} in v["legal"]
    assert call(bridge.view, match, 1)["legal"] == []
    reply = call(bridge.act, match, 0, json.dumps({"type": "take", "stones": 1}), 0)
    assert reply["ok"] and reply["status"]["step"] == 1
    assert lines(reply["log"]) == ["Player 1 takes 1"]
    reply = call(bridge.act, match, 1, json.dumps({"type": "take", "stones": 2}), 1)
    assert reply["status"]["over"]
    outcome = call(bridge.view, match, -1)["view"]["outcome"]
    assert outcome["winners"] == [1]


@pytest.mark.parametrize(
    ("config", "error_type", "message"),
    [
        ("{not json", "BadInput", "not valid JSON"),
        ("[]", "BadInput", "must be an object"),
        ('{"game": "chess", "seats": []}', "BadOptions", "Unknown game 'chess'"),
        ('{"game": "pile"}', "BadOptions", "who sits"),
        ('{"game": "pile", "seats": [{}]}', "BadOptions", "2 to 4 players"),
        ('{"game": "pile", "seats": [{}, {"bot": "deep-blue"}]}', "BadOptions", "no bot called"),
        ('{"game": "pile", "seats": [{}, {}], "seed": -3}', "BadOptions", "seed must be"),
        ('{"game": "pile", "seats": [{}, {}], "seed": "x"}', "BadInput", "seed must be"),
        ('{"game": "pile", "seats": [{}, {}], "options": {"pile": 0}}', "BadOptions", "1 to 100"),
        ('{"game": "pile", "seats": [3, {}]}', "BadOptions", "Seat 1"),
    ],
)
def test_bad_lobby_configs_are_refused(config: str, error_type: str, message: str) -> None:
    reply = call(bridge.new_match, config)
    assert reply["ok"] is False and reply["error_type"] == error_type
    assert message in reply["error"]


def test_missing_seed_is_chosen_and_reported() -> None:
    reply = call(bridge.new_match, json.dumps({"game": "pile", "seats": [{}, {}]}))
    assert reply["ok"] and isinstance(reply["seed"], int)
    record = call(bridge.export_record, reply["match"])["record"]
    assert record["seed"] == reply["seed"]
    assert [s["name"] for s in record["seats"]] == ["Player 1", "Player 2"]


@pytest.mark.parametrize(
    ("seat", "action", "step", "error_type", "message"),
    [
        (0, "{oops", 0, "BadInput", "not valid JSON"),
        (0, '{"type": "fly"}', 0, "IllegalAction", "Unknown action type"),
        (0, '{"type": "take"}', 0, "IllegalAction", "missing stones"),
        (0, '{"type": "take", "stones": 9}', 0, "IllegalAction", "cannot take"),
        (1, '{"type": "take", "stones": 1}', 0, "IllegalAction", "not Player 2's turn"),
        (7, '{"type": "take", "stones": 1}', 0, "IllegalAction", "no seat 7"),
        (0, '{"type": "take", "stones": 1}', 4, "StaleView", "out of date"),
        (0, '{"type": "take", "stones": 1}', "0", "BadInput", "step must be"),
    ],
)
def test_bad_actions_are_refused_and_change_nothing(
    seat: Any, action: str, step: Any, error_type: str, message: str
) -> None:
    match = start()
    before = snapshot(match)
    reply = call(bridge.act, match, seat, action, step)
    assert reply["ok"] is False and reply["error_type"] == error_type, reply
    assert message in reply["error"]
    assert snapshot(match) == before


def test_an_engine_crash_is_reported_and_the_match_is_untouched() -> None:
    match = start(boom=True)
    before = snapshot(match)
    reply = call(bridge.act, match, 0, '{"type": "boom"}', 0)
    assert reply["error_type"] == "InternalError" and "boom" in reply["error"]
    assert reply["message"]["id"] == "core.internal_error"
    assert "boom" in reply["message"]["args"]["detail"]
    assert snapshot(match) == before
    assert call(bridge.act, match, 0, '{"type": "take", "stones": 1}', 0)["ok"]


def test_unknown_match_and_bad_seat() -> None:
    assert call(bridge.view, "m-nope", 0)["error_type"] == "UnknownMatch"
    assert call(bridge.view, start(), 9)["error_type"] == "BadInput"


def test_bots_play_from_their_seat_only() -> None:
    match = start([{"name": "Ann"}, {"name": "Bot", "bot": "take-one"}])
    assert call(bridge.bot_act, match, 0, 0)["error_type"] == "IllegalAction"  # a human seat
    assert call(bridge.bot_act, match, 1, 0)["error"] == "It is not Player 2's turn to act."
    call(bridge.act, match, 0, '{"type": "take", "stones": 2}', 0)
    reply = call(bridge.bot_act, match, 1, 1)
    assert reply["ok"] and reply["action"] == {"type": "take", "stones": 1}
    assert call(bridge.bot_act, match, 1, 2)["ok"] is False


def test_undo_goes_back_past_bot_replies_to_the_last_human_action() -> None:
    match = start([{"name": "Ann"}, {"name": "Bot", "bot": "take-one"}])
    assert call(bridge.undo, match, 0)["error"] == "There is nothing of yours to undo."
    call(bridge.act, match, 0, '{"type": "take", "stones": 2}', 0)
    call(bridge.bot_act, match, 1, 1)
    call(bridge.act, match, 0, '{"type": "take", "stones": 3}', 2)
    call(bridge.bot_act, match, 1, 3)
    # Only a person undoes, their own moves: a spectator's screen or a bot's seat cannot.
    assert call(bridge.undo, match)["error"] == "There is nothing of yours to undo."
    assert call(bridge.undo, match, 1)["error"] == "There is nothing of yours to undo."
    reply = call(bridge.undo, match, 0)
    assert reply["status"]["step"] == 2 and reply["status"]["actors"] == [0]
    assert call(bridge.view, match, 0)["view"]["table"]["pile"] == 15 - 3
    assert len(call(bridge.export_record, match)["record"]["actions"]) == 2


def test_a_finished_game_stays_finished_undo_says_why_and_changes_nothing() -> None:
    match = start([{"name": "Ann"}, {"name": "Bot", "bot": "take-one"}], pile=3)
    call(bridge.act, match, 0, '{"type": "take", "stones": 1}', 0)
    call(bridge.bot_act, match, 1, 1)
    reply = call(bridge.act, match, 0, '{"type": "take", "stones": 1}', 2)
    assert reply["status"]["over"]
    why = "The game is over: Undo cannot change its result."
    status = call(bridge.view, match, 0)["status"]
    assert status["undo"]["possible"] is False
    assert lines([status["undo"]["why"]]) == [why]
    before = snapshot(match)
    refused = call(bridge.undo, match, 0)
    assert refused["ok"] is False and refused["error"] == why
    assert snapshot(match) == before


def test_export_and_import_replay_the_same_match() -> None:
    match = start()
    call(bridge.act, match, 0, '{"type": "take", "stones": 2}', 0)
    record = call(bridge.export_record, match)["record"]
    reply = call(bridge.import_record, json.dumps(record))
    assert reply["ok"] and reply["match"] != match and reply["status"]["step"] == 1
    assert call(bridge.view, reply["match"], 0)["view"] == call(bridge.view, match, 0)["view"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ('{"game": "pile", "seed": 1, "seats": "x"}', "list its seats"),
        ('{"game": "nope", "seed": 1, "seats": [{"name": "a"}, {"name": "b"}]}', "Unknown game"),
        (
            '{"game": "pile", "seed": 1, "seats": [{"name": "a"}, {"name": "b", "bot": "zz"}]}',
            "no bot called",
        ),
        ('{"game": "pile", "seed": 1, "seats": [{"name": "a"}], "actions": []}', "2 to 4"),
        (
            '{"game": "pile", "seed": 1, "seats": [{"name": "a"}, {"name": "b"}],'
            ' "actions": [[1, {"type": "take", "stones": 1}]]}',
            "Action 1 .* not Player 2's turn",
        ),
    ],
)
def test_corrupted_saves_are_refused_and_open_nothing(text: str, message: str) -> None:
    before = len(bridge._matches)
    reply = call(bridge.import_record, text)
    assert reply["ok"] is False and reply["error_type"] == "BadRecord"
    assert __import__("re").search(message, reply["error"]), reply["error"]
    assert len(bridge._matches) == before


def test_close_forgets_a_match() -> None:
    match = start()
    assert call(bridge.close, match)["ok"]
    assert call(bridge.view, match, 0)["error_type"] == "UnknownMatch"


def test_optional_actions_are_offered_to_other_seats_and_bots_may_decline() -> None:
    seats = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Bot", "bot": "random"}]
    match = start(seats, cheer=True)
    v = call(bridge.view, match, 0)
    assert v["status"]["awaiting"] == [0] and v["status"]["actors"] == [0, 1, 2]
    assert v["optional"] == [
        {"seat": 1, "legal": [{"type": "cheer"}]},
        {"seat": 2, "legal": [{"type": "cheer"}]},
    ]
    assert call(bridge.view, match, 1)["legal"] == [{"type": "cheer"}]
    reply = call(bridge.act, match, 1, '{"type": "cheer"}', 0)
    assert reply["ok"] and reply["status"]["actors"] == [0, 2]
    # The random bot, asked about an optional action, either cheers or declines.
    outcomes = set()
    for seed in range(12):
        m = start(seats, seed=seed, cheer=True)
        r = call(bridge.bot_act, m, 2, 0)
        assert r["ok"]
        outcomes.add(r["action"]["type"] if r["action"] else None)
        assert r["status"]["step"] == (1 if r["action"] else 0)
    assert outcomes == {None, "cheer"}


def test_a_bot_chooses_without_acting_and_its_choice_applies_through_act() -> None:
    match = start([{"name": "Ann"}, {"name": "Bot", "bot": "take-one"}])
    call(bridge.act, match, 0, '{"type": "take", "stones": 2}', 0)
    before = snapshot(match)
    reply = call(bridge.bot_choose, match, 1, 1)
    assert reply["ok"] and reply["action"] == {"type": "take", "stones": 1}
    assert snapshot(match) == before  # choosing changes nothing
    applied = call(bridge.act, match, 1, json.dumps(reply["action"]), 1)
    assert applied["ok"] and applied["status"]["step"] == 2


def test_a_bot_asked_about_a_position_that_moved_on_gets_a_stale_view() -> None:
    # A person's optional action (a cheer, like Tea) lands while a bot is waiting to move: the
    # bot's call for the old step is an ordinary race (StaleView), not "not its turn".
    seats = [{"name": "Bot", "bot": "take-one"}, {"name": "Ann"}]
    match = start(seats, cheer=True)
    assert call(bridge.act, match, 1, '{"type": "cheer"}', 0)["ok"]
    for fn in (bridge.bot_choose, bridge.bot_act):
        reply = call(fn, match, 0, 0)
        assert reply["ok"] is False and reply["error_type"] == "StaleView", reply
    assert call(bridge.bot_choose, match, 0, 1)["action"] == {"type": "take", "stones": 1}
    # Even when the person's action took the bot out of the actors (here: it ended the game).
    match = start([{"name": "Ann"}, {"name": "Bot", "bot": "take-one"}], cheer=True, pile=2)
    assert call(bridge.act, match, 0, '{"type": "take", "stones": 2}', 0)["ok"]
    for fn in (bridge.bot_choose, bridge.bot_act):
        reply = call(fn, match, 1, 0)
        assert reply["ok"] is False and reply["error_type"] == "StaleView", reply


def _finished_pile_match() -> str:
    match = start(cheer=True, pile=4)
    for seat, action in [(1, "cheer"), (0, 1), (1, 2), (0, 1)]:
        text = json.dumps(
            {"type": "cheer"} if action == "cheer" else {"type": "take", "stones": action}
        )
        step = call(bridge.view, match, 0)["status"]["step"]
        assert call(bridge.act, match, seat, text, step)["ok"]
    return match


def test_a_replay_shows_every_step_as_the_seat_saw_it() -> None:
    match = _finished_pile_match()
    opened = call(bridge.open_replay, match)
    assert opened["ok"] and opened["steps"] == 4 and opened["over"] is True
    record = call(bridge.export_record, match)["record"]
    from pygames.core import MatchRecord
    from pygames.games import get_game

    parsed = MatchRecord.from_json(record)
    for step in range(5):
        for seat in (0, 1, -1):
            got = call(bridge.replay_view, opened["replay"], step, seat)
            expected = parsed.replay(get_game("pile"), step).view(None if seat < 0 else seat)
            assert got["view"] == expected
            assert got["step"] == step and got["steps"] == 4
    last = call(bridge.replay_view, opened["replay"], 4, 0)
    assert last["action"] == {"seat": 0, "action": {"type": "take", "stones": 1}}
    # The whole log as seat 0 may read it, each line with the step that wrote it.
    assert lines(last["log"])[0].startswith("Your secret is")
    assert last["log_steps"] == [0, 1, 2, 3, 4]
    assert all(
        "secret" not in line for line in call(bridge.replay_view, opened["replay"], 4, 1)["log"][1:]
    )


def test_everything_is_shown_only_for_a_finished_game() -> None:
    running = start(pile=9)
    call(bridge.act, running, 0, '{"type": "take", "stones": 1}', 0)
    replay = call(bridge.open_replay, running)["replay"]
    refused = call(bridge.replay_view, replay, 1, -2)
    assert refused["ok"] is False and "once the game is over" in refused["error"]
    done = call(bridge.open_replay, _finished_pile_match())["replay"]
    everything = call(bridge.replay_view, done, 2, -2)
    assert everything["ok"] and everything["view"]["everything"] is True
    assert sum("Your secret is" in line for line in lines(everything["log"])) == 2


@pytest.mark.parametrize(("step", "seat"), [(-1, 0), (5, 0), (0, 2), (0, -3), ("x", 0)])
def test_a_replay_refuses_steps_and_seats_it_does_not_have(step: Any, seat: Any) -> None:
    replay = call(bridge.open_replay, _finished_pile_match())["replay"]
    reply = call(bridge.replay_view, replay, step, seat)
    assert reply["ok"] is False and reply["error_type"] in {"IllegalAction", "BadInput"}


def test_a_replay_keeps_its_own_copy_and_can_be_closed() -> None:
    match = start(pile=9)
    replay = call(bridge.open_replay, match)["replay"]
    call(bridge.act, match, 0, '{"type": "take", "stones": 1}', 0)
    assert call(bridge.replay_view, replay, 0, 0)["steps"] == 0
    assert call(bridge.close_replay, replay)["ok"]
    assert call(bridge.replay_view, replay, 0, 0)["error_type"] == "UnknownMatch"


@pytest.mark.parametrize(
    ("source", "head"),
    [
        ("save", "This saved game is damaged: "),
        ("link", "This share link is damaged: "),
        ("autosave", "Your last game could not be restored: "),
    ],
)
def test_a_damaged_record_says_so_first_then_the_detail(source: str, head: str) -> None:
    text = '{"game": "pile", "seed": -4, "seats": [{"name": "a"}, {"name": "b"}]}'
    reply = call(bridge.import_record, text, source)
    assert reply["error_type"] == "BadRecord"
    assert reply["error"] == head + "The seed must be a whole number from 0 to 9007199254740991."
    assert reply["message"] == {
        "id": f"core.damaged.{source}",
        "args": {"detail": {"id": "core.record.seed", "args": {"max": 9007199254740991}}},
    }


def test_a_record_that_breaks_at_action_n_reopens_before_it_when_salvaged() -> None:
    match = start()
    for step, stones in enumerate((2, 1, 3)):
        assert call(
            bridge.act, match, step % 2, json.dumps({"type": "take", "stones": stones}), step
        )["ok"]
    record = call(bridge.export_record, match)["record"]
    record["actions"][2][0] = 1  # the third action now names the wrong seat
    text = json.dumps(record)
    whole = call(bridge.import_record, text, "autosave")
    assert whole["ok"] is False and "salvaged" not in whole
    before = len(bridge._matches)
    reply = call(bridge.import_record, text, "autosave", -1, True)
    assert reply["ok"] and reply["status"]["step"] == 2
    assert reply["record"]["actions"] == record["actions"][:2]
    assert reply["salvaged"] == {"kept": 2, "problem": whole["message"]}
    assert len(bridge._matches) == before + 1
    # A sound record opens whole, with nothing said about salvage.
    record["actions"][2][0] = 0
    assert "salvaged" not in call(bridge.import_record, json.dumps(record), "save", -1, True)


def test_salvage_never_opens_a_record_whose_setup_is_damaged() -> None:
    text = '{"game": "pile", "seed": 1, "seats": [{"name": "a"}], "actions": []}'
    before = len(bridge._matches)
    reply = call(bridge.import_record, text, "save", -1, True)
    assert reply["ok"] is False and reply["error_type"] == "BadRecord"
    assert len(bridge._matches) == before
    refused = call(bridge.import_record, text, "save", -1, "yes")
    assert refused["error_type"] == "BadInput"
    assert refused["message"]["id"] == "core.bridge.not_yes_no"
