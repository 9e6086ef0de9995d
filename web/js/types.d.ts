// Types for the type checker only (tsc --noEmit over JSDoc; see tsconfig.json). Nothing here runs
// or ships: scripts/build_site.py leaves *.d.ts out of dist/. JavaScript names them with JSDoc, e.g.
//   /** @param {import("./types.js").Status} status */
// The views (a seat's view, a message, an outcome, each game's table) are declared once, in
// Python, and written into views.d.ts (scripts/contract.py); the bridge's replies below follow
// what pygames/bridge.py sends: when a reply there changes, change it here too, and tsc shows
// every place in web/js that reads it.

import type { MatchRecordJson, MessageJson, OutcomeJson, Refusal, ViewJson } from "./views.js";

export type * from "./views.js";
import type {
  ActReply,
  BotChooseReply,
  CheckReply,
  Closed,
  DealReply,
  DigestReply,
  EngineGame,
  GamesReply,
  HintReply,
  ImportReply,
  NewMatchReply,
  OpenedReply,
  OpenReplayReply,
  OptionalActions,
  ProgressJson,
  RecordReply,
  ReplayViewReply,
  ReviewJson,
  SpotJson,
  Status,
  TutorialJson,
  ViewReply,
} from "./views.js";

// ---------------------------------------------------------------------------------------------
// JSON values and actions

/** Any value JSON can carry. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An action in its stable JSON form, e.g. `{type: "sow", paddy: 2}`. Fields depend on the game
 *  and the type; each renderer reads its own (`any`: checked by the engine, not here). */
export interface Action {
  type: string;
  [field: string]: any;
}

/** A game's options (engine names: `first_player`, `memory_aid`, `teams`, ...). */
export type GameOptions = Record<string, any>;

// ---------------------------------------------------------------------------------------------
// The bridge's replies (pygames/bridge.py): `{ok: true, ...}` or the failure shape.

/** Every kind of refusal the bridge names; "InternalError" is an engine bug (or, from
 *  engine.js, a failure of the worker itself). */
export type ErrorType =
  | "IllegalAction"
  | "StaleView"
  | "BadInput"
  | "BadOptions"
  | "BadRecord"
  | "UnknownMatch"
  | "InternalError"
  | (string & {});

/** Something the engine says (a log line, a reason, a refusal): an id and its arguments,
 *  rendered in the reader's language by i18n.js. Seats are indices. */
export type Message = MessageJson;

/** A refusal: the match is exactly as it was; `error` is its English text, `message` the same
 *  to render in the reader's language (engine.js's own refusals may have none). */
export interface Failure extends Omit<Refusal, "message" | "error_type"> {
  message?: Message;
  error_type: ErrorType;
}

/** What a bridge call answers: its own fields with `ok: true`, or a {@link Failure}. Test `ok`
 *  before reading either side's fields: each side's fields are absent (undefined) on the other,
 *  so a checker without strictNullChecks (app.js, tsconfig.app.json) still catches a misspelt
 *  or a wrong field. */
export type Reply<T> =
  | ({ ok: true; error?: undefined; error_type?: undefined } & T)
  | (Failure & { [K in keyof T]?: undefined });

/** A seat of a match: the name chosen in the lobby and its bot (null: a person). */
export interface SeatInfo {
  name: string;
  bot: string | null;
  /** A bot's level in the reader's words ("Normal", "ふつう"), as the shell hands seats to renderers. */
  level?: string;
}

/** How a finished game ended (`Outcome.to_json()`); its `details` are the game's own, as its
 *  state module declares them (e.g. `Outcome<TanboDetails>`). */
export interface Outcome<Details = GameDetails> extends Omit<OutcomeJson, "details"> {
  details: Details;
}

/** `State.view(seat)`: what one seat may see. The game's own parts are `table` and the
 *  outcome's `details`, read only by that game's renderer, as the game declares them (e.g.
 *  `View<TanboTable, TanboDetails>`). */
export interface View<Table = GameTable, Details = GameDetails>
  extends Omit<ViewJson, "table" | "outcome"> {
  table: Table;
  outcome: Outcome<Details> | null;
}

/** A game's table in a view: each renderer knows its own game's. */
export type GameTable = Record<string, unknown>;

/** A game's figures at its end: each renderer knows its own game's. */
export type GameDetails = Record<string, unknown>;

