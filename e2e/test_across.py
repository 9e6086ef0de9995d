"""A table across devices, in three browser contexts with storage of their own: the host sets
up the seats in the lobby, each guest opens its invitation link, the host pastes each guest's
answer code (or, through a signalling server the test starts, the devices meet by themselves),
and the game is played on three screens, each showing only its own seat.

The guests' pages keep every message their data channel received; the test replays the host's
record afterwards and checks that each table a guest was sent is exactly what the rules give
that seat at that step (no other seat's secret ever reaches it), and that each guest's own
check of the host at the end said "Verified".

Every page is guarded (e2e/conftest.py): a request to any other origin fails the test."""

from __future__ import annotations

import json
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from pygames.core import MatchRecord
from pygames.core.limits import MAX_ACTION_CHARS
from pygames.games import get_game

from .a11y import assert_accessible
from .conftest import ENGINE_TIMEOUT_MS, SOAK, Guard, decisions, screenshot, soak_beyond
from .lobby import choose_seats
from .play import board_state, decide, tab_save

# Every text a data channel of the page receives, kept in order (before the page's scripts).
HEAR_CHANNEL_JS = """(() => {
  window.__heard = [];
  window.__channels = [];
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (type === 'message' && this instanceof RTCDataChannel) {
      if (!window.__channels.includes(this)) window.__channels.push(this);
      const keep = function (event) {
        window.__heard.push(event.data);
        return listener.call(this, event);
      };
      return add.call(this, type, keep, options);
    }
    return add.call(this, type, listener, options);
  };
})();"""

NAMES = ["Ann", "Ben", "Cleo"]
# Decisions played in make test (the long run plays the whole game: decisions()).
EVERYDAY = 12


# The host's camera, for the test: a canvas showing the QR code drawn from ``svg`` (the guest's
# answer as its page shows it), as a video stream the page's scanner reads like a camera's.
FAKE_CAMERA_JS = """(svg) => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 480;
  const g = canvas.getContext('2d');
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  const paint = () => { g.fillStyle = '#fff'; g.fillRect(0, 0, 480, 480);
    if (image.complete) g.drawImage(image, 40, 40, 400, 400); };
  setInterval(paint, 50);
  navigator.mediaDevices.getUserMedia = async () => canvas.captureStream(20);
}"""


def _invite(host: Page, guard_factory: Any, seat: int | str, scan: bool = False) -> Page:
    """Open invitation ``seat`` (a seat, or "w1" to watch) in a device of its own and take its
    answer back to the host, as two people would: the link, then the code (pasted, or
    ``scan``: shown to the host's camera as a QR code)."""
    link_input = host.locator(f"#invite-{seat}-link")
    host.wait_for_function(
        "(id) => document.getElementById(id)?.value.includes('#join=pg1o.')",
        arg=f"invite-{seat}-link",
        timeout=30_000,
    )
    link = link_input.input_value()
    guest: Page
    guest, _ = guard_factory(link)
    guest.context.add_init_script(HEAR_CHANNEL_JS)
    guest.goto(link.replace("#", "?debug=1#"))
    guest.wait_for_function(
        "() => document.getElementById('join-answer').value.startsWith('pg1a.')",
        timeout=ENGINE_TIMEOUT_MS,
    )
    if scan:
        # A device whose camera is refused says so, and the code can still be pasted.
        host.evaluate(
            "() => { navigator.mediaDevices.getUserMedia = async () => {"
            " throw new DOMException('denied', 'NotAllowedError'); }; }"
        )
        host.locator(f'.invite[data-invite="{seat}"] .invite-scan').click()
        said = host.locator(f'.invite[data-invite="{seat}"] .invite-scan-text')
        expect(said).to_have_text(
            "This device's camera cannot be used here: paste the code instead."
        )
        host.evaluate(FAKE_CAMERA_JS, guest.locator("#join-qr").inner_html())
        host.locator(f'.invite[data-invite="{seat}"] .invite-scan').click()
        host.wait_for_function(
            "(id) => document.getElementById(id).value.startsWith('pg1a.')",
            arg=f"invite-{seat}-answer",
            timeout=30_000,
        )
        assert (
            host.locator(f"#invite-{seat}-answer").input_value()
            == guest.locator("#join-answer").input_value()
        )
    else:
        host.locator(f"#invite-{seat}-answer").fill(guest.locator("#join-answer").input_value())
        host.locator(f'.invite[data-invite="{seat}"] .invite-connect').click()
    return guest


