// Fixture views for the Humble Tea Party renderer harness (web/dev/humble_tea_party.html):
// hand-made, shaped like state.view(seat), legal_actions(seat) and the bridge's `optional`
// list, so the table can be drawn without Python. Tile catalogue as in ruling H3.

const NERIKIRI = ["Red Snapper", "Strawberry", "Peach", "Cherry Blossom", "Wisteria", "Loquat", "Moth",
  "Sun Flower", "Chrysanthemum", "Persimmon", "Maple Leaf", "Camellia"];
const OTHERS = ["Hanbira-mochi", "Strawberry Daifuku", "Hishi Mochi", "Sakura Mochi", "Kashiwa Mochi",
  "Hydrangea Wharf", "Milky Way", "Kingyokukan - Gold fish", "Tsukimi Dango", "Kuri Kinton",
  "Inoko Mochi", "Yuzu Manju"];
const CRESTS = ["pine", "bamboo", "plum"];

const seasonOf = (m) => (m >= 3 && m <= 5 ? "spring" : m >= 6 && m <= 8 ? "summer" : m >= 9 && m <= 11 ? "autumn" : "winter");

let nextId = 100;
/** A tile: "n5" is the Nerikiri of May, "o12" the Other of December. */
export function tile(code) {
  const family = code[0] === "n" ? "nerikiri" : "other";
  const month = Number(code.slice(1));
  const type = (family === "nerikiri" ? 0 : 12) + month - 1;
  const crest = CRESTS[(month - 1 + (family === "nerikiri" ? 0 : 1)) % 3];
  return {
    id: nextId++, type, month, family, crest,
    name: (family === "nerikiri" ? NERIKIRI : OTHERS)[month - 1],
    season: seasonOf(month),
  };
}

/** An Oribako from rows of codes ("." empty), top-left cell at (x0, y0). */
function box(rows, { x0 = 0, y0 = 0, season = null, revealed = false, tea = false } = {}) {
  const tiles = [];
  rows.forEach((row, y) =>
    row.split(/\s+/).forEach((code, x) => {
      if (code !== ".") tiles.push({ x: x0 + x, y: y0 + y, tile: tile(code) });
    }),
  );
  return { tiles, complete: tiles.length === 9, season, revealed, tea };
}

/** Cells where a tile may go (ruling H8): empty, next to a tile, bounding box within 3 x 3. */
export function legalCells(b) {
  if (b.complete) return [];
  if (!b.tiles.length) return [[0, 0]];
  const taken = new Set(b.tiles.map((t) => `${t.x},${t.y}`));
  const out = new Map();
  for (const t of b.tiles) {
    for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      const x = t.x + dx;
      const y = t.y + dy;
      if (taken.has(`${x},${y}`)) continue;
      const xs = [...b.tiles.map((u) => u.x), x];
      const ys = [...b.tiles.map((u) => u.y), y];
      if (Math.max(...xs) - Math.min(...xs) > 2 || Math.max(...ys) - Math.min(...ys) > 2) continue;
      out.set(`${x},${y}`, [x, y]);
    }
  }
  return [...out.values()].sort((a, b2) => a[1] - b2[1] || a[0] - b2[0]);
}

function placements(table, seat) {
  const out = [];
  table.decks.forEach((deck, d) => {
    if (!deck.top) return;
    table.oribako.forEach((b, target) => {
      if (target === seat || b.complete || b.tea) return;
      for (const [x, y] of legalCells(b)) out.push({ type: "place", deck: d, target, x, y });
    });
  });
  return out;
}

function view(seat, players, table, extra = {}) {
  const awaiting = extra.awaiting ?? (table.phase === "over" ? [] : [table.turn]);
  return {
    game: "humble_tea_party",
    players,
    seat,
    actors: extra.actors ?? awaiting,
    awaiting,
    over: table.phase === "over",
    outcome: extra.outcome ?? null,
    log: extra.log ?? [],
    table: {
      start_player: 0,
      resets: 0,
      tea: { holder: null, spent: [] },
      undealt_cards: [],
      options: { team_battle: false, teams: null, no_chatting: false },
      scores: null,
      team_scores: null,
      ...table,
    },
  };
}