/** The match record (`MatchRecord.to_json()`): the save file, the share link and the replay. */
export type MatchRecord = MatchRecordJson;

/** Where a record to import comes from: says what is damaged in the player's words. */
export type RecordSource = "save" | "link" | "autosave";

export type UndoReply = OpenedReply;

/** The bridge's functions as engine.js offers them: each answers the parsed JSON reply. The
 *  worker only passes strings and numbers; actions and configs travel as JSON text. */
export interface BridgeCalls {
  games(): Promise<Reply<GamesReply>>;
  new_match(configText: string, shown?: number): Promise<Reply<NewMatchReply>>;
  view(match: string, seat: number): Promise<Reply<ViewReply>>;
  act(match: string, seat: number, actionText: string, step: number, shown?: number): Promise<Reply<ActReply>>;
  bot_act(match: string, seat: number, step: number, shown?: number): Promise<Reply<ActReply>>;
  bot_choose(match: string, seat: number, step: number): Promise<Reply<BotChooseReply>>;
  hint(match: string, seat: number, step: number): Promise<Reply<HintReply>>;
  tutorial(game: string): Promise<Reply<TutorialJson>>;
  undo(match: string, shown?: number): Promise<Reply<UndoReply>>;
  export_record(match: string): Promise<Reply<RecordReply>>;
  import_record(recordText: string, source?: RecordSource, shown?: number, salvage?: boolean): Promise<Reply<ImportReply>>;
  close(match: string): Promise<Reply<Closed>>;
  open_replay(match: string): Promise<Reply<OpenReplayReply>>;
  /** `seat`: -1 a spectator, -2 everything (refused until the game is over). */
  replay_view(replay: string, step: number, seat: number): Promise<Reply<ReplayViewReply>>;
  review_open(replay: string): Promise<Reply<ProgressJson>>;
  review_run(replay: string, count: number): Promise<Reply<ProgressJson>>;
  review_result(replay: string): Promise<Reply<ReviewJson>>;
  close_replay(replay: string): Promise<Reply<Closed>>;
  /** A match across devices: the host's deal, what a guest keeps of a view it was shown, and
   *  its check at the end. */
  new_deal(): Promise<Reply<DealReply>>;
  view_digest(viewText: string): Promise<Reply<DigestReply>>;
  check_match(checkText: string): Promise<Reply<CheckReply>>;
}

export type BridgeCall = keyof BridgeCalls;

/** What `startEngine()` resolves to. */
export interface Engine extends BridgeCalls {
  /** Python's version in the worker. */
  python: string;
  /** The rules package's version (pyproject.toml's, written into the site's archive). */
  rules: string;
  /** How long loading took, in ms. */
  loadMs: number;
  /** How many times each bridge call crossed to the worker (tests count decisions by it). */
  crossings: Record<string, number>;
  /** Calls sent and not answered yet. */
  pending: number;
}

/** `startEngine`'s progress: "download" (fraction of the runtime's bytes), the worker's stages
 *  ("start", "restore", "restored", "refused", "rules"), "ready", then perhaps "saved" or
 *  "unsaved" (the snapshot for the next visit); app.js adds "failed". */
export interface Progress {
  stage: string;
  fraction?: number;
}

// ---------------------------------------------------------------------------------------------
// The shell and the renderers

/** A lobby configuration, as `bridge.new_match` reads it (JSON text). A seed typed that is no
 *  number goes as typed, so the engine's refusal can name it. */
export interface LobbyConfig {
  game: string;
  seats: SeatInfo[];
  seed: number | string | null;
  /** A match across devices: its seed is made from the host's secret and the guests' salts. */
  deal?: { secret: string; salts: Record<string, string> };
  /** The seats played on other devices (invited), by index. */
  away?: number[];
  options: GameOptions;
  /** false: the table is set up without hints. */
  hints?: boolean;
}

/** A game as the lobby knows it before Python loads (catalog.js): the engine's own entry, with
 *  the two fields the engine types loosely named for the lobby's editors. */
export interface CatalogGame extends Omit<EngineGame, "setup_editor" | "standard_setup"> {
  setup_editor: "tanbo" | "htp" | "storm" | null;
  /** Tanbo: the standard setup as a custom one, `{paddies: [[{snakes, rice}]]}` (the editor's start). */
  standard_setup?: { paddies: { snakes: number; rice: number }[][] };
}

