// Written by scripts/contract.py from the TypedDicts of the rules (pygames/core/contract.py and
// each game's views.py): do not edit. What the engine sends is declared once, in Python, and
// mypy checks it is built that way; tsc checks the page reads it that way. A test fails when
// this file is not what the script writes from them.

import type { Action, GameOptions } from "./types.js";

// ---------------------------------------------------------------------------------------------
// pygames/core/contract.py

/** A seat of a match: the name chosen in the lobby and its bot (null: a person). */
export interface SeatJson {
  name: string;
  bot: string | null;
}

/** The match record: the save file, the share link and the replay. */
export interface MatchRecordJson {
  version: number;
  game: string;
  options: GameOptions;
  seats: SeatJson[];
  seed: number;
  /** `[seat, action]` in the order they were taken. */
  actions: ([number, Action])[];
  /** `[seat, step]` of each hint a person asked for (once a step), when any was. */
  hints?: number[][];
  /** The table was set up without hints. */
  no_hints?: boolean;
}

/** Whether the seat on screen may undo now under the undo policy, and if not, why. */
export interface UndoJson {
  possible: boolean;
  why: MessageJson | null;
}

/**
 * The option naming who starts, its label's message id, and whether it may be null (the engine
 * picks at random).
 */
export interface FirstPlayerJson {
  option: string;
  label: string;
  random: boolean;
}

/** What a lobby needs to know about a game (`Game.describe`); words are message ids. */
export interface GameJson {
  id: string;
  /**
   * Message ids: `<game>.title`, `<game>.blurb`, and `<game>.pitch` (one line for the lobby's
   * card).
   */
  title: string;
  blurb: string;
  pitch: string;
  /** The rules page's picture on the lobby's card (its id in `js/pictures.json`), if any. */
  cover: string | null;
  /** About how many turns each player takes in a game (`Game.turns_each`), if known. */
  turns_each: number | null;
  min_players: number;
  max_players: number;
  default_players: number;
  /** Null when the lobby does not choose who starts. */
  first_player: FirstPlayerJson | null;
  hidden_information: boolean;
  setup_editor: string | null;
  /** The game has a guided first game ("Learn to play"). */
  tutorial: boolean;
  /** Tanbo: the standard setup as a custom one (the setup editor's start). */
  standard_setup?: Record<string, unknown>;
  /** Humble Tea Party: who may play Team Battle, and the teams the lobby starts from. */
  team_battle?: TeamBattleJson;
}

/**
 * A team game's rules for the lobby (ruling H14): the player counts it allows, the teams' ids,
 * and the teams each count starts from (alternate seats).
 */
export interface TeamBattleJson {
  sizes: number[];
  teams: number[];
  /** By player count (as text: a JSON key): each seat's team. */
  default: Record<string, number[]>;
}

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
// pygames/replies.py

/**
 * A refusal: the match is exactly as it was; `error` is its English text, `message` the same to
 * render in the reader's language. An `InternalError` is an engine bug.
 */
export interface Refusal {
  ok: false;
  error: string;
  message: MessageJson;
  error_type: string;
}

/** A game of the catalogue, with its bots and its default options. */
export interface EngineGame {
  id: string;
  title: string;
  blurb: string;
  pitch: string;
  cover: string | null;
  turns_each: number | null;
  min_players: number;
  max_players: number;
  default_players: number;
  first_player: FirstPlayerJson | null;
  hidden_information: boolean;
  setup_editor: string | null;
  tutorial: boolean;
  standard_setup?: Record<string, unknown>;
  team_battle?: TeamBattleJson;
  bots: string[];
  options: GameOptions;
}

/** `games()`: every game the engine knows. */
export interface GamesReply {
  games: EngineGame[];
}

/** Whose decision it is and how far the match is. */
export interface Status {
  match: string;
  game: string;
  /** Actions taken so far. */
  step: number;
  /** Seats that may act now (those awaited, and others with optional actions such as Tea). */
  actors: number[];
  /** Seats the game waits for. */
  awaiting: number[];
  over: boolean;
  seats: SeatJson[];
  /** Whether the shown seat may undo now; every screen's status carries it. */
  undo?: UndoJson;
}