def _mover(pages: list[Page], timeout_s: float = 60) -> Page | None:
    """The page whose person is to act now, or None once the game is over on every page."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        states = [board_state(p) for p in pages]
        if all(s.get("awaiting") == "over" for s in states):
            return None
        for page, state in zip(pages, states, strict=True):
            if state.get("awaiting") == "human":
                return page
        pages[0].wait_for_function(
            "() => true", polling=100, timeout=1_000
        )  # a tick: let the pages move on
    raise AssertionError(f"no one is to act: {[board_state(p) for p in pages]}")


# What a hostile guest page might send its host instead of its decisions.
HOSTILE = [
    "not json",
    "[1, 2, 3]",
    '{"type": "act", "n": 1}',
    '{"type": "hello", "v": 1, "seat": 2, "key": "00000000000000000000000000000000",'
    ' "salt": "00000000000000000000000000000000"}',
    '{"type": "act", "n": 1000, "step": 99, "action": {"type": "pass"}}',
    '{"type": "act", "n": 1001, "step": STEP, "action": {"type": "no such move"}}',
    '{"type": "shout", "text": "' + "x" * (MAX_ACTION_CHARS + 300) + '"}',
]


def _hostile_guest_changes_nothing(host: Page, guest: Page) -> None:
    """Messages no honest guest page sends, straight onto its data channel: each is refused
    with a reason, and the host's table and record stay as they were."""
    before = board_state(host)["step"]
    record = tab_save(host)
    heard = len(guest.evaluate("() => window.__heard"))
    for text in HOSTILE:
        guest.evaluate("(t) => window.__channels[0].send(t)", text.replace("STEP", before))
    guest.wait_for_function(
        "([n, k]) => window.__heard.slice(n).filter((m) => m.includes('refused')).length >= k",
        arg=[heard, len(HOSTILE)],
        timeout=30_000,
    )
    refusals = [json.loads(m) for m in guest.evaluate("(n) => window.__heard.slice(n)", heard)]
    reasons = [m.get("reason") or m["message"]["id"] for m in refusals if m["type"] == "refused"]
    # The move goes to the engine, so its refusal may come after the ones that follow it.
    assert sorted(reasons) == sorted(
        [
            "shell.peer.refused.malformed",
            "shell.peer.refused.malformed",
            "shell.peer.refused.malformed",
            "shell.peer.refused.not_your_seat",
            "shell.peer.refused.stale",
            "core.action.unknown",
            "shell.peer.refused.too_long",
        ]
    ), reasons
    assert board_state(host)["step"] == before
    assert tab_save(host) == record
    # The host counted the numbered ones as sent by this guest (a decision is never taken
    # twice), so the page's own count goes on from there.
    guest.evaluate("() => { window.pygamesDebug.guestSeat.guest.memory.n = 1001; }")
    # The page said the refusals it was sent (the last one stays up): it is dismissed.
    assert guest.locator("#error-banner").is_visible()
    guest.locator("#error-close").click()


def _wait_same_step(pages: list[Page]) -> None:
    """Wait until every page shows the table at the host's step."""
    step = board_state(pages[0])["step"]
    for page in pages[1:]:
        page.wait_for_function(
            "(s) => document.getElementById('board').dataset.step === s", arg=step, timeout=30_000
        )


def _tables(guest: Page) -> list[dict[str, Any]]:
    return _tables_in(guest.evaluate("() => window.__heard"))


def _tables_in(heard: list[str]) -> list[dict[str, Any]]:
    return [m for m in map(json.loads, heard) if m.get("type") == "table"]