/** js/catalog.json, written by the build from Game.describe() and the bots. */
export interface Catalogue {
  games: CatalogGame[];
  levels: string[];
  default_bot: string;
  limits: Limits;
  blank?: Blank;
}

/** The characters that draw nothing (pygames/core/limits.py's blank_json): general categories
 *  and single characters. */
export interface Blank {
  categories: string[];
  chars: string;
}

/** The bounds on input (pygames/core/limits.py's as_json): the page checks them before a call. */
export interface Limits {
  record_chars: number;
  action_chars: number;
  config_chars: number;
  name_arg_chars: number;
  depth: number;
  int_digits: number;
  max_seat: number;
  max_step: number;
  max_seed: number;
  name_chars: number;
  /** Nesting of a view another device sends (deeper than input typed by people). */
  view_depth: number;
}

/** A game's own part of the lobby form (setup-*.js). */
export interface OptionsEditor {
  options(): GameOptions;
  fill?(options: GameOptions): void;
  setSeats?(count: number): void;
}

/** What the shell passes to a renderer's `render(root, props)`. */
export interface RendererProps<Table = GameTable, Details = GameDetails> {
  view: View<Table, Details>;
  legal: Action[];
  /** The seat on screen; -1 a spectator. */
  seat: number;
  seats: SeatInfo[];
  /** Send an action for the seat on screen, or (optional actions: Tea) for another human seat;
   *  may be given the action's JSON text. */
  act(action: Action | string, seat?: number): unknown;
  busy: boolean;
  /** A person's action is on its way (an interruption such as Tea may still be offered). */
  sending: boolean;
  optional?: OptionalActions[];
  /** The redraw follows exactly one new step for the same seat: movement is welcome. */
  animate: boolean;
  /** Draw read-only (the replay viewer). */
  replay: boolean;
  /** How many of the view's last placements are staged by "Confirm moves", not played. */
  staged?: number;
}

/** An order of moves staged whole by "Confirm moves" (Tanbo's sowing): the table to draw with
 *  them made in the page, what may be pressed next, and the order in words. */
export interface StagedOrder<V = View> {
  view: V;
  legal: Action[];
  /** How many placements the drawn table holds that are not played yet. */
  staged: number;
  /** Nothing is left to choose: Confirm plays the whole order. */
  complete: boolean;
  words: string;
}

/** A renderer module: web/js/games/<id>.js, or fallback-renderer.js. */
export interface Renderer {
  render(root: HTMLElement, props: RendererProps): void;
  describeAction?(action: Action, view?: View): string;
  /** `order` staged on the table in the page, or null when the press is staged alone. */
  stageOrder?(view: View, legal: Action[], order: Action[], names?: string[]): StagedOrder | null;
  /** The control that makes `action`, or the next one to press towards it (a hint or a
   *  lesson marks it). */
  towards?(root: HTMLElement, action: Action): Element | null;
  /** The thing a lesson's words name (a paddy, a box, a stock: pygames/tutorials.py SPOTS). */
  spot?(root: HTMLElement, spot: SpotJson): Element | null;
  title?: string;
  scoreTableHtml?(view: View, seats: SeatInfo[]): string;
  outcomeTitle?(view: View, seats: SeatInfo[]): string;
  outcomeReason?(view: View, seats: SeatInfo[]): string;
  /** A figure of the rules page (js/pictures.json) in the table's own art. */
  picture?(fig: unknown): string;
  /** The symbols the pictures use, once in a page. */
  pictureSprite?(): string;
  /** The classes that give a picture its table's look. */
  pictureClass?: string;
}

/** An automatic save in localStorage (web/js/saves.js): one per game, its version bumped by
 *  every write, so a tab can tell that another one wrote it since. */
export interface Save {
  id: string;
  record: MatchRecord;
  over: boolean;
  game: string;
  step: number;
  version: number;
  /** When it was written (ms since the epoch). */
  time: number;
  /** A name the player gave it in the lobby's list of saved games. */
  name?: string;
  /** Who won, once it is over (seats; several in a shared win, none in a game without a
   *  winner). Read from storage: the list checks it before it names anyone. */
  winners?: number[];
  /** The engine's refusal once it could not open it (listed as damaged). */
  broken?: Message;
  /** A match across devices, at its host: what reopens its table after a reload. */
  across?: AcrossSave;
  /** The game's review, for its record of `steps` actions. */
  review?: { steps: number; result: ReviewJson };
}