const deck = (size, code) => ({ size, top: code ? tile(code) : null });
const names = (n, bots = []) =>
  ["Aiko", "Kenji", "Mei", "Haruto", "Yui", "Sora"].slice(0, n).map((name, i) => ({
    name, bot: bots.includes(i) ? "greedy" : null,
  }));

// ---------------------------------------------------------------- the fixtures

function phase1() {
  const table = {
    phase: "own", turn: 0, start_player: 2, resets: 1,
    decks: [deck(18, "n4"), deck(19, "o9"), deck(18, "n12")],
    oribako: [
      box([]), box([], {}),
      box(["n7"]), box(["o2"]),
    ],
    undealt_cards: [],
  };
  table.oribako[0].season = "autumn";
  const v = view(0, 4, table, { log: ["Resets: the tops showed two Persimmon; Reset 1 of 3.", "Player 3 keeps Moth.", "Player 4 keeps Strawberry Daifuku."] });
  const legal = [0, 1, 2].map((d) => ({ type: "keep", deck: d }));
  return { seat: 0, seats: names(4, [1, 2, 3]), view: v, legal, optional: [] };
}

function midgame({ seatsBots = [1, 3], shown = 0, turn = 0 } = {}) {
  const oribako = [
    box(["n4 o3", "n7 ."], { season: "spring" }),
    box([". n10 .", "o9 n11 o5", ". n1 ."], { x0: -1, y0: -1 }),
    box(["n5 n8", "o6 ."], { tea: true }),
    box(["o12 n2", "n6 .", "o7 ."], { x0: 0, y0: -1 }),
  ];
  // Each seat sees only its own favourite season (ruling H10).
  oribako.forEach((b, s) => { b.season = s === shown ? ["spring", "winter", "summer", "autumn"][s] : null; });
  const table = {
    phase: "recommend", turn, start_player: 0, resets: 2,
    decks: [deck(11, "o4"), deck(9, "n9"), deck(12, "n3")],
    oribako,
    tea: { holder: 2, spent: [2] },
    undealt_cards: [],
  };
  const v = view(shown, 4, table, { log: ["Player 3 gets Tea.", "Player 2 puts Maple Leaf in Player 2's Oribako."] });
  const legal = turn === shown ? placements(table, shown) : [];
  return { seat: shown, seats: names(4, seatsBots), view: v, legal, optional: [] };
}

function teaChance() {
  // A bot places; two humans sit at the table (hot-seat), both may still Get Tea.
  const oribako = [
    box(["n4 o3 .", "n7 o11 n12"], { season: "spring" }),
    box([". n10", "o9 n11"]),
    box(["n5 n8", "o6 o1"]),
    box(["o12 n2", "n6 ."]),
    box(["o10", "n3"]),
  ];
  const table = {
    phase: "recommend", turn: 1, start_player: 1, resets: 0,
    decks: [deck(8, "o8"), deck(10, "n2"), deck(9, "o5")],
    oribako,
    tea: { holder: null, spent: [3] },
    undealt_cards: ["spring", "summer", "winter"],
    options: { team_battle: false, teams: null, no_chatting: true },
  };
  const v = view(0, 5, table, { awaiting: [1], actors: [1, 0, 2, 4] });
  return {
    seat: 0, seats: names(5, [1, 3, 4]), view: v,
    legal: [{ type: "tea" }],
    optional: [
      { seat: 2, legal: [{ type: "tea" }] },
      { seat: 4, legal: [{ type: "tea" }] },
    ],
    thinking: true,
  };
}

function yourTurnWithTea() {
  const t = teaChance();
  t.view.table.turn = 0;
  t.view.awaiting = [0];
  t.view.actors = [0, 2, 4];
  t.legal = [{ type: "tea" }, ...placements(t.view.table, 0)];
  t.optional = [{ seat: 2, legal: [{ type: "tea" }] }, { seat: 4, legal: [{ type: "tea" }] }];
  t.thinking = false;
  return t;
}