def _drop_and_rejoin(host: Page, guest: Page, seat: int) -> Page:
    """The guest's page closes mid-game (a phone's browser killed it); the host sees the seat
    away, invites it again, and the same device opens the new link: back at its seat, with the
    table as it is now. Answers the guest's new page."""
    device = guest.context
    old_link = host.locator(f"#invite-{seat}-link").input_value()
    guest.close()
    away = f'#peer-presence .presence[data-seat="{seat}"][data-connected="false"]'
    host.wait_for_selector(away, timeout=45_000)
    host.locator(f"{away} .presence-invite").click()
    host.wait_for_selector("#host-room:not([hidden])")
    host.wait_for_function(
        "([id, old]) => { const v = document.getElementById(id).value;"
        " return v.includes('#join=pg1o.') && v !== old; }",
        arg=[f"invite-{seat}-link", old_link],
        timeout=30_000,
    )
    link = host.locator(f"#invite-{seat}-link").input_value()
    again = device.new_page()
    again.goto(link.replace("#", "?debug=1#"))
    again.wait_for_function(
        "() => document.getElementById('join-answer').value.startsWith('pg1a.')",
        timeout=ENGINE_TIMEOUT_MS,
    )
    host.locator(f"#invite-{seat}-answer").fill(again.locator("#join-answer").input_value())
    host.locator(f'.invite[data-invite="{seat}"] .invite-connect').click()
    host.wait_for_selector(f'.invite[data-invite="{seat}"][data-connected="true"]', timeout=30_000)
    host.locator("#host-start").click()  # back to the table
    host.wait_for_selector("body[data-screen=table]")
    again.wait_for_selector("body[data-screen=table] #board[data-step]", timeout=30_000)
    assert again.locator("#board").get_attribute("data-step") == board_state(host)["step"]
    return again


def _seat_the_table(
    host: Page,
    guard_factory: Any,
    base_url: str,
    game: str,
    who: list[str],
    scan: bool = False,
    watchers: list[Page] | None = None,
) -> list[Page]:
    """The host sets up ``game`` with seats ``who`` ("@away" for a player on another device),
    each invited guest joins from its own device, and the host starts the match: answers the
    guests' pages, in seat order. ``watchers``: a list to which a watcher's page is added, one
    more device invited to watch."""
    host.goto(base_url + "?fast=1&debug=1")
    choose_seats(host, game, who, NAMES[: len(who)])
    host.locator("#start").click()
    host.wait_for_selector("#host-room:not([hidden])")
    away = [seat for seat, kind in enumerate(who) if kind == "@away"]
    guests = [_invite(host, guard_factory, seat, scan) for seat in away]
    if watchers is not None:
        host.locator("#host-watch").click()
        watchers.append(_invite(host, guard_factory, "w1"))
        host.wait_for_selector('.invite[data-invite="w1"][data-connected="true"]', timeout=30_000)
    host.wait_for_function("() => !document.getElementById('host-start').disabled", timeout=30_000)
    # Each invitation and answer is also a QR code, named for a screen reader.
    for seat in away:
        assert (
            host.locator(f'.invite[data-invite="{seat}"] .invite-qr svg[aria-label]').count() == 1
        )
    for guest in guests:
        assert guest.locator("#join-qr svg[aria-label]").count() == 1
    commitment = host.locator("#host-commitment").inner_text()
    for guest in guests:
        guest.wait_for_function(
            "(c) => document.getElementById('join-commitment').textContent === c", arg=commitment
        )
    screenshot(host, f"across-host-room-{game}")
    screenshot(guests[0], f"across-guest-joined-{game}")
    assert_accessible(host, "the host's room")
    assert_accessible(guests[0], "a guest's join screen")
    host.locator("#host-start").click()
    for page in [host, *guests]:
        page.wait_for_selector("body[data-screen=table] #board[data-step]", timeout=30_000)
    screenshot(guests[0], f"across-guest-table-{game}")
    assert_accessible(guests[0], "a guest's table")
    return guests


def _play(host: Page, guests: list[Page], drop: int | None = None) -> tuple[list[Page], list[str]]:
    """Play on every device, each person's decisions on their own page: ``EVERYDAY`` decisions
    in make test, then the host reveals the deal as it does at the end; the whole game in the
    long run. ``drop``: the first guest's page closes after that many decisions and rejoins.
    Answers the guests' pages and what the first guest's page heard before it dropped."""
    earlier: list[str] = []
    pages = [host, *guests]
    for i in decisions(EVERYDAY):
        if i == drop:
            earlier = guests[0].evaluate("() => window.__heard")
            guests[0] = _drop_and_rejoin(host, guests[0], 1)
            pages = [host, *guests]
        mover = _mover(pages)
        if mover is None:
            return guests, earlier
        decide(mover, i)
    # make test stops here: the host reveals the deal as it does at the end (the long run plays
    # the game to its end, where the page reveals it by itself).
    assert not SOAK, "the game did not end"
    _wait_same_step(pages)
    host.evaluate(
        """async () => {
          const room = window.pygamesDebug.hostRoom;
          room.host.reveal(room.deal.secret, await window.pygamesDebug.match.currentRecord());
        }"""
    )
    return guests, earlier


