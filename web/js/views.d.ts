// Written by scripts/contract.py from the TypedDicts of the rules (pygames/core/contract.py and
// each game's views.py): do not edit. What the engine sends is declared once, in Python, and
// mypy checks it is built that way; tsc checks the page reads it that way. A test fails when
// this file is not what the script writes from them.

// ---------------------------------------------------------------------------------------------
// pygames/core/contract.py

/**
 * Something the engine says (a log line, a reason, a refusal): an id and its arguments,
 * rendered in the reader's language by the page. Seats are indices.
 */
export interface MessageJson {
  id: string;
  /**
   * Numbers, words, and other messages in the same shape. The page's own messages may leave it
   * out.
   */
  args?: Record<string, unknown>;
}

/** How a finished game ended. */
export interface OutcomeJson {
  /** Several seats in a shared win. */
  winners: number[];
  /** One number per seat. */
  scores: number[];
  /** Why the winners won. */
  reason: MessageJson;
  /** The game's own figures (a per-hand breakdown, the tie-break used, ...). */
  details: Record<string, unknown>;
}

/** What one seat may see (`State.view`); `table` is the game's own part. */
export interface ViewJson {
  game: string;
  players: number;
  /** The seat this view is for; null for a spectator (and for a replay's "everything"). */
  seat: number | null;
  /** Seats that may act now (those awaited, and others with optional actions such as Tea). */
  actors: number[];
  /** Seats the game waits for. */
  awaiting: number[];
  over: boolean;
  outcome: OutcomeJson | null;
  /** The log lines this seat may read. */
  log: MessageJson[];
  /** The game's table (its views.py declares it). */
  table: Record<string, unknown>;
  /** A finished game's replay showing every secret (`State.full_view`). */
  everything?: boolean;
}

// ---------------------------------------------------------------------------------------------
// pygames/tanbo/views.py

/** A player's last turn as the table shows it, with its line of words. */
export interface LastTurnJson {
  turn: number;
  step: number;
  farmer: number | null;
  moves: MovementJson[];
  removed: RemovedJson[];
  swaps: SwapJson[];
  points: number;
  lost: number;
  done: boolean;
  text: MessageJson | null;
}

/**
 * The sowing under way: where it started (`from`), the next paddy to sow, each token placed so
 * far, and where the last token in hand will land (ruling T3; null once all are placed).
 */
export interface SowingJson {
  from: number;
  next: number;
  placed: PlacedJson[];
  landing: number | null;
}

/**
 * A decision the table waits for beside the sowing: a swap, a Harvest, a Rest or an End phase's
 * removals (`kind`), how many are left, and whose it is.
 */
export interface PendingJson {
  kind: "farmer" | "move" | "swap" | "harvest" | "rest" | "excess" | "over";
  count: number;
  seat: number;
}

/**
 * The three ways to win (ruling T7): reach `points`, lead by `lead`, or score `in_one_turn` in
 * a single turn.
 */
export interface GoalJson {
  points: number;
  lead: number;
  in_one_turn: number;
}

/** Tanbo's table: the whole position, the same for every seat (ruling T8). */
export interface TanboTable {
  /** Each colour's points, the rules the table shows (ruling T2): the renderer derives none. */
  rice_points: RiceJson;
  goal: GoalJson;
  /** Tokens a paddy may hold (ruling T6). */
  paddy_limit: number;
  phase: "farmer" | "move" | "swap" | "harvest" | "rest" | "excess" | "over";
  turn: number;
  first_player: number;
  /** Each player's five paddies, in sowing order. */
  rings: TokensJson[][];
  /** The tokens in the sowing hand. */
  hand: TokensJson;
  sowing: SowingJson | null;
  /** The paddy whose action is being carried out. */
  action_paddy: number | null;
  pending: PendingJson | null;
  bag: RiceJson;
  /** Snakes left in the supply. */
  supply: number;
  scores: number[];
  collected: RiceJson[];
  /** Scored so far this turn. */
  turn_points: number;
  winner_reason: MessageJson | null;
  turn_number: number;
  /** The movement under way follows a Big Movement. */
  replaying: boolean;
  /** Decisions taken so far. */
  steps: number;
  /** What each player just did, until they play again (public: ruling T8). */
  last: (LastTurnJson | null)[];
}

/**
 * One movement of a turn (a Big Movement starts another) and the action it led to: `from` is
 * the paddy picked up, `paddy` where the last token landed.
 */
export interface MovementJson {
  from: number;
  placed: PlacedJson[];
  again: boolean;
  paddy: number;
  action: "rest" | "sow" | "harvest" | "cultivate" | "big_movement";
  took: RiceJson;
  drew: RiceJson;
  cleared: ClearedJson;
  snakes_added: number;
  farmer_to: number | null;
  returned: RiceJson;
  swap: SwapJson | null;
  no_swap: boolean;
}

/** Tokens an End phase removed from an over-full paddy. */
export interface RemovedJson {
  paddy: number;
  token: "snake" | "yellow" | "black" | "red" | "farmer";
  count: number;
}

/** A swap of two tokens, each `[paddy, token]`, as in the swap action. */
export interface SwapJson {
  a: (number | "snake" | "yellow" | "black" | "red" | "farmer")[];
  b: (number | "snake" | "yellow" | "black" | "red" | "farmer")[];
}

/** A token placed in a paddy, as sowing placed it. */
export interface PlacedJson {
  paddy: number;
  token: "snake" | "yellow" | "black" | "red" | "farmer";
}

/** Rice by colour: a bag, a player's collected Rice, a paddy's, or each colour's points. */
export interface RiceJson {
  yellow: number;
  black: number;
  red: number;
}

/** A paddy or the hand: its Snakes, its Rice by colour, and whether the Farmer is there. */
export interface TokensJson {
  snakes: number;
  rice: RiceJson;
  farmer: boolean;
}

/** What a Sow cleared from the paddy: Snakes to the supply, Rice to the bag. */
export interface ClearedJson {
  snakes: number;
  rice: RiceJson;
}

// ---------------------------------------------------------------------------------------------
// pygames/humble_tea_party/views.py

// ---------------------------------------------------------------------------------------------
// pygames/storm_in_a_teacup/views.py