function sixTeams() {
  const full = (rows, season, revealed) => box(rows, { season: revealed ? season : null, revealed });
  const oribako = [
    box(["n1 o2 n3", "o4 n5 o6", "n7 o8 ."], { season: "winter" }),
    full(["n10 o11 n12", "o1 n2 o3", "n4 o5 n6"], "autumn", true),
    box(["o7 n8", "n9 ."]),
    box([". n11 o12", "n1 o2 n3", ". . ."]),
    box(["n6"]),
    box(["o9 n10 o10", "n11 . ."], { tea: true }),
  ];
  const table = {
    phase: "recommend", turn: 0, start_player: 3, resets: 3,
    decks: [deck(3, "n7"), deck(0, null), deck(5, "o3")],
    oribako,
    tea: { holder: 5, spent: [1, 5] },
    undealt_cards: ["spring", "summer"],
    options: { team_battle: true, teams: [0, 1, 0, 1, 0, 1], no_chatting: true },
  };
  const v = view(0, 6, table);
  return { seat: 0, seats: names(6, [1, 2, 3, 4, 5]), view: v, legal: placements(table, 0), optional: [] };
}

function scoreOf(hands, season) {
  const points = [hands[0], hands[1], hands[2], hands[3], hands[4], -2 * hands[5]];
  return { hands, points, total: points.reduce((a, b) => a + b, 0), season };
}

function gameOver({ teams = false } = {}) {
  const seasons = ["winter", "autumn", "summer", "spring"];
  const boards = [
    ["n12 o1 n2", "o6 n5 o4", "n9 o10 n11"],
    ["n10 o11 n9", "o3 n4 o7", "n10 o10 n11"],
    ["n6 o7 n8", "o2 n3 o4", "n1 o12 n12"],
    ["n3 o4 n5", "o8 n9 o10", "n1 o2 n7"],
  ];
  const n = teams ? 4 : 3;
  const oribako = boards.slice(0, n).map((rows, s) => box(rows, { season: seasons[s], revealed: true }));
  const raw = [[0, 1, 1, 2, 3, 0], [4, 0, 0, 4, 2, 3], [1, 2, 1, 0, 2, 1], [2, 1, 0, 1, 3, 0]].slice(0, n);
  const scores = raw.map((h, s) => scoreOf(h, seasons[s]));
  const totals = scores.map((s) => s.total);
  const teamScores = teams ? [totals[0] + totals[2], totals[1] + totals[3]] : null;
  const table = {
    phase: "over", turn: 1, start_player: 0, resets: 1,
    decks: [deck(9, "o5"), deck(8, "n6"), deck(10, "o11")],
    oribako,
    tea: { holder: null, spent: [0, 2] },
    undealt_cards: teams ? [] : ["spring"],
    options: { team_battle: teams, teams: teams ? [0, 1, 0, 1] : null, no_chatting: false },
    scores: scores.map(({ hands, points, total }) => ({ hands, points, total })),
    team_scores: teamScores,
  };
  const winners = teams ? [1, 3] : [2];
  const outcome = {
    winners,
    scores: totals,
    reason: teams
      ? `Team 2 wins with ${teamScores[1]} points (lowest team total).`
      : `Mei is the most humble: ${totals[2]} points, tied with Kenji, with fewer #1 Four Seasons.`,
    details: {
      hands: raw,
      points: scores.map((s) => s.points),
      tiebreak: teams ? null : "#1 Four Seasons",
      team_scores: teamScores,
    },
  };
  return {
    seat: 0, seats: names(n, teams ? [1, 2, 3] : [1, 2]),
    view: view(0, n, table, { outcome, awaiting: [], actors: [], log: ["The party is over."] }),
    legal: [], optional: [],
  };
}

export const fixtures = {
  "phase 1 (your pick)": phase1(),
  "phase 2 (your turn, Tea out)": midgame(),
  "phase 2 (tile picked)": { ...midgame(), clicks: ['[data-pick-deck="1"]'] },
  "phase 2 (tile + target picked)": { ...midgame(), clicks: ['[data-pick-deck="1"]', '[data-pick-target="3"]'] },
  "bot places, humans may Get Tea": teaChance(),
  "your turn, Tea available (5 players)": yourTurnWithTea(),
  "6 players, Team Battle": sixTeams(),
  "game over": gameOver(),
  "game over (Team Battle)": gameOver({ teams: true }),
};