def _verified(guests: list[Page]) -> None:
    """Each guest's own check of the host said the deal and every move followed the rules."""
    for guest in guests:
        guest.wait_for_selector("#peer-check[data-verified]", timeout=60_000)
        said = guest.locator("#peer-check").inner_text()
        assert guest.locator("#peer-check").get_attribute("data-verified") == "true", said
        assert "Verified" in said


def _only_own_tables(host: Page, guests: list[Page], earlier: list[str]) -> None:
    """Every table a guest was sent is its own seat's view at that step, as the rules give it,
    with its own legal actions: no other seat's secret ever reached its device."""
    saved = tab_save(host)
    assert saved is not None
    record = MatchRecord.from_json(saved["record"])
    game = get_game(record.game)
    for guest, heard in zip(guests, [earlier] + [[]] * (len(guests) - 1), strict=True):
        seat = int(guest.locator("#board").get_attribute("data-seat") or "-1")
        who = None if seat == -1 else seat  # a watcher: the public view
        tables = _tables(guest) + _tables_in(heard)
        assert tables, "the guest was sent no table"
        for table in tables:
            state = record.replay(game, upto=table["step"])
            assert table["seat"] == seat
            assert table["view"] == json.loads(json.dumps(state.view(who))), table["step"]
            legal = [] if who is None else [a.to_json() for a in state.legal_actions(who)]
            assert table["legal"] == legal


def test_storm_at_three_devices_each_sees_only_its_own_seat_and_the_deal_is_verified(
    site: Any, guard_factory: Any, base_url: str
) -> None:
    host, _ = site
    watchers: list[Page] = []
    guests = _seat_the_table(
        host,
        guard_factory,
        base_url,
        "storm_in_a_teacup",
        ["", "@away", "@away"],
        watchers=watchers,
    )
    _hostile_guest_changes_nothing(host, guests[0])
    guests, earlier = _play(host, guests, drop=10)
    _verified([*guests, *watchers])
    screenshot(guests[0], "across-guest-verified")

    # A host that bends the record after the game is caught: the same secret, another seed.
    host.evaluate(
        """async () => {
          const room = window.pygamesDebug.hostRoom;
          const record = await window.pygamesDebug.match.currentRecord();
          room.host.reveal(room.deal.secret, {...record, seed: record.seed + 1});
        }"""
    )
    for guest in guests:
        guest.wait_for_selector("#peer-check[data-verified=false]", timeout=30_000)
        said = guest.locator("#peer-check").inner_text()
        assert said.startswith("Not verified:") and "committed secret" in said, said
    _only_own_tables(host, [*guests, *watchers], earlier)
    assert [g.locator("#board").get_attribute("data-seat") for g in guests] == ["1", "2"]
    assert watchers[0].locator("#board").get_attribute("data-seat") == "-1"


def test_humble_tea_party_with_a_guest_and_a_bot_at_the_host(
    site: Any, guard_factory: Any, base_url: str
) -> None:
    host, _ = site
    # The host reads the guest's answer with its camera.
    guests = _seat_the_table(
        host, guard_factory, base_url, "humble_tea_party", ["", "@away", "normal"], scan=True
    )
    guests, earlier = _play(host, guests)
    _verified(guests)
    _only_own_tables(host, guests, earlier)


