// Fixture views for the Tanbo renderer harness (web/dev/tanbo.html): hand-made, shaped like
// state.view(seat) and legal_actions(seat) of the real engine, so the table can be drawn
// without Python.

const P = (snakes, yellow = 0, black = 0, red = 0, farmer = false) => ({
  snakes, rice: { yellow, black, red }, farmer,
});
const rice = (yellow = 0, black = 0, red = 0) => ({ yellow, black, red });
const SEATS = [{ name: "Player 1", bot: null }, { name: "Bot", bot: "greedy" }];

function view(seat, table, extra = {}) {
  return {
    game: "tanbo",
    players: 2,
    seat,
    actors: extra.actors ?? [table.pending?.seat ?? table.turn],
    over: extra.over ?? false,
    outcome: extra.outcome ?? null,
    log: extra.log ?? [],
    table: {
      phase: "move", turn: 0, first_player: 0,
      hand: { snakes: 0, rice: rice(), farmer: false },
      sowing: null, action_paddy: null, pending: null,
      bag: rice(15, 10, 5), supply: 0,
      scores: [0, 0], collected: [rice(), rice()], turn_points: 0, winner_reason: null,
      ...table,
    },
  };
}

const KIND = ["snake", "yellow", "black", "red", "farmer"];
function tokensOf(paddy) {
  const out = [];
  if (paddy.snakes) out.push("snake");
  for (const c of ["yellow", "black", "red"]) if (paddy.rice[c]) out.push(c);
  if (paddy.farmer) out.push("farmer");
  return out;
}
// Every swap of two of `ring`'s tokens in different paddies that differ in kind (ruling T4).
function swapsFor(ring) {
  const toks = [];
  ring.forEach((pd, p) => tokensOf(pd).forEach((t) => toks.push([p, t])));
  const out = [];
  for (let i = 0; i < toks.length; i++) {
    for (let j = i + 1; j < toks.length; j++) {
      const [a, b] = [toks[i], toks[j]];
      if (a[0] !== b[0] && a[1] !== b[1]) out.push({ type: "swap", a, b });
    }
  }
  out.sort((x, y) => x.a[0] - y.a[0] || KIND.indexOf(x.a[1]) - KIND.indexOf(y.a[1]));
  return out;
}

const setupRings = [
  [P(2), P(2), P(2), P(2), P(2)],
  [P(2), P(2), P(2, 0, 0, 0, true), P(2), P(2)],
];

const moveRings = [
  [P(3, 1, 0, 0), P(0, 0, 0, 0), P(3, 1, 1, 0), P(2, 0, 1, 0), P(2, 1, 0, 1)],
  [P(2), P(1, 2, 0, 0, true), P(2, 1, 0, 0), P(3), P(1, 0, 1, 0)],
];

const swapRings = [
  [P(2, 1, 0, 0), P(1, 0, 1, 0), P(3, 2, 0, 1), P(2, 1, 0, 0, true), P(1, 0, 0, 0)],
  [P(2, 1, 0, 0, true), P(3), P(1, 0, 1, 1), P(2, 2, 0, 0), P(1, 0, 0, 0)],
];

const harvestRings = [
  [P(2, 0, 0, 0), P(1, 2, 1, 1, true), P(3, 1, 0, 0), P(2), P(2, 1, 0, 0)],
  [P(2, 1, 0, 0), P(2, 0, 0, 0, true), P(3, 0, 1, 0), P(1, 1, 0, 0), P(2)],
];

const restRings = [
  [P(0, 0, 0, 0), P(0, 0, 0, 0), P(3, 2, 0, 0, true), P(2, 1, 0, 0), P(4, 0, 1, 0)],
  [P(2, 1, 0, 0), P(2, 0, 0, 0, true), P(3, 0, 1, 0), P(1, 1, 0, 0), P(1)],
];

const excessRings = [
  [P(2, 1, 0, 0), P(6, 2, 2, 1, true), P(1, 0, 0, 0), P(2, 0, 1, 0), P(1, 1, 0, 0)],
  [P(2, 1, 0, 0), P(2, 0, 0, 0, true), P(3, 0, 1, 0), P(1, 1, 0, 0), P(2)],
];

const overRings = [
  [P(1, 1, 0, 0), P(2, 0, 0, 0, true), P(3, 1, 0, 0), P(0, 2, 0, 0), P(2)],
  [P(2, 0, 1, 0), P(1, 0, 0, 0), P(3, 0, 1, 0, true), P(2, 1, 0, 0), P(1)],
];

