"""Two devices linked by hand-passed codes (web/js/peer-link.js), in two browser contexts with
storage of their own: the host's invitation and the guest's answer are all it takes, with no
ICE server at all (each side's address is a local mDNS name), so play across devices needs no
server and runs in CI on one machine.

Every page is guarded (e2e/conftest.py): a request to any other origin fails the test."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page

IMPORT = "import('./js/peer-link.js')"

# Each side keeps its link, and an inbox that listens from the moment its channel opens.
KEEP_LINK = """
  window.__inbox = [];
  window.__link.channel.then((ch) =>
    ch.addEventListener('message', (e) => window.__inbox.push(e.data)));
  return window.__link.code;"""
INVITE_JS = f"""async () => {{
  const m = await {IMPORT};
  window.__link = await m.invite();{KEEP_LINK}
}}"""
JOIN_JS = f"""async (offer) => {{
  const m = await {IMPORT};
  window.__link = await m.join(offer);{KEEP_LINK}
}}"""
COMPLETE_JS = f"""async (answer) => {{
  const m = await {IMPORT};
  await m.complete(window.__link, answer);
}}"""
# Each side sends a line once its channel is open.
SEND_JS = """async (line) => {
  const late = new Promise((_, reject) =>
    setTimeout(() => reject(new Error('the channel did not open')), 10000));
  (await Promise.race([window.__link.channel, late])).send(line);
}"""
INBOX_JS = "() => window.__inbox"
DESCRIPTION_JS = f"""async ([code, kind]) => {{
  const m = await {IMPORT};
  return await m.decodeCode(code, kind);
}}"""
REFUSAL_JS = f"""async ([code, kind]) => {{
  const m = await {IMPORT};
  try {{ await m.decodeCode(code, kind); return null; }} catch (e) {{ return e.reason; }}
}}"""


def _device(guard_factory: Any, base_url: str) -> Page:
    # The rules page: the site's origin without starting Python, which a link does not need.
    page: Page
    page, _ = guard_factory(base_url + "rules.html")
    page.goto(base_url + "rules.html")
    return page


def _candidates(sdp: str) -> list[str]:
    return [line for line in sdp.split("\r\n") if line.startswith("a=candidate:")]


def test_two_devices_link_by_codes_alone_with_no_server(guard_factory: Any, base_url: str) -> None:
    host = _device(guard_factory, base_url)
    guest = _device(guard_factory, base_url)

    invitation = host.evaluate(INVITE_JS)
    assert re.fullmatch(r"pg1o\.[A-Za-z0-9_-]+", invitation), invitation
    answer = guest.evaluate(JOIN_JS, invitation)
    assert re.fullmatch(r"pg1a\.[A-Za-z0-9_-]+", answer), answer
    host.evaluate(COMPLETE_JS, answer)

    # Both ways, in one round: the channel is open at both ends.
    host.evaluate(SEND_JS, "tea from the host")
    guest.evaluate(SEND_JS, "milk from the guest")
    for page, line in ((guest, "tea from the host"), (host, "milk from the guest")):
        page.wait_for_function("() => window.__inbox.length > 0", timeout=10_000)
        assert page.evaluate(INBOX_JS) == [line]

    # What the codes say of each device: only host candidates under mDNS names (no address of
    # the machine, nothing learnt from a STUN server), short enough for a QR code.
    for code, kind in ((invitation, "offer"), (answer, "answer")):
        sdp = host.evaluate(DESCRIPTION_JS, [code, kind])
        candidates = _candidates(sdp)
        assert candidates, sdp
        for line in candidates:
            assert " typ host" in line and ".local " in line, line
        assert len(code) < 1200, len(code)


def test_a_code_of_the_wrong_kind_or_damaged_is_refused_with_a_reason(
    guard_factory: Any, base_url: str
) -> None:
    host = _device(guard_factory, base_url)
    invitation = host.evaluate(INVITE_JS)
    assert host.evaluate(REFUSAL_JS, [invitation, "answer"]) == "shell.peer.code.not_answer"
    assert host.evaluate(REFUSAL_JS, [invitation[:-9], "offer"]) == "shell.peer.code.damaged"
    assert host.evaluate(REFUSAL_JS, [invitation, "offer"]) is None