# The long run only, for now: in 2 of 6 full runs on 2026-12-08 under two test processes the
# host never saw its guest connected after the new invitation's answer was given (30 s); alone
# or with one other test process it passed every time (7 runs). The cause is not found yet. The
# signalling-server test below still reloads the host and brings its guests back in make test.
@pytest.mark.soak
def test_a_host_that_reloads_reopens_the_table_and_invites_its_guest_again(
    site: Any, guard_factory: Any, base_url: str
) -> None:
    host, _ = site
    guests = _seat_the_table(
        host, guard_factory, base_url, "humble_tea_party", ["", "@away", "normal"]
    )
    guest = guests[0]
    for i in range(4):
        mover = _mover([host, guest])
        assert mover is not None
        decide(mover, i)
    _wait_same_step([host, guest])
    step = board_state(host)["step"]
    earlier = guest.evaluate("() => window.__heard")

    # The host's page reloads: its match comes back from its save, the guest away.
    host.reload()
    host.wait_for_selector("body[data-screen=table] #board[data-step]", timeout=60_000)
    # Nothing was lost (a bot whose turn it was may have moved since).
    assert int(board_state(host)["step"]) >= int(step)
    away = '#peer-presence .presence[data-seat="1"][data-connected="false"]'
    host.wait_for_selector(away)
    host.locator(f"{away} .presence-invite").click()
    host.wait_for_function(
        "() => document.getElementById('invite-1-link')?.value.includes('#join=pg1o.')",
        timeout=30_000,
    )
    # The guest opens the new invitation in the same tab. Only its fragment differs from the
    # address the tab is at, so the page does not reload: it hears the change a moment after
    # the navigation, and until then the last answer is still in the field.
    last_answer = guest.locator("#join-answer").input_value()
    guest.goto(host.locator("#invite-1-link").input_value().replace("#", "?debug=1#"))
    guest.wait_for_function(
        "(last) => { const answer = document.getElementById('join-answer').value;"
        " return answer.startsWith('pg1a.') && answer !== last; }",
        arg=last_answer,
        timeout=ENGINE_TIMEOUT_MS,
    )
    host.locator("#invite-1-answer").fill(guest.locator("#join-answer").input_value())
    host.locator('.invite[data-seat="1"] .invite-connect').click()
    host.wait_for_selector('.invite[data-seat="1"][data-connected="true"]', timeout=30_000)
    host.locator("#host-start").click()  # back to the table
    guest.wait_for_selector("body[data-screen=table] #board[data-step]", timeout=30_000)
    _wait_same_step([host, guest])
    guests, _ = _play(host, [guest])
    _verified(guests)
    _only_own_tables(host, guests, earlier)


def test_the_room_before_the_deal_goes_back_to_the_lobby_and_a_damaged_invitation_is_said(
    site: Any, base_url: str
) -> None:
    host, _ = site
    host.goto(base_url + "?fast=1")
    choose_seats(host, "storm_in_a_teacup", ["", "@away"], NAMES[:2])
    host.locator("#start").click()
    host.wait_for_selector("#host-room:not([hidden])")
    host.locator("#host-cancel").click()  # nothing was dealt: nothing to confirm
    host.wait_for_selector("#lobby:not([hidden])")
    assert host.locator("#confirm-dialog[open]").count() == 0
    assert host.locator("#seat-1-who").input_value() == "@away"  # the settings stay
    # A link whose invitation was cut short says so, and offers the lobby.
    host.goto(base_url + "?fast=1#join=pg1o.abc&seat=7&key=00")
    host.wait_for_selector("#join:not([hidden])")
    expect(host.locator("#join-status")).to_have_text(
        "This invitation link is damaged: ask the host to send it again."
    )
    assert_accessible(host, "a damaged invitation")


# ---------------------------------------------------------------- through a signalling server

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def peer_server() -> Iterator[str]:
    """A PeerJS signalling server on this machine, as a person runs it (the ``peer`` npm
    package's ``peerjs`` command, README), on a free port: its address as a person types it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = ROOT / "node_modules" / "peer" / "dist" / "bin" / "peerjs.js"
    server = subprocess.Popen(
        ["node", str(command), "--port", str(port), "--host", "127.0.0.1", "--path", "/pygames"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    started = server.stdout.readline()  # it says where it listens once it does
    assert "Started PeerServer" in started, started
    try:
        yield f"http://127.0.0.1:{port}/pygames"
    finally:
        server.terminate()
        server.wait(10)


def _socket_origin(typed: str) -> str:
    """Where the page's WebSocket goes for server ``typed``: the only other origin allowed."""
    return "ws://" + typed.split("://", 1)[1].split("/", 1)[0] + "/"


