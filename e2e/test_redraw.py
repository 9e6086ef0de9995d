"""The renderers' shared redraw (web/js/games/shared.js): it changes only what differs, and the
result is exactly what replacing the HTML would give (a whole new table on every step
made the browser lay out the whole page each time)."""

from __future__ import annotations

from typing import Any

from .harness import open_harness

# Every table of a recorded Storm game, as the renderer drew it.
STEPS_JS = """async () => {
  const m = await import('./storm-fixtures.js');
  const [name, game] = Object.entries(m.sequences)[0];
  const out = [];
  for (let i = 0; i < game.steps.length; i++) {
    window.showStep(name, i);
    out.push(document.getElementById('root').innerHTML);
  }
  return out;
}"""

# Redraw a scratch element through `htmls` in the order given; the steps whose result differs
# from the HTML parsed afresh.
MISMATCHES_JS = """async ([htmls, order]) => {
  const { redraw } = await import('../js/games/shared.js');
  const fresh = (html) => {
    const t = document.createElement('template');
    t.innerHTML = html;
    const d = document.createElement('div');
    d.append(t.content);
    return d.innerHTML;
  };
  const box = document.createElement('div');
  document.body.append(box);
  const bad = [];
  for (const i of order) {
    redraw(box, htmls[i]);
    if (box.innerHTML !== fresh(htmls[i])) bad.push(i);
  }
  box.remove();
  return bad;
}"""

# Odd cases a table can reach: elements turning into text, comments, SVG, attributes in another
# order or added and removed, lists growing and shrinking, nothing at all.
ODD = [
    "<p>a</p>",
    '<svg viewBox="0 0 2 2"><circle r="1" class="x"></circle></svg>text',
    '<p class="a" id="b">a</p><!--c--><span>b</span>',
    '<p id="b" class="a">a</p><!--d-->',
    "",
    "plain text",
    "<ul><li>1</li><li>2</li><li>3</li></ul>",
    '<ul><li>0</li><li class="z">1</li></ul>',
    '<button data-focus-key="k" disabled="">k</button><ul><li>0</li></ul>',
    '<svg><g><text x="1">t</text></g></svg><p>a</p>',
]


def test_a_redraw_gives_what_new_html_would(guard_factory: Any, base_url: str) -> None:
    page = open_harness(guard_factory, base_url, "storm_in_a_teacup", ".storm")
    steps: list[str] = page.evaluate(STEPS_JS)
    assert len(steps) > 10 and len(set(steps)) > 10, "a game of distinct tables"
    n = len(steps)
    # Forward, backward, and jumps across the game.
    order = [*range(n), *reversed(range(n)), 0, n - 1, n // 2, 1, n - 2]
    assert page.evaluate(MISMATCHES_JS, [steps, order]) == []
    odd = [*ODD, steps[0]]
    every_pair = [i for a in range(len(odd)) for b in range(len(odd)) for i in (a, b)]
    assert page.evaluate(MISMATCHES_JS, [odd, every_pair]) == []


def test_a_redraw_keeps_what_stays_and_its_focus(guard_factory: Any, base_url: str) -> None:
    page = open_harness(guard_factory, base_url, "storm_in_a_teacup", ".storm")
    kept = page.evaluate(
        """async () => {
          const { redraw } = await import('../js/games/shared.js');
          const box = document.createElement('div');
          document.body.append(box);
          const html = (cls) => `<section><h2 class="${cls}">Title</h2>
            <button data-focus-key="go">Go</button><p>Text</p></section>`;
          redraw(box, html('a'));
          const before = [...box.querySelectorAll('*')];
          box.querySelector('button').focus();
          redraw(box, html('b'));
          const after = [...box.querySelectorAll('*')];
          return {
            same: before.length === after.length && before.every((e, i) => e === after[i]),
            changed: box.querySelector('h2').className,
            focused: document.activeElement === box.querySelector('button'),
          };
        }"""
    )
    assert kept == {"same": True, "changed": "b", "focused": True}
    # An element replaced (a button became a link) hands its focus to the new one with its key.
    moved = page.evaluate(
        """async () => {
          const { redraw } = await import('../js/games/shared.js');
          const box = document.createElement('div');
          document.body.append(box);
          redraw(box, '<button data-focus-key="k">k</button>');
          box.querySelector('button').focus();
          redraw(box, '<a href="#x" data-focus-key="k">k</a>');
          return document.activeElement === box.querySelector('a');
        }"""
    )
    assert moved is True