/** What is wrong with a save that cannot be opened: not a save's text, a label naming another
 *  game than its record, or a record the engine refused. */
export type SaveProblem = "unreadable" | "mismatch" | "refused";

/** One save in storage as the lobby lists it: readable (`save`), or damaged with what is wrong. */
export interface SaveEntry {
  id: string;
  /** The save; null when it cannot be opened. */
  save: Save | null;
  /** What is wrong with it; null when it is readable. */
  problem: SaveProblem | null;
  /** Its stored text's length, and the text itself (a damaged one downloads as it is). */
  size: number;
  text: string;
  /** When it was written (0 when unknown), and the game it names (null when unknown). */
  time: number;
  game: string | null;
  /** The engine's refusal, for a save it refused. */
  broken: Message | null;
}

/** What writing a save did (web/js/saves.js Saves.write). */
export type WriteResult =
  | { status: "written"; version: number; removed: number }
  | { status: "unchanged"; version: number }
  | { status: "moved"; save: Save }
  | { status: "failed"; reason: "off" | "full"; removed: number };

/** Which automatic save a match on screen goes to, as this tab last wrote or read it. */
/** What the host of a match across devices keeps with its save (the device holds every secret
 *  of the match anyway): the deal, each invited seat's key and salt. */
export interface AcrossSave {
  secret: string;
  commitment: string;
  /** Each invited seat's key, by seat. */
  keys: Record<string, string>;
  /** Each invited seat's salt, by seat (the deal was made with them). */
  salts: Record<string, string>;
  /** The signalling server the room meets its guests through, if the host chose one. */
  meet?: MeetingSave;
}

/** A host's room at a signalling server (web/js/peer-meet.js), kept to open it again. */
export interface MeetingSave {
  /** The signalling server's address as the host typed it. */
  server: string;
  /** The STUN server as the host typed it ("" for none). */
  stun: string;
  /** The room's code: the host's id at the server is made from it. */
  room: string;
  /** The host's token at the server: it takes the room back after a reload. */
  token: string;
}

export interface MatchSave {
  id: string;
  /** The save's version then (null: not saved yet). */
  version: number | null;
  /** The record's JSON text then: moves beyond it are this tab's own, not yet saved. */
  text: string | null;
}

// ---------------------------------------------------------------------------------------------
// The page's elements that the shell finds by id (dom.js `$`): each with its element type, so a
// misspelt id or a wrong kind of element is a type error. tests-js/page.test.mjs checks this
// list against web/index.html.

