"""Layout checks shared by every game's browser tests.

- nothing wider than the viewport (``assert_fits_width``);
- the acting player's hand or board, the one element a renderer marks ``data-stay``, keeps its
  place across redraws (``StayWatch``: page coordinates, so scrolling does not count);
- the prompt (``[data-prompt]``) and every drawn choice (``.legal``) inside the viewport
  (``choices_out_of_view``).
"""

from __future__ import annotations

import itertools
from typing import Any

from playwright.sync_api import Page

OVERFLOW_JS = """() => {
  const doc = document.documentElement;
  const wide = [];
  if (doc.scrollWidth > innerWidth) {
    for (const node of document.querySelectorAll('body *')) {
      const r = node.getBoundingClientRect();
      if (r.width && r.right > innerWidth + 0.5 && getComputedStyle(node).position !== 'fixed') {
        const cls = typeof node.className === 'string' ? node.className.trim() : '';
        const name = node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') +
          (cls ? '.' + cls.split(/\\s+/).join('.') : '');
        wide.push(`${name} right=${Math.round(r.right)}`);
      }
      if (wide.length >= 6) break;
    }
  }
  return {scrollWidth: doc.scrollWidth, innerWidth, wide};
}"""


def assert_fits_width(page: Page, what: str) -> None:
    """Fail if the page is wider than its viewport (``scrollWidth > innerWidth``)."""
    found = page.evaluate(OVERFLOW_JS)
    assert found["scrollWidth"] <= found["innerWidth"], (
        f"{what}: the page is {found['scrollWidth']} px wide in a {found['innerWidth']} px "
        f"viewport; too wide: {found['wide']}"
    )


STAY_INSTALL_JS = """() => {
  if (window.__stay) return;
  const board = document.getElementById('board') || document.getElementById('root');
  const seen = [];
  // The elements before the watched one, inside the board, with their heights.
  const above = (node) => {
    const out = [];
    for (let n = node; n && n !== board; n = n.parentElement) {
      for (let s = n.previousElementSibling; s; s = s.previousElementSibling) {
        const h = Math.round(s.getBoundingClientRect().height);
        if (h) out.push(`${String(s.className || s.tagName).slice(0, 30)}:${h}`);
      }
    }
    return out.join(' ');
  };
  const measure = () => {
    const node = board.querySelector('[data-stay]');
    if (!node) return;
    const r = node.getBoundingClientRect();
    seen.push({step: board.dataset.step ?? null, top: r.top + scrollY, left: r.left + scrollX,
               width: r.width, height: r.height, what: node.className,
               stays: board.querySelectorAll('[data-stay]').length,
               board: board.getBoundingClientRect().top + scrollY,
               // What may push the board down, named in a failure message.
               bar: document.getElementById('table-bar')?.getBoundingClientRect().height ?? null,
               banner: [...document.querySelectorAll('.banner:not([hidden])')]
                 .map((b) => b.textContent.trim().slice(0, 80)),
               engine: document.body.dataset.engine ?? null,
               above: above(node), viewport: [innerWidth, innerHeight]});
  };
  // A redraw changes only what differs (shared.redraw), anywhere under the board: one record
  // per task that changed it (the observer's callback runs once for all of a task's changes).
  new MutationObserver(measure).observe(board, {
    childList: true, subtree: true, attributes: true, characterData: true,
  });
  window.__stay = seen;
}"""


class StayWatch:
    """Records the page rectangle of ``[data-stay]`` after every redraw of the board."""

    def __init__(self, page: Page) -> None:
        self.page = page
        page.evaluate(STAY_INSTALL_JS)

    def rects(self) -> list[dict[str, Any]]:
        return self.page.evaluate("() => window.__stay")  # type: ignore[no-any-return]

    def largest_jump(self) -> float:
        """The largest move of the top or left edge between two consecutive redraws."""
        return self.jump()[0]

    def jump(self) -> tuple[float, str]:
        """The largest move between two consecutive redraws, and the two records around it
        (for the failure message).

        Only records taken at the viewport the test set count: under load, headless Chromium
        now and then gives the page a 1 px wide viewport for a moment (seen in CI and here,
        about 3 in 100 runs of the phone test: ``innerWidth`` 1 within one step, 360 just
        before, and the text above the hand wrapped to fit). That is no layout a screen of
        the test's size ever has, and nothing the page does."""
        size = self.page.viewport_size
        shown = [size["width"], size["height"]] if size else None
        rects = [
            r
            for r in self.rects()
            if r["width"] and r["height"] and (shown is None or r["viewport"] == shown)
        ]
        jumps = [
            (max(abs(a["top"] - b["top"]), abs(a["left"] - b["left"])), f"{a} -> {b}")
            for a, b in itertools.pairwise(rects)
        ]
        return max(jumps, default=(0.0, ""), key=lambda j: j[0])


OUT_OF_VIEW_JS = """(root) => {
  const scope = document.querySelector(root) || document;
  const out = [];
  const shown = (n) => n.getClientRects().length > 0 && getComputedStyle(n).visibility !== 'hidden';
  for (const n of scope.querySelectorAll('[data-prompt], .legal')) {
    if (!shown(n)) continue;
    const r = n.getBoundingClientRect();
    const outside = r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 ||
      r.right > innerWidth + 0.5;
    if (outside) {
      const name = n.getAttribute('aria-label') || n.textContent.trim().slice(0, 40);
      const box = [r.left, r.top, r.width, r.height].map(Math.round);
      out.push(`${name} [${box[0]},${box[1]} ${box[2]}x${box[3]}]`);
    }
  }
  return out;
}"""


def choices_out_of_view(page: Page, root: str = "#board") -> list[str]:
    """The prompt and legal choices under ``root`` that lie (partly) outside the viewport."""
    return page.evaluate(OUT_OF_VIEW_JS, root)  # type: ignore[no-any-return]


# The page's own paper (the root's background; the body's texture is a layer over it): dark in
# the dark theme, light in the light one.
LIGHTNESS_JS = """() => {
  const paper = getComputedStyle(document.documentElement).backgroundColor;
  const [r, g, b] = paper.match(/\\d+/g).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}"""