/** What another seat may do without being waited for (Humble Tea Party's Tea). */
export interface OptionalActions {
  seat: number;
  legal: Action[];
}

/**
 * `view(match, seat)`: the status, that seat's view and legal actions, and the optional actions
 * of other seats.
 */
export interface ViewReply {
  status: Status;
  view: ViewJson;
  legal: Action[];
  optional: OptionalActions[];
}

/**
 * The screen a decision's answer carries: what `view` would answer for `seat`, the seat the
 * page shows next (the first person awaited, else the seat the page named if a person sits
 * there, else the first person, else -1: a spectator). Never a bot's own view.
 */
export interface SeatScreen {
  status: Status;
  view: ViewJson;
  legal: Action[];
  optional: OptionalActions[];
  seat: number;
}

/** The actions appended to the record from step `from` on (the page keeps its own copy). */
export interface RecordTail {
  from: number;
  actions: ([number, Action])[];
}

/** The answer to a call that (re)opens a match: its first screen and its whole record. */
export interface OpenedReply {
  status: Status;
  view: ViewJson;
  legal: Action[];
  optional: OptionalActions[];
  seat: number;
  match: string;
  record: MatchRecordJson;
}

/** `new_match`: the match opened, with the seed it was dealt from. */
export interface NewMatchReply {
  status: Status;
  view: ViewJson;
  legal: Action[];
  optional: OptionalActions[];
  seat: number;
  match: string;
  record: MatchRecordJson;
  seed: number;
}

/**
 * A record that broke at action `kept + 1`, opened before it, with the refusal the whole record
 * got.
 */
export interface Salvaged {
  kept: number;
  problem: MessageJson;
}

/** `import_record`: the match opened (perhaps salvaged: see :class:`Salvaged`). */
export interface ImportReply {
  status: Status;
  view: ViewJson;
  legal: Action[];
  optional: OptionalActions[];
  seat: number;
  match: string;
  record: MatchRecordJson;
  salvaged?: Salvaged;
}

/** The answer to `act` (and to `bot_act`, where `action` is null when the bot declines). */
export interface ActReply {
  status: Status;
  view: ViewJson;
  legal: Action[];
  optional: OptionalActions[];
  seat: number;
  action: Action | null;
  /** The new log lines the shown seat may read. */
  log: MessageJson[];
  tail: RecordTail;
}

/** `bot_choose`: the bot's action, not applied. */
export interface BotChooseReply {
  /** Null: the bot declines an optional action. */
  action: Action | null;
}

/** `hint`: what the Strong bot would do in a person's seat, and why, in one line. */
export interface HintReply {
  /** Null: nothing to do now (an optional action the bot would not take). */
  action: Action | null;
  why: MessageJson;
  /** The record's `hints` now (`[seat, step]` of each), for the page's copy of it. */
  hints: number[][];
}

/** `export_record`: the match record. */
export interface RecordReply {
  record: MatchRecordJson;
}

/** `open_replay`: a replay of the match as it stands. */
export interface OpenReplayReply {
  replay: string;
  game: string;
  steps: number;
  over: boolean;
  seats: SeatJson[];
}

/** The action that led to a step of a replay, and whose it was. */
export interface ReplayAction {
  seat: number;
  action: Action;
}

/** `replay_view`: one step of a replay as one seat saw it. */
export interface ReplayViewReply {
  step: number;
  steps: number;
  over: boolean;
  view: ViewJson;
  /** The action that led to this step (null at step 0). */
  action: ReplayAction | null;
  log: MessageJson[];
  /** The step that wrote each line of `log`. */
  log_steps: number[];
}

/** `close` and `close_replay`: nothing more to say. */
export interface Closed {
}

/**
 * `new_deal`: the host's secret (kept on the host's device until the end) and its commitment
 * (shown to every guest).
 */
export interface DealReply {
  secret: string;
  commitment: string;
}