export interface PageElements {
  board: HTMLDivElement;
  "host-room": HTMLElement;
  "host-invites": HTMLOListElement;
  "host-commitment": HTMLElement;
  "host-start": HTMLButtonElement;
  "host-watch": HTMLButtonElement;
  "host-cancel": HTMLButtonElement;
  "host-start-hint": HTMLParagraphElement;
  meet: HTMLDetailsElement;
  "host-intro": HTMLParagraphElement;
  "meet-server": HTMLInputElement;
  "meet-stun": HTMLInputElement;
  "meet-use": HTMLButtonElement;
  "meet-status": HTMLParagraphElement;
  join: HTMLElement;
  "join-status": HTMLParagraphElement;
  "join-code": HTMLDivElement;
  "join-answer": HTMLTextAreaElement;
  "join-qr": HTMLDivElement;
  "join-copy": HTMLButtonElement;
  "join-deal": HTMLParagraphElement;
  "join-commitment": HTMLElement;
  "join-lobby": HTMLButtonElement;
  "peer-presence": HTMLDivElement;
  "peer-check": HTMLParagraphElement;
  "confirm-dialog": HTMLDialogElement;
  "confirm-text": HTMLParagraphElement;
  "copy-link": HTMLButtonElement;
  "copy-record": HTMLButtonElement;
  "download-record": HTMLButtonElement;
  "end-close": HTMLButtonElement;
  "end-details": HTMLDivElement;
  "end-new": HTMLButtonElement;
  "end-reason": HTMLParagraphElement;
  "end-rematch": HTMLButtonElement;
  "end-replay": HTMLButtonElement;
  "end-review": HTMLButtonElement;
  "end-scores": HTMLTableElement;
  "end-screen": HTMLDivElement;
  "end-title": HTMLHeadingElement;
  "engine-label": HTMLSpanElement;
  "engine-progress": HTMLProgressElement;
  "engine-status": HTMLDivElement;
  "error-banner": HTMLDivElement;
  "error-close": HTMLButtonElement;
  "error-text": HTMLParagraphElement;
  "first-player": HTMLSelectElement;
  "first-player-label": HTMLLabelElement;
  "game-menu": HTMLDetailsElement;
  "game-options": HTMLDivElement;
  "game-advanced": HTMLDivElement;
  "game-cards": HTMLDivElement;
  "cover-sprites": HTMLDivElement;
  "confirm-moves": HTMLInputElement;
  sound: HTMLInputElement;
  "menu-rules": HTMLAnchorElement;
  "menu-language": HTMLSelectElement;
  theme: HTMLSelectElement;
  "menu-theme": HTMLSelectElement;
  staged: HTMLDivElement;
  "staged-move": HTMLSpanElement;
  "staged-again": HTMLSpanElement;
  "staged-confirm": HTMLButtonElement;
  "staged-cancel": HTMLButtonElement;
  language: HTMLSelectElement;
  "handover-done": HTMLButtonElement;
  load: HTMLButtonElement;
  "load-dialog": HTMLDialogElement;
  "load-file": HTMLInputElement;
  "load-text": HTMLTextAreaElement;
  lobby: HTMLElement;
  "moved-banner": HTMLDivElement;
  "lobby-form": HTMLFormElement;
  "lobby-load": HTMLButtonElement;
  log: HTMLOListElement;
  "log-panel": HTMLElement;
  "new-game": HTMLButtonElement;
  notice: HTMLDivElement;
  "notice-close": HTMLButtonElement;
  "notice-text": HTMLParagraphElement;
  "offline-status": HTMLParagraphElement;
  "pass-ok": HTMLButtonElement;
  "pass-screen": HTMLDivElement;
  "pass-title": HTMLHeadingElement;
  "table-bar": HTMLDivElement;
  replay: HTMLElement;
  "replay-board": HTMLDivElement;
  "replay-close": HTMLButtonElement;
  "replay-first": HTMLButtonElement;
  "replay-last": HTMLButtonElement;
  "replay-log": HTMLOListElement;
  "replay-log-panel": HTMLElement;
  "replay-next": HTMLButtonElement;
  "replay-open": HTMLButtonElement;
  results: HTMLButtonElement;
  pace: HTMLSelectElement;
  "replay-play": HTMLButtonElement;
  "replay-prev": HTMLButtonElement;
  "replay-seat": HTMLSelectElement;
  "replay-slider": HTMLInputElement;
  "replay-step": HTMLOutputElement;
  "replay-title": HTMLHeadingElement;
  resume: HTMLButtonElement;
  resuming: HTMLElement;
  "resuming-lobby": HTMLButtonElement;
  "resuming-title": HTMLHeadingElement;
  "rules-link": HTMLAnchorElement;
  save: HTMLButtonElement;
  "save-text": HTMLTextAreaElement;
  "saved-list": HTMLElement;
  "save-status": HTMLParagraphElement;
  "save-status-text": HTMLSpanElement;
  "make-room": HTMLButtonElement;
  hint: HTMLButtonElement;
  learn: HTMLButtonElement;
  tutorial: HTMLElement;
  "tutorial-title": HTMLHeadingElement;
  "tutorial-text": HTMLParagraphElement;
  "tutorial-refusal": HTMLParagraphElement;
  "tutorial-show": HTMLButtonElement;
  "tutorial-skip": HTMLButtonElement;
  "end-tutorial": HTMLDivElement;
  "end-tutorial-text": HTMLParagraphElement;
  "end-easy": HTMLButtonElement;
  review: HTMLElement;
  "review-start": HTMLButtonElement;
  "review-cancel": HTMLButtonElement;
  "review-progress": HTMLProgressElement;
  "review-status": HTMLSpanElement;
  "review-graph": HTMLDivElement;
  "review-marks": HTMLOListElement;
  "hint-line": HTMLParagraphElement;
  hints: HTMLInputElement;
  "end-hints": HTMLParagraphElement;
  "storage-off": HTMLParagraphElement;
  "room-dialog": HTMLDialogElement;
  "room-list": HTMLUListElement;
  "link-dialog": HTMLDialogElement;
  "link-text": HTMLParagraphElement;
  "seat-list": HTMLDivElement;
  seed: HTMLInputElement;
  share: HTMLButtonElement;
  "share-dialog": HTMLDialogElement;
  "share-link": HTMLInputElement;
  "share-note": HTMLParagraphElement;
  "share-secrets": HTMLParagraphElement;
  start: HTMLButtonElement;
  "start-hint": HTMLParagraphElement;
  table: HTMLElement;
  "take-over": HTMLButtonElement;
  turn: HTMLParagraphElement;
  undo: HTMLButtonElement;
  "update-banner": HTMLDivElement;
  "update-reload": HTMLButtonElement;
  versions: HTMLParagraphElement;
}

