"""Checks for a phone held in the hand, shared by the browser tests.

- ``touch_screen(page)``: the page behaves as on a touch screen (``pointer: coarse``);
- ``small_targets(page)``: every enabled control a finger uses that is smaller than 44 x 44 px
  (WCAG 2.5.5). A checkbox counts with its label, which takes the tap too; a control with an
  equivalent of full size on the same screen (the same ``data-action`` or ``data-pick``: a
  token drawn on Tanbo's ring beside its chip) is allowed, as WCAG allows it.
"""

from __future__ import annotations

from playwright.sync_api import CDPSession, Page

TARGET_PX = 44

SMALL_TARGETS_JS = """([least, within]) => {
  const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary,'
    + ' [role=button], [tabindex]:not([tabindex="-1"])';
  const shown = (el) => {
    for (let n = el; n; n = n.parentElement) {
      if (n.hidden || n.inert) return false;
    }
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none';
  };
  const name = (el) => {
    const cls = typeof el.className === 'string' ? el.className : (el.className.baseVal || '');
    const text = (el.getAttribute('aria-label') || el.textContent || el.value || '').trim();
    return `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}`
      + `${cls.trim() ? '.' + cls.trim().split(/\\s+/).join('.') : ''} "${text.slice(0, 40)}"`;
  };
  const found = [];
  for (const el of document.querySelector(within).querySelectorAll(sel)) {
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || !shown(el)) continue;
    let r = el.getBoundingClientRect();
    if (!r.width || !r.height) continue;
    if ((el.type === 'checkbox' || el.type === 'radio') && el.labels?.length) {
      const l = el.labels[0].getBoundingClientRect();
      const left = Math.min(r.left, l.left), top = Math.min(r.top, l.top);
      r = {width: Math.max(r.right, l.right) - left, height: Math.max(r.bottom, l.bottom) - top};
    }
    const key = el.getAttribute('data-action') ?? el.getAttribute('data-pick');
    found.push({what: name(el), key, width: r.width, height: r.height});
  }
  const big = new Set(found.filter((f) => f.key !== null && f.width >= least - 0.5
                                         && f.height >= least - 0.5).map((f) => f.key));
  return found
    .filter((f) => (f.width < least - 0.5 || f.height < least - 0.5)
                   && !(f.key !== null && big.has(f.key)))
    .map((f) => `${f.what} ${Math.round(f.width)}x${Math.round(f.height)}`);
}"""


def touch_screen(page: Page) -> CDPSession:
    """Make ``page`` a touch screen: ``pointer: coarse``, ``hover: none``, touch points. It
    stays one while the returned session is attached (detaching ends the emulation)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    assert page.evaluate("matchMedia('(pointer: coarse)').matches")
    return cdp


def small_targets(page: Page, within: str = "body", least: int = TARGET_PX) -> list[str]:
    """Every enabled, shown control in ``within`` smaller than ``least`` px either way (see the
    module)."""
    found: list[str] = page.evaluate(SMALL_TARGETS_JS, [least, within])
    return found


CLIPPED_JS = """(within) => {
  const out = [];
  const root = document.querySelector(within);
  if (!root) return out;
  for (const n of root.querySelectorAll('*')) {
    if (n.closest('svg') || !n.getClientRects().length) continue;
    const cs = getComputedStyle(n);
    // Words for screen readers only are clipped on purpose (one pixel, out of sight).
    if (cs.position === 'absolute' && n.clientWidth <= 1) continue;
    if (cs.visibility === 'hidden') continue;
    // Cut: words wider or taller than their box where the box does not scroll (an ellipsis, a
    // line clamp, a fixed height).
    const cuts = ['hidden', 'clip'];
    const wide = n.scrollWidth > n.clientWidth + 1 && cuts.includes(cs.overflowX);
    const tall = n.scrollHeight > n.clientHeight + 1 && cuts.includes(cs.overflowY);
    if ((!wide && !tall) || !n.textContent.trim()) continue;
    const cls = typeof n.className === 'string' ? n.className.trim() : '';
    out.push(`${n.tagName.toLowerCase()}${cls ? '.' + cls.split(/\\s+/).join('.') : ''}`
      + ` "${n.textContent.trim().replace(/\\s+/g, ' ').slice(0, 50)}"`
      + ` ${wide ? n.scrollWidth + '>' + n.clientWidth : n.scrollHeight + 'v' + n.clientHeight}`);
  }
  return out;
}"""


def clipped_text(page: Page, within: str = "#table") -> list[str]:
    """Every element in ``within`` whose words are cut: wider than its box with the overflow
    hidden (an ellipsis), or more lines than a line clamp shows."""
    found: list[str] = page.evaluate(CLIPPED_JS, within)
    return found