export const fixtures = {
  "farmer setup (your choice)": {
    view: view(0, { phase: "farmer", turn: 0, first_player: 1, rings: setupRings },
      { actors: [0], log: ["Bot puts their Farmer in paddy 3."] }),
    legal: [0, 1, 2, 3, 4].map((p) => ({ type: "farmer", paddy: p })),
    seat: 0,
  },
  "farmer setup (bot's choice)": {
    view: view(0, { phase: "farmer", turn: 1, first_player: 1, rings: [setupRings[0], setupRings[0]] },
      { actors: [1] }),
    legal: [],
    seat: 0,
  },
  "movement (hand + path)": {
    view: view(0, {
      phase: "move", turn: 0, first_player: 0, rings: moveRings,
      hand: { snakes: 1, rice: rice(1, 0, 1), farmer: true },
      sowing: { from: 1, next: 0, placed: [
        { paddy: 2, token: "snake" }, { paddy: 3, token: "black" }, { paddy: 4, token: "yellow" },
      ] },
      bag: rice(11, 8, 3), supply: 0, scores: [7, 4], collected: [rice(1, 1, 0), rice(0, 1, 0)],
    }, { log: ["Player 1 picks up 7 tokens from paddy 2.", "Player 1 places a Snake in paddy 3.", "Player 1 places a Black Rice in paddy 4.", "Player 1 places a Yellow Rice in paddy 5."] }),
    legal: ["snake", "yellow", "red", "farmer"].map((t) => ({ type: "place", token: t })),
    seat: 0,
  },
  "movement (bot sowing)": {
    view: view(0, {
      phase: "move", turn: 1, first_player: 0, rings: moveRings,
      hand: { snakes: 2, rice: rice(2, 1, 0), farmer: true },
      sowing: { from: 1, next: 2, placed: [] },
      bag: rice(11, 8, 3), scores: [7, 4], collected: [rice(1, 1, 0), rice(0, 1, 0)],
    }, { actors: [1] }),
    legal: [],
    seat: 0,
  },
  "swap pending (you swap)": {
    view: view(0, {
      phase: "swap", turn: 1, rings: swapRings, action_paddy: 3,
      pending: { kind: "swap", count: 1, seat: 0 },
      bag: rice(8, 7, 3), supply: 1, scores: [10, 12], collected: [rice(2, 1, 0), rice(0, 1, 1)],
      turn_points: 0,
    }, { actors: [0], log: ["Bot places a Snake in paddy 4: 2 Snakes, 2 Rice — Big Movement!"] }),
    legal: swapsFor(swapRings[0]),
    seat: 0,
  },
  "swap pending (bot swaps)": {
    view: view(0, {
      phase: "swap", turn: 0, rings: swapRings, action_paddy: 2,
      pending: { kind: "swap", count: 1, seat: 1 },
      bag: rice(8, 7, 3), supply: 1, scores: [10, 12], collected: [rice(2, 1, 0), rice(0, 1, 1)],
    }, { actors: [1] }),
    legal: [],
    seat: 0,
  },
  "harvest choice": {
    view: view(0, {
      phase: "harvest", turn: 0, rings: harvestRings, action_paddy: 1,
      pending: { kind: "harvest", count: 2, seat: 0 },
      bag: rice(9, 6, 3), supply: 2, scores: [9, 8], collected: [rice(3, 0, 0), rice(0, 2, 0)],
      turn_points: 0,
    }, { log: ["Player 1 places the Farmer in paddy 2: 4 Rice, 1 Snake — Harvest 3!"] }),
    legal: [{ type: "take", rice: "yellow" }, { type: "take", rice: "black" }, { type: "take", rice: "red" }],
    seat: 0,
  },
  "rest choice": {
    view: view(0, {
      phase: "rest", turn: 0, rings: restRings, action_paddy: 2,
      pending: { kind: "rest", count: 2, seat: 0 },
      bag: rice(10, 8, 3), supply: 4, scores: [14, 8], collected: [rice(2, 1, 1), rice(0, 2, 0)],
    }, { log: ["Player 1's Farmer is alone in paddy 1 — Rest: moves 2 paddies to paddy 3."] }),
    legal: [{ type: "return", rice: "yellow" }, { type: "return", rice: "black" }, { type: "return", rice: "red" }],
    seat: 0,
  },
  "excess removal": {
    view: view(0, {
      phase: "excess", turn: 0, rings: excessRings,
      pending: { kind: "excess", count: 2, seat: 0 },
      bag: rice(9, 6, 3), supply: 2, scores: [6, 8], collected: [rice(2, 0, 0), rice(0, 2, 0)],
    }),
    legal: [
      { type: "remove", paddy: 1, token: "snake" }, { type: "remove", paddy: 1, token: "yellow" },
      { type: "remove", paddy: 1, token: "black" }, { type: "remove", paddy: 1, token: "red" },
    ],
    seat: 0,
  },
  "game over": {
    view: view(0, {
      phase: "over", turn: 0, rings: overRings,
      bag: rice(7, 5, 1), supply: 1, scores: [26, 14], collected: [rice(2, 3, 2), rice(2, 2, 0)],
      turn_points: 9, winner_reason: "reached 25 points",
    }, {
      actors: [], over: true,
      outcome: { winners: [0], scores: [26, 14], reason: "reached 25 points", details: {} },
      log: ["Player 1 harvests Red Rice, Black Rice: 26 points."],
    }),
    legal: [],
    seat: 0,
  },
};

export const seats = SEATS;