/** dom.js `$`: the page's element with that id (a known one is always there). */
export interface FindById {
  <K extends keyof PageElements>(id: K): PageElements[K];
  (id: `seat-${number}-name`): HTMLInputElement | null;
  (id: `seat-${number}-who`): HTMLSelectElement | null;
}

/** app.js: the shell's state (one object, `app`). */
export interface ShellState {
  engine: Engine | null;
  /** The host's room of a match across devices (web/js/host-room.js). */
  hostRoom?: import("./host-room.js").HostRoom | null;
  /** A guest's seat at a match across devices (web/js/guest-seat.js). */
  guestSeat?: import("./guest-seat.js").GuestSeat | null;
  engineReady: Promise<Engine> | null;
  /** The match on screen (web/js/match.js), or null in the lobby. */
  match: import("./match.js").Match | null;
  /** The table on screen: animation and focus follow it. */
  drawn: { match: string; seat: number; step: number } | null;
  /** The log lines on screen (as the view gave them), for drawing only new ones. */
  logLines: string[];
  renderers: Map<string, Renderer>;
  /** Failed imports of a game's renderer so far, by game: it is tried again (rendererFor). */
  rendererTries: Map<string, number>;
  /** The import of a game's renderer under way, by game (rendererFor). */
  rendererLoads: Map<string, Promise<Renderer>>;
  replay: import("./replay.js").ReplayViewer | null;
  lobby?: import("./lobby.js").Lobby;
  /** One press, one decision: held keys and double taps (web/js/input-gate.js). */
  gate: import("./input-gate.js").InputGate;
  /** The lobby's last settings ("New game" starts from them). */
  lastConfig?: LobbyConfig;
  /** The lesson on the table, if the match is one (web/js/tutorial.js). */
  tutorial?: import("./tutorial.js").Tutorial | null;
  /** The renderer of the table drawn last. */
  rendererNow?: Renderer;
  /** A lesson's data waiting for its match to open. */
  tutorialPending?: TutorialJson | null;
  /** What the screen shows, kept to draw it again in another language (shell words). */
  progress?: Progress;
  versions?: { python: string; rules: string; seconds: string };
  resumingGame?: string;
  passTo?: number | null;
  handoverTo?: number | null;
  lastError?: string | { message?: any; error?: string };
  /** The automatic saves (web/js/saves.js). */
  saves: import("./saves.js").Saves;
  /** The lobby's list of saved games. */
  savedList?: import("./saved-list.js").SavedList;
  /** Engine restarts so far (each restart's token). */
  restarts: number;
  /** A restarted engine is reopening the match. */
  reopening: boolean;
  /** "Confirm moves": a person's move waits for its confirmation (web/js/confirm-moves.js). */
  confirmMoves: boolean;
  /** The move staged, waiting for its confirmation. */
  staged: import("./confirm-moves.js").StagedMove;
  /** The table's sounds (web/js/sound.js). */
  sounds: import("./sound.js").Sounds;
  /** The match and what it awaited when its table was last drawn (soundFor). */
  heard: { match: string; awaiting: string | undefined } | null;
}

declare global {
  /** ?debug=1: the shell's state, for tests that need to slow the engine down. */
  var pygamesDebug: ShellState | undefined;
}