/** `view_digest`: what a guest keeps of a view it was shown, to check at the end. */
export interface DigestReply {
  digest: string;
}

/** `check_match`: what did not hold in a match across devices (nothing: it is verified). */
export interface CheckReply {
  problems: MessageJson[];
}

// ---------------------------------------------------------------------------------------------
// pygames/review.py

/** A seat's chance to win at a step, as it saw the table then (0 to 1). */
export interface ReviewPointJson {
  step: number;
  seat: number;
  value: number;
}

/**
 * A turning point: a decision that lost `loss` of the seat's chance to win, the move played,
 * the better one the search found, and why in one line.
 */
export interface MarkJson {
  step: number;
  seat: number;
  before: number;
  after: number;
  loss: number;
  played: Action;
  best: Action;
  why: MessageJson;
}

/** A game's review: the seats reviewed, every position's value, and the turning points. */
export interface ReviewJson {
  seats: number[];
  points: ReviewPointJson[];
  marks: MarkJson[];
}

/** How far a review has come: positions evaluated, of `total`. */
export interface ProgressJson {
  done: number;
  total: number;
}

// ---------------------------------------------------------------------------------------------
// pygames/tutorials.py

/**
 * A thing on the table that a step's words name, lit up beside the asked move: what it is (one
 * of the game's :data:`SPOTS`), whose (`seat`) and which (`at`: a paddy, a deck).
 */
export interface SpotJson {
  thing: string;
  seat?: number;
  at?: number;
}

/**
 * One decision of the person learning: the move asked for, what is said beside it, and the
 * thing on the table those words name, if any.
 */
export interface TutorialStepJson {
  move: Action;
  /** A message id of the game's catalogue. */
  text: string;
  spot?: SpotJson;
}