def _meet_the_table(
    site: tuple[Page, Guard],
    guard_factory: Any,
    base_url: str,
    game: str,
    who: list[str],
    server: str,
) -> list[Page]:
    """As ``_seat_the_table``, through signalling server ``server``: the host types it in its
    room, each guest opens its link and its device links by itself (no code to pass)."""
    host, host_guard = site
    host_guard.sockets_to.append(_socket_origin(server))
    host.goto(base_url + "?fast=1&debug=1")
    choose_seats(host, game, who, NAMES[: len(who)])
    host.locator("#start").click()
    host.wait_for_selector("#host-room:not([hidden])")
    # Nothing is contacted before the person asks for it.
    assert host_guard.sockets == []
    host.locator("#meet summary").click()
    # An address that is not one is said, and nothing is contacted.
    host.locator("#meet-server").fill("not a server")
    host.locator("#meet-use").click()
    expect(host.locator("#meet-status")).to_contain_text("not a signalling server's address")
    host.locator("#meet-server").fill(server)
    host.locator("#meet-stun").fill("stun.example.org:99999")
    host.locator("#meet-use").click()
    expect(host.locator("#meet-status")).to_contain_text("not a STUN server's address")
    host.locator("#meet-stun").fill("")
    assert host_guard.sockets == []
    host.locator("#meet-use").click()
    host.wait_for_selector("#meet-status[data-open=true]", timeout=30_000)
    # From now on this page's sockets reach that server only: the browser refuses any other.
    refused = host.evaluate(
        """async () => { try { const s = new WebSocket('ws://127.0.0.1:9/elsewhere');
          await new Promise((done) => { s.onerror = s.onclose = done; }); return false; }
          catch (e) { return e.name; } }"""
    )
    host.wait_for_function("() => true")  # the violation's report reaches the console
    violations = [e for e in host_guard.errors if "violation: connect-src" in e]
    assert violations and all("127.0.0.1:9/" in e for e in violations), (refused, host_guard.errors)
    assert not [u for u in host_guard.sockets if ":9/elsewhere" in u]
    host_guard.errors.clear()
    away = [seat for seat, kind in enumerate(who) if kind == "@away"]
    guests = []
    for seat in away:
        host.wait_for_function(
            "(id) => document.getElementById(id)?.value.includes('#meet=')",
            arg=f"invite-{seat}-link",
            timeout=30_000,
        )
        link = host.locator(f"#invite-{seat}-link").input_value()
        assert "join=" not in link  # no offer in the link: the server passes it
        guest, guard = guard_factory(link)
        guard.sockets_to.append(_socket_origin(server))
        guest.context.add_init_script(HEAR_CHANNEL_JS)
        guest.goto(link.replace("#", "?debug=1#"))
        guests.append(guest)
    for seat in away:
        host.wait_for_selector(
            f'.invite[data-invite="{seat}"][data-connected="true"]', timeout=60_000
        )
    # No answer code was shown or needed.
    for guest in guests:
        assert guest.locator("#join-answer").input_value() == ""
    screenshot(host, f"across-server-room-{game}")
    assert_accessible(host, "the host's room through a server")
    host.locator("#host-start").click()
    for page in [host, *guests]:
        page.wait_for_selector("body[data-screen=table] #board[data-step]", timeout=30_000)
    return guests


@pytest.mark.parametrize(
    ("game", "who"),
    soak_beyond(
        [("storm_in_a_teacup", ("", "@away", "@away"))],
        [
            ("storm_in_a_teacup", ("", "@away", "@away")),
            ("humble_tea_party", ("", "@away", "normal")),
        ],
        unpack=True,
    ),
)
def test_through_a_signalling_server_guests_meet_the_host_and_come_back_after_reloads(
    site: Any, guard_factory: Any, base_url: str, peer_server: str, game: str, who: tuple[str, ...]
) -> None:
    host, _ = site
    guests = _meet_the_table(site, guard_factory, base_url, game, list(who), peer_server)
    pages = [host, *guests]
    for i in range(6):
        mover = _mover(pages)
        assert mover is not None
        decide(mover, i)
    _wait_same_step(pages)
    step = board_state(host)["step"]

    # The host's page reloads: the match comes back from its save, the room opens again at the
    # server, and every guest comes back by itself, with nothing for anyone to do.
    host.reload()
    host.wait_for_selector("body[data-screen=table] #board[data-step]", timeout=60_000)
    assert int(board_state(host)["step"]) >= int(step)
    seats = [seat for seat, kind in enumerate(who) if kind == "@away"]
    for seat in seats:
        host.wait_for_selector(
            f'#peer-presence .presence[data-seat="{seat}"][data-connected="true"]', timeout=60_000
        )
    for guest in guests:
        guest.wait_for_selector("#peer-presence[data-linked=true]", timeout=30_000)
    _wait_same_step(pages)

    # A guest's page reloads: it asks the host through the server again, by itself, and is back
    # at its seat with what its device kept.
    earlier = guests[0].evaluate("() => window.__heard")
    guests[0].reload()
    guests[0].wait_for_selector("#peer-presence[data-linked=true]", timeout=60_000)
    guests[0].wait_for_selector("body[data-screen=table] #board[data-step]", timeout=30_000)
    _wait_same_step(pages)
    guests, _ = _play(host, guests)
    _verified(guests)
    _only_own_tables(host, guests, earlier)