/** A game's guided first game. */
export interface TutorialJson {
  game: string;
  seed: number;
  options: Record<string, unknown>;
  /** The bot across the table. */
  opponent: SeatJson;
  /** Further bots, in seat order after it (a game for more than two). */
  others?: SeatJson[];
  steps: TutorialStepJson[];
  /** Said once the game is won (a message id). */
  end: string;
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
 * far, where the last token in hand will land (ruling T3; null once all are placed), and each
 * way the movement can still end there (empty once all are placed).
 */
export interface SowingJson {
  from: number;
  next: number;
  placed: PlacedJson[];
  landing: number | null;
  ways: WayJson[];
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
  /** Paddies in each ring, numbered clockwise from 0, the last followed by 0 (ruling T1). */
  paddies: number;
  /** The seats, one ring each, in the order the table lays their rings out (seat 0's first). */
  ring_order: number[];
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
  a: [number, "snake" | "yellow" | "black" | "red" | "farmer"];
  b: [number, "snake" | "yellow" | "black" | "red" | "farmer"];
}

/** A token placed in a paddy, as sowing placed it. */
export interface PlacedJson {
  paddy: number;
  token: "snake" | "yellow" | "black" | "red" | "farmer";
}

/** One way the movement under way can end: what lands in the last paddy and its action. */
export interface WayJson {
  /** The tokens of the hand that land in the last paddy, by kind. */
  tokens: ("snake" | "yellow" | "black" | "red" | "farmer")[];
  action: "rest" | "sow" | "harvest" | "cultivate" | "big_movement";
  /** Harvest: the points the dearest Rice score; Rest: minus the fewest points returned. */
  points: number;
  /** The action wins the game for the mover at once (a Harvest: ruling T7). */
  wins: boolean;
  /** The action gives the opponent the game (a Rest whose losses leave them 20 ahead). */
  loses: boolean;
  /** The tokens that may be placed next and still lead here. */
  next: ("snake" | "yellow" | "black" | "red" | "farmer")[];
  /** What the action would do, in words. */
  text: MessageJson;
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

/** One of the three decks: how many tiles it holds and its face-up top. */
export interface DeckJson {
  size: number;
  /** null: the deck is empty. */
  top: TileJson | null;
}

/**
 * A sweet in an Oribako, on its free grid: x grows to the right, y downwards, the first sweet
 * at (0, 0).
 */
export interface CellJson {
  x: number;
  y: number;
  tile: TileJson;
}

/**
 * An Oribako's hands made so far (ruling H12), as the reader may know them: per hand, in the
 * order of the table's `hands`; the favourite season's hand is null where the season is secret
 * to the reader.
 */
export interface RunningScoreJson {
  hands: (number | null)[];
  points: (number | null)[];
  /** The score as the reader knows it. */
  total: number;
  /**
   * The score as every player knows it (the favourite season's hand left out until the box is
   * complete).
   */
  public: number;
}

/** One seat's Oribako and what the reader may know of it. */
export interface OribakoJson {
  /** Its sweets, in the order they were placed. */
  tiles: CellJson[];
  /** The cells to draw (ruling H8). */
  window: WindowJson;
  /** Nine sweets: the box is full and scored. */
  complete: boolean;
  /**
   * The owner's favourite season where the reader may know it (their own; everyone's once the
   * box is complete, ruling H10; every one in a finished game's replay); else null.
   */
  season: "spring" | "summer" | "autumn" | "winter" | null;
  /** The season is public (the box is complete). */
  revealed: boolean;
  /** The owner holds the Tea token: nobody may place here (ruling H11). */
  tea: boolean;
  score: RunningScoreJson;
}

/**
 * What one of the reader's legal placements (or keeps) would add to the Oribako it goes into:
 * the sweet of `deck` on `target`'s cell `(x, y)`.
 */
export interface PreviewJson {
  deck: number;
  target: number;
  x: number;
  y: number;
  /** The points it adds in all (the reader's knowledge). */
  gain: number;
  /**
   * The points it adds per hand; the favourite season's hand null while the owner's season is
   * secret to the reader.
   */
  hands: (number | null)[];
}

/** The Tea token (ruling H11). */
export interface TeaJson {
  /** The seat having Tea; null: the token is in the centre. */
  holder: number | null;
  /** The seats that have had their Tea (once a game each). */
  spent: number[];
}

/** The game's options the table shows. */
export interface HtpOptionsJson {
  /** Team Battle (ruling H14). */
  team_battle: boolean;
  /** Each seat's team (0 or 1) in a Team Battle; else null. */
  teams: number[] | null;
  /** No chatting (ruling H15: shown, changes nothing). */
  no_chatting: boolean;
}

/**
 * Humble Tea Party's table, as one seat (or a spectator) may see it: no favourite season the
 * reader may not know (ruling H10), and no deck's order.
 */
export interface HtpTable {
  /** Decisions taken so far. */
  step: number;
  phase: "own" | "recommend" | "over";
  /** Whose turn it is. */
  turn: number;
  /** The seat that starts both phases. */
  start_player: number;
  decks: DeckJson[];
  /** Resets made so far (ruling H5). */
  resets: number;
  /** Resets a game allows (ruling H5). */
  max_resets: number;
  /** The sweets of a complete Oribako (ruling H8). */
  box_full: number;
  /** The six hands (ruling H12), in the order every score lists them. */
  hands: HandJson[];
  /**
   * Where the favourite season's hand (#5) is in `hands` and in every score's lists: the one
   * hand that depends on a secret (null there while the season is secret to the reader).
   */
  favourite_hand: number;
  /** Each seat's Oribako. */
  oribako: OribakoJson[];
  /** For the seat to act: what each legal placement would add (else empty). */
  previews: PreviewJson[];
  /** Each seat's last move (public); null before its first. */
  last: (TileMoveJson | OtherMoveJson | null)[];
  tea: TeaJson;
  /** The player cards not dealt, face up (ruling H2). */
  undealt_cards: ("spring" | "summer" | "autumn" | "winter")[];
  options: HtpOptionsJson;
  /** Each seat's final score once the game is over; else null. */
  scores: ScoreJson[] | null;
  /** A finished Team Battle's team totals, team 0 then 1 (ruling H14); else null. */
  team_scores: number[] | null;
}

/** A tile as the view shows it: its sweet and what the sweet is (ruling H3). */
export interface TileJson {
  /** The tile (0-59): tiles run type by type, so copies of a sweet have neighbouring ids. */
  id: number;
  /**
   * The sweet type (0-23): 0-11 the Nerikiri-style sweets of January to December, 12-23 the
   * Others (the catalogue's `humble_tea_party.sweet.<type>`).
   */
  type: number;
  /** The sweet's English name (the page names it from the catalogue instead). */
  name: string;
  family: "nerikiri" | "other";
  /** 1 (January) to 12 (December). */
  month: number;
  /** The season of its month. */
  season: "spring" | "summer" | "autumn" | "winter";
  crest: "pine" | "bamboo" | "plum";
}

/**
 * The cells of an Oribako to draw, `x0..x1` by `y0..y1` (inclusive): the cells next to its
 * sweets that may still take one, within the 3 x 3 the sweets must stay in (ruling H8), and the
 * sweets themselves; an empty box's 3 x 3 round (0, 0), where its first sweet goes.
 */
export interface WindowJson {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One of the six hands (ruling H12), as the table lists them. */
export interface HandJson {
  /** Its number, 1 to 6 (the catalogue names it `humble_tea_party.hand.<n>`). */
  n: number;
  /** The points each one made is worth (Duplication: -2 a tile). */
  points: number;
}

/**
 * A seat's last move that put a sweet in an Oribako: `keep` (Phase 1, its own) or `place`
 * (Phase 2, another's). The sweet is the one on that cell now (tiles never move).
 */
export interface TileMoveJson {
  move: "keep" | "place";
  /** The step (decisions taken in the game) it happened at. */
  step: number;
  /** The deck it came from. */
  deck: number;
  /** Whose Oribako it went into. */
  target: number;
  x: number;
  y: number;
}

/**
 * A seat's last move that placed no sweet: `tea` (it took the Tea token, ruling H11) or `pass`
 * (it could place nowhere, ruling H9).
 */
export interface OtherMoveJson {
  move: "tea" | "pass";
  /** The step (decisions taken in the game) it happened at. */
  step: number;
}

/**
 * A complete Oribako's final score (ruling H12): each hand's count and points, in the order of
 * the table's `hands`, and the total (the lowest wins).
 */
export interface ScoreJson {
  hands: number[];
  points: number[];
  total: number;
}

// ---------------------------------------------------------------------------------------------
// pygames/storm_in_a_teacup/views.py

/** One seat's act in this round's Serving phase, in serving order: a run or a preparation. */
export interface RevealJson {
  seat: number;
  /** The run served, its colours in order (empty for a preparation). */
  cards: ("tea" | "milk" | "lemon")[];
  /** The combination the run forms; null for a preparation. */
  combination: "tea" | "milk" | "lemon" | "milk_tea" | "lemon_tea" | null;
  /** The seat's hand was empty: its stock became its hand, and it served nothing. */
  prepared: boolean;
}

/**
 * A legal run of the hand of the seat to serve (0-based `start`), what it forms, and what
 * serving it would do at the tea party if nobody served after it (`discards`: the cards its
 * owner could then discard, ruling S6).
 */
export interface RunJson {
  start: number;
  length: number;
  combination: "tea" | "milk" | "lemon" | "milk_tea" | "lemon_tea";
  party: "lead" | "match_most" | "match" | "no_match";
  discards: number;
}

/**
 * Storm in a Teacup's table as one seat sees it (ruling S8): its own hand in order, every size,
 * and the colour counts the public log fixes. A finished game's replay adds every hand and
 * stock (`hands`, `stocks`).
 */
export interface StormTable {
  /** Actions taken so far. */
  step: number;
  /** The Memory aid option: show the public colour counts (else only the sizes). */
  memory_aid: boolean;
  phase: "serving" | "discard" | "over";
  round: number;
  /** The host of this round (who serves first). */
  host: number;
  /** The seat to serve or to discard; null once the game is over. */
  turn: number | null;
  /** This seat's hand, in order; null for a spectator. */
  hand: ("tea" | "milk" | "lemon")[] | null;
  /** Cards in each seat's hand. */
  hand_sizes: number[];
  /** Cards in each seat's stock. */
  stock_sizes: number[];
  /** Each stock's colours (public, whatever the Memory aid option: ruling S8). */
  stock_colours: CountsJson[];
  /**
   * Each hand's colours when the public log fixes them (a hand from the stock, an empty one);
   * null for a dealt hand, whose colours only its owner knows.
   */
  hand_colours: (CountsJson | null)[];
  /** Cards in the box. */
  box: number;
  /** The colours of the cards discarded into the box (all were public when revealed). */
  box_discards: CountsJson;
  /** This round's runs and preparations, in serving order. */
  reveals: RevealJson[];
  /** Who leads this round's tea party; null until someone serves. */
  lead: LeadJson | null;
  /** The tea party being resolved (the Discard phase), else null. */
  party: PartyJson | null;
  last_party: HeldPartyJson | SkippedPartyJson | null;
  /** Every combination a run may form (the engine's table, in order). */
  combinations: CombinationJson[];
  /** For the seat on turn to serve: its legal runs with their combination (else empty). */
  runs: RunJson[];
  /**
   * For the seat on turn to serve: why the other runs of its hand are refused, keyed by the
   * colours they hold ("tea+lemon"); each reason leaves out its `counts` argument, for the page
   * to fill in with the run's own. Empty for everyone else.
   */
  refused_runs: Record<string, MessageJson>;
  /** Cards each seat holds, hand and stock together (ruling S7: 0 or 1 wins). */
  cards_left: number[];
  /** Each seat's last move, public only; null before it has made one. */
  last: (ServeMoveJson | PrepareMoveJson | DiscardMoveJson | null)[];
  /** The replay of a finished game only: every hand, in order. */
  hands?: (("tea" | "milk" | "lemon")[])[];
  /** The replay of a finished game only: every stock. */
  stocks?: (("tea" | "milk" | "lemon")[])[];
}

export interface _Party {
  party: "lead" | "match_most" | "match" | "no_match";
  discards: number;
}

/** Cards by colour: a stock's, a public hand's, the box's discards, a discard choice. */
export interface CountsJson {
  tea: number;
  milk: number;
  lemon: number;
}

/** Who leads the round's tea party (the first to serve, ruling S5) and with what. */
export interface LeadJson {
  seat: number;
  combination: "tea" | "milk" | "lemon" | "milk_tea" | "lemon_tea";
}

/** The tea party being resolved (ruling S6); seats as string keys, as JSON requires. */
export interface PartyJson {
  /** The seats whose run matches the lead's combination, in serving order. */
  matching: number[];
  /** The seat that wins the party (and hosts next). */
  winner: number;
  /** How many cards each matching seat may discard, by seat. */
  allowed: Record<string, number>;
  /** The seats still to choose their discards, the one choosing now first. */
  pending: number[];
  /** The discards chosen so far, by seat. */
  discarded: Record<string, CountsJson>;
}

/** The last tea party, resolved, shown until the next one. */
export interface HeldPartyJson {
  round: number;
  /** Who led and with what. */
  lead: LeadJson;
  /** The seats whose run matched the lead's combination, in serving order. */
  matching: number[];
  /** The seat that won it (and hosts now). */
  winner: number;
  /** What each matching seat discarded, by seat (string keys). */
  discarded: Record<string, CountsJson>;
  skipped: false;
}

/** The last round's tea party did not take place: nobody served (ruling S5). */
export interface SkippedPartyJson {
  round: number;
  lead: null;
  /** Empty. */
  matching: number[];
  winner: null;
  /** Empty. */
  discarded: Record<string, CountsJson>;
  skipped: true;
}

/**
 * A combination as the view lists it: its id (the catalogue names it and says what it needs)
 * and the colours a run of it may hold.
 */
export interface CombinationJson {
  id: "tea" | "milk" | "lemon" | "milk_tea" | "lemon_tea";
  /** The colours a run of it may hold, in colour order. */
  colours: ("tea" | "milk" | "lemon")[];
}

/** A seat's last move: it served a run. */
export interface ServeMoveJson {
  move: "serve";
  /** The game's step when it was made (the table's `step` while it is the latest). */
  step: number;
  round: number;
  /** The run's colours, in order. */
  cards: ("tea" | "milk" | "lemon")[];
  combination: "tea" | "milk" | "lemon" | "milk_tea" | "lemon_tea";
}

/** A seat's last move: its hand was empty, so its stock became its hand (ruling S4). */
export interface PrepareMoveJson {
  move: "prepare";
  /** The game's step when it was made (the table's `step` while it is the latest). */
  step: number;
  round: number;
  /** How many cards the stock gave the hand. */
  cards: number;
}

/** A seat's last move: after a tea party it discarded cards of its run to the box. */
export interface DiscardMoveJson {
  move: "discard";
  /** The game's step when it was made (the table's `step` while it is the latest). */
  step: number;
  round: number;
  /** The cards discarded to the box, by colour. */
  discarded: CountsJson;
  /** The cards of the run that went to its stock instead. */
  kept: number;
}

// ---------------------------------------------------------------------------------------------
// pygames/tanbo/pictures.py

/**
 * A row of paddies, numbered from 1, and for an example the action the first one calls for once
 * the last token lands in it (`work`: `tanbo.work.<work>`), what that action does (`effect`,
 * the words the table's forecast uses) and the points it gains or loses.
 */
export interface PaddiesPicture {
  kind: "paddies";
  paddies: TokensJson[];
  /** The token that lands last, in the first paddy (`None` for a plain row). */
  lands: string | null;
  work: string | null;
  effect: MessageJson | null;
  points: number;
}

/** The three Rice colours and their points. */
export interface RicePicture {
  kind: "rice";
  points: Record<string, number>;
}

// ---------------------------------------------------------------------------------------------
// pygames/humble_tea_party/pictures.py

/** A row of sweets. */
export interface SweetsPicture {
  kind: "sweets";
  tiles: TileJson[];
}

/**
 * An Oribako: its sweets, the cells a new sweet may take (`open`, as `[x, y]`), and for a full
 * box its owner's season with the score hand by hand (counts, points, total).
 */
export interface BoxPicture {
  kind: "box";
  cells: CellJson[];
  open: number[][];
  season: "spring" | "summer" | "autumn" | "winter" | null;
  hands: number[];
  points: number[];
  total: number;
}

// ---------------------------------------------------------------------------------------------
// pygames/storm_in_a_teacup/pictures.py

/** Cards in a row and the combination they form (`None`: none). */
export interface ServedJson {
  cards: ("tea" | "milk" | "lemon")[];
  combination: "tea" | "milk" | "lemon" | "milk_tea" | "lemon_tea" | null;
}

/**
 * A hand in its order, the run picked in it (`start`, `length`, its combination) and how many
 * runs the hand holds in all.
 */
export interface HandPicture {
  kind: "hand";
  cards: ("tea" | "milk" | "lemon")[];
  start: number;
  length: number;
  combination: "tea" | "milk" | "lemon" | "milk_tea" | "lemon_tea" | null;
  runs: number;
}

/** Runs side by side, each with its combination. */
export interface RunsPicture {
  kind: "runs";
  runs: ServedJson[];
}

/**
 * A tea party: each seat's run (seat 0 hosts and leads), the seats that match the lead, the
 * winner, and how many cards each matching seat may discard.
 */
export interface PartyPicture {
  kind: "party";
  /** The rulebook's players (`storm_in_a_teacup.ui.pic.name.<id>` names each). */
  names: string[];
  runs: ServedJson[];
  matching: number[];
  winner: number;
  allowed: number[];
}

// ---------------------------------------------------------------------------------------------
// pygames/tanbo/state.py

/** Tanbo's own figures at the end of a game. */
export interface TanboDetails {
  /** The Rice each player collected, in words, by seat. */
  collected: MessageJson[];
}

// ---------------------------------------------------------------------------------------------
// pygames/humble_tea_party/state.py

/** Humble Tea Party's own figures at the end of a game (ruling H12), by seat. */
export interface HtpDetails {
  /** How many of each of the six hands each Oribako holds, in the order of the table's hands. */
  hands: number[][];
  /** The points of each of those hands. */
  points: number[][];
  /** How a tie on the lowest total was settled (ruling H13), or null. */
  tiebreak: MessageJson | null;
  /** Team Battle's totals, team 1 then 2 (ruling H14), or null. */
  team_scores: number[] | null;
}

// ---------------------------------------------------------------------------------------------
// pygames/storm_in_a_teacup/state.py

/** Storm in a Teacup's own figures at the end of a game. */
export interface StormDetails {
  /** Cards left in each hand, by seat (the winners have 1 or none: ruling S7). */
  cards_left: number[];
  /** Rounds played. */
  rounds: number;
}

// ---------------------------------------------------------------------------------------------
// pygames/tanbo/actions.py

/** Setup: put your Farmer in one of your paddies (ruling T2). */
export interface TanboPlaceFarmer {
  type: "farmer";
  paddy: number;
}

/** Movement: put the next token from the hand in the next paddy (ruling T3). */
export interface TanboPlace {
  type: "place";
  token: "snake" | "yellow" | "black" | "red" | "farmer";
}

/**
 * Big Movement: the opponent swaps two of their own tokens, each `(paddy, token)`, with `a` in
 * the lower paddy (ruling T4).
 */
export interface TanboSwap {
  type: "swap";
  a: [number, "snake" | "yellow" | "black" | "red" | "farmer"];
  b: [number, "snake" | "yellow" | "black" | "red" | "farmer"];
}

/** Harvest: take one Rice of this colour from the paddy and score it (ruling T4). */
export interface TanboTake {
  type: "take";
  rice: "yellow" | "black" | "red";
}

/** Rest: return one collected Rice of this colour to the bag (ruling T4). */
export interface TanboReturnRice {
  type: "return";
  rice: "yellow" | "black" | "red";
}

/** End phase: remove one Snake or Rice from an over-full paddy (ruling T6). */
export interface TanboRemove {
  type: "remove";
  paddy: number;
  token: "snake" | "yellow" | "black" | "red" | "farmer";
}

/** Every action of the game, told apart by its `type`. */
export type TanboAction =
  | TanboPlaceFarmer
  | TanboPlace
  | TanboSwap
  | TanboTake
  | TanboReturnRice
  | TanboRemove;

// ---------------------------------------------------------------------------------------------
// pygames/humble_tea_party/actions.py

/** Phase 1: take the top of `deck` into your own Oribako, at (0, 0) (ruling H7). */
export interface HtpKeep {
  type: "keep";
  deck: number;
}

/** Phase 2: take the top of `deck` and place it at `(x, y)` in `target`'s Oribako (ruling H9). */
export interface HtpPlace {
  type: "place";
  deck: number;
  target: number;
  x: number;
  y: number;
}

/** Get Some Tea: nobody may place into your Oribako until your next turn (ruling H11). */
export interface HtpTea {
  type: "tea";
}

/** Every action of the game, told apart by its `type`. */
export type HtpAction = HtpKeep | HtpPlace | HtpTea;

// ---------------------------------------------------------------------------------------------
// pygames/storm_in_a_teacup/actions.py

/** Reveal the `length` cards of the hand from position `start` (ruling S4). */
export interface StormServe {
  type: "serve";
  start: number;
  length: number;
}

/** Put this many revealed cards of each colour into the box (ruling S6). */
export interface StormDiscard {
  type: "discard";
  tea: number;
  milk: number;
  lemon: number;
}

/** Every action of the game, told apart by its `type`. */
export type StormAction = StormServe | StormDiscard;
