// The match on screen as a store, as boardgame.io's client is one: it owns the match's state,
// cancellation, the bots' turns, a person's decisions (with the retry of a stale one), the
// hand-overs of hot seat, undo and the automatic save, and it tells its subscribers what to
// show. It knows no DOM and no words: the page draws what it is told, says it in the reader's
// language, and forwards what people do. A transport carries its calls to the engine: the
// local worker (web/js/engine.js) today; a peer connection to a host device can carry the same
// calls, and the page does not know which one does.
//
// A match across devices (web/js/peer-host.js, web/js/peer-guest.js) names the seats played
// elsewhere (`away`): the host's store plays its own people and bots and takes the away seats'
// decisions as they arrive (`remoteAct`); a guest's store shows its one seat through a
// transport to the host (web/js/peer-transport.js) and is told when the match moved on there
// (`moved`).
//
// A match across devices (web/js/peer-host.js, web/js/peer-guest.js) names the seats played
// elsewhere (`away`): the host's store plays its own people and bots and takes the away seats'
// decisions as they arrive (`remoteAct`); a guest's store shows its one seat, through a
// transport to the host (web/js/peer-transport.js), and is told when the match moved on there
// (`moved`).
//
// One store is one opened match. Everything it waits for (a bot's think, a person's "Done"
// or "I am ready", a pause between bot moves) belongs to a flow; `stop()` ends every flow at
// the point it reached, so nothing of a replaced match lands afterwards.

import { sameAction } from "./actions.js";
import { hasUnsavedMoves, newSaveId, recordText } from "./saves.js";
/** @import { Action, ActReply, BotChooseReply, HintReply, MatchRecord, MatchSave, Message, OpenedReply, OptionalActions, RecordTail, Reply, Save, SeatInfo, SeatScreen, Status, View } from "./types.js" */

/**
 * The engine's calls a match makes (web/js/types.d.ts BridgeCalls has them all).
 * @typedef {Pick<import("./types.js").BridgeCalls, "view" | "act" | "bot_act" | "bot_choose" | "hint" | "undo" | "export_record" | "close">} Transport
 */

/**
 * What the store tells its subscribers. A subscriber may answer with a promise: the store goes
 * on once every subscriber is done (a bot starts thinking only once its table is drawn).
 * - "screen": draw the table of `match.seat` as it is now (`handover`: the mover's last look,
 *   with nothing to choose);
 * - "handover": the mover's last look is drawn; wait for `handoverDone()` (to: the next seat);
 * - "pass": nothing of the last seat may stay in sight; ask for `ready()` (to: the next seat);
 * - "passed": the next person is ready;
 * - "error": a refusal to show (`reply`; `bot`: it was a bot's move);
 * - "notice": something to say that is not a fault (a message id and its arguments);
 * - "saving": whether the match is kept on this device changed (`match.saving`);
 * - "readonly": the match went on in another tab (`match.readOnly`);
 * - "busy": a person's decision started or ended (`match.busy`);
 * - "accepted": a person's decision was taken (a refusal shown before is out of date);
 * - "undone": a decision was taken back (the table is drawn as new);
 * - "hint": a hint started, arrived or went out of date (`match.hinting`, `match.hintShown`).
 * @typedef {{type: "screen", handover: boolean}
 *   | {type: "handover", to: number}
 *   | {type: "pass", to: number}
 *   | {type: "passed"}
 *   | {type: "error", reply: {message?: Message, error?: string, error_type?: string}, bot?: boolean}
 *   | {type: "notice", id: string, args?: Record<string, unknown>}
 *   | {type: "saving"}
 *   | {type: "readonly"}
 *   | {type: "busy"}
 *   | {type: "accepted"}
 *   | {type: "undone"}
 *   | {type: "hint"}} MatchEvent
 */

/** @typedef {(event: MatchEvent) => void | Promise<void>} Subscriber */

/**
 * How the store is set up.
 * @typedef {object} MatchOptions
 * @property {import("./saves.js").Saves | null} saves the automatic saves (null: the match is
 *   kept elsewhere, as a guest's is at its host)
 * @property {number[]} [away] the seats played on other devices: this store neither shows nor
 *   plays them (a guest's store: every seat but its own)
 * @property {boolean} [hints] false: no hints here whatever the record says (a guest's table)
 * @property {import("./types.js").AcrossSave} [across] kept with the automatic save: the host's
 *   table across devices reopens from it
 * @property {boolean} hidden whether the game has secrets (hot seat then hands the device over)
 * @property {number} [botPace] ms between two bot actions, so a person can follow them
 * @property {number} [interruptFactor] a bot waits this many times longer when a person may act
 *   before it (Humble Tea Party's Tea)
 * @property {(ms: number) => Promise<void>} [sleep]
 * @property {(name: string, start: number, detail?: unknown) => void} [measure] each bot think
 *   (the page measures it: tests check no drawing lands inside one)
 * @property {() => number} [now]
 */

/** Seats the game waits for (others among the actors only may act, like Tea).
 *  @param {Status} status */
export const awaitedSeats = (status) => status.awaiting ?? status.actors;

/** A flow ended because its match was stopped or moved on: nothing of it may land. */
class Stopped extends Error {}

export class Match {
  /**
   * @param {Transport} transport
   * @param {OpenedReply} opened the answer that opened it (new_match or import_record)
   * @param {MatchOptions} options
   * @param {MatchSave | Save | null} [save] the automatic save it continues (a resumed game, a
   *   take-over, a restarted engine); by default a new one
   */
  constructor(transport, opened, options, save = null) {
    this.transport = transport;
    this.options = options;
    /** The seats played on other devices. */
    this.away = new Set(options.away ?? []);
    this.sleep = options.sleep ?? ((/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.now = options.now ?? (() => performance.now());
    /** @type {string} */
    this.id = opened.match;
    /** @type {string} */
    this.game = opened.status.game;
    /** @type {SeatInfo[]} */
    this.seats = opened.status.seats;
    /** @type {Status} */
    this.status = opened.status;
    /** The store's copy of the record, kept from every answer's tail (null: ask the engine). */
    /** @type {MatchRecord | null} */
    this.record = opened.record;
    /** The screen on show: its seat (-1 a spectator), view and choices. */
    this.seat = -1;
    /** @type {View | null} */
    this.view = null;
    /** @type {Action[]} */
    this.legal = [];
    /** @type {OptionalActions[]} */
    this.optional = [];
    /** Whether a person on another device may act before the seat awaited (Tea). */
    this.awayMayAct = false;
    /** The person whose screen was last shown (hot seat), or null. */
    /** @type {number | null} */
    this.shownSeat = null;
    /** A person's decision is on its way. */
    this.busy = false;
    /** The match went on in another tab: this one only shows it. */
    this.readOnly = false;
    /** Whether it is kept on this device: "saved", "off", "full", or null (not yet written). */
    /** @type {"saved" | "off" | "full" | null} */
    this.saving = null;
    /** @type {MatchSave} the automatic save it goes to, as this store last wrote or read it */
    this.save = {
      id: save?.id ?? newSaveId(),
      version: save ? save.version : null,
      text: !save ? null : "record" in save ? recordText(save.record) : save.text,
    };
    /** @type {Set<Subscriber>} */
    this.subscribers = new Set();
    /** Bumps whenever the flows in progress must end (undo, a take-over, stop). */
    this.generation = 0;
    /** @type {Set<() => void>} waits to release when the generation bumps */
    this.cancellers = new Set();
    /** @type {Promise<unknown> | null} a bot's move on its way (a person's waits for it) */
    this.applying = null;
    /** @type {{step: number, seats: Set<number>} | null} the optional bots asked at a step */
    this.asked = null;
    /** @type {SeatScreen} */
    this.opened = opened;
    /** A hint being thought out, for the seat and step on screen. */
    /** @type {{seat: number, step: number} | null} */
    this.hinting = null;
    /** The hint on show: for one seat at one step, gone as soon as either changes. */
    /** @type {{seat: number, step: number, action: Action | null, why: Message} | null} */
    this.hintShown = null;
  }

  /** Be told what to show; answers a function that stops it. @param {Subscriber} fn */
  subscribe(fn) {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  /** @param {MatchEvent} event */
  async tell(event) {
    await Promise.all([...this.subscribers].map((fn) => fn(event)));
  }

  /** Show the first screen and start whatever the match waits for. */
  async start() {
    this.options.saves?.setTabGame(this.save.id);
    await this.run((gen) => this.refresh(gen, this.opened));
  }

  /** End every flow in progress: nothing of this match lands from now on. */
  stop() {
    this.bump();
    this.subscribers.clear();
  }

  bump() {
    this.generation++;
    for (const cancel of this.cancellers) cancel();
    this.cancellers.clear();
    return this.generation;
  }

  /** @param {number} gen */
  check(gen) {
    if (gen !== this.generation) throw new Stopped();
  }

  /** Run a flow to its end, or to the point where the match was stopped.
   *  @param {(gen: number) => Promise<unknown>} flow */
  async run(flow, gen = this.generation) {
    try {
      await flow(gen);
    } catch (err) {
      if (!(err instanceof Stopped)) throw err;
    }
  }

  // ------------------------------------------------------------------ who is who

  /** The seats people play on this device. */
  people() {
    return this.seats.map((s, i) => (s.bot || this.away.has(i) ? -1 : i)).filter((i) => i >= 0);
  }

  /** @param {number} seat */
  isBot(seat) {
    return !!this.seats[seat]?.bot;
  }

  /** Whether a bot of this device plays `seat` (a guest's bots play at the host).
   *  @param {number} seat */
  botHere(seat) {
    return this.isBot(seat) && !this.away.has(seat);
  }

  /** The seat to show next: the person awaited, else the person shown last, else the first
   *  person, else a spectator. */
  seatToShow() {
    const toAct = awaitedSeats(this.status).filter((s) => !this.isBot(s) && !this.away.has(s));
    if (toAct.length) return toAct[0];
    const people = this.people();
    if (this.shownSeat !== null && people.includes(this.shownSeat)) return this.shownSeat;
    return people.length ? people[0] : -1;
  }

  /** The seat the page shows, as a decision's call names it (the engine answers that seat's
   *  screen, or the person it must turn to). */
  shown() {
    return this.shownSeat ?? -1;
  }

  /** Whether showing `seat` next needs the device handed over (secrets, several people).
   *  @param {number} seat */
  needsHandover(seat) {
    return this.options.hidden && this.people().length > 1 && seat >= 0 && seat !== this.shownSeat && !this.status.over;
  }

  /** Whether a bot is to move now (the table then shows it thinking). */
  botThinking() {
    return !this.status.over && !this.readOnly && awaitedSeats(this.status).some((s) => this.isBot(s));
  }

  // ------------------------------------------------------------------ the flow of play

  /**
   * Show what the match needs now and start the bot whose turn it is. `screen` is the last
   * answer of a decision (it carries the screen to show): shown as it is while it is the
   * current step's; otherwise the seat's view is asked for.
   * @param {number} gen @param {SeatScreen | null} [screen]
   */
  async refresh(gen, screen = null) {
    this.check(gen);
    screen = (await this.askOptionalBots(gen)) ?? screen;
    this.check(gen);
    // A screen for a seat played elsewhere (the engine picks the first person awaited) is not
    // this device's to show.
    const current = screen && screen.status.step === this.status.step && !this.away.has(screen.seat) ? screen : null;
    const seat = current ? current.seat : this.seatToShow();
    if (this.needsHandover(seat)) {
      // The person who just moved sees what their move did before the screen goes blank.
      if (this.shownSeat !== null && this.people().includes(this.shownSeat)) {
        await this.show(this.shownSeat, gen, { handover: true });
        await this.waitFor("handover", gen, seat);
      }
      await this.waitFor("pass", gen, seat);
    }
    await this.show(seat, gen, { screen: current });
    // Saved before a bot starts thinking, from the store's own copy of the record.
    await this.autosave(gen);
    this.check(gen);
    const bots = this.status.over || this.readOnly ? [] : awaitedSeats(this.status).filter((s) => this.botHere(s));
    if (bots.length) this.run((g) => this.botTurn(bots[0], g), gen);
  }

  /**
   * Show `seat`'s screen: from `screen` (a decision's answer for that seat) when given, else
   * asked for; `handover`: the mover's last look, with nothing to choose.
   * @param {number} seat @param {number} gen
   * @param {{handover?: boolean, screen?: SeatScreen | null}} [how]
   */
  async show(seat, gen, { handover = false, screen = null } = {}) {
    const reply = screen && screen.seat === seat ? { ...screen, ok: /** @type {const} */ (true) } : await this.transport.view(this.id, seat);
    this.check(gen);
    if (!reply.ok) {
      await this.tell({ type: "error", reply });
      throw new Stopped();
    }
    this.status = reply.status;
    this.view = reply.view;
    this.legal = handover ? [] : reply.legal;
    // Another device's seat takes its own optional actions (Tea) there; a bot still gives
    // that person the time to take one (botTurn).
    this.optional = handover ? [] : (reply.optional ?? []).filter((o) => !this.away.has(o.seat));
    this.awayMayAct = !handover && (reply.optional ?? []).some((o) => this.away.has(o.seat) && !this.isBot(o.seat) && o.legal.length > 0);
    this.seat = seat;
    if (!handover && seat >= 0) this.shownSeat = seat;
    const hint = this.hintShown;
    if (hint && (hint.seat !== seat || hint.step !== this.status.step || handover)) this.hintShown = null;
    await this.tell({ type: "screen", handover });
    this.check(gen);
  }

  /** The hand-over's two waits: "handover" (the mover's "Done") and "pass" ("I am ready").
   *  @param {"handover" | "pass"} what @param {number} gen @param {number} to */
  async waitFor(what, gen, to) {
    /** @type {Promise<void>} */
    const answered = new Promise((resolve) => {
      this.answer = () => {
        this.answer = null;
        this.cancellers.delete(resolve);
        resolve();
      };
      this.cancellers.add(resolve);
    });
    this.waiting = what;
    await this.tell({ type: what, to });
    await answered;
    this.waiting = null;
    this.check(gen);
    if (what === "pass") await this.tell({ type: "passed" });
  }

  /** The person who moved has seen what their move did: on to the pass screen. */
  handoverDone() {
    if (this.waiting === "handover") this.answer?.();
  }

  /** The next person is ready: their screen is shown. */
  ready() {
    if (this.waiting === "pass") this.answer?.();
  }

  /** Join a decision's record tail to the store's copy of the record; a tail that does not
   *  join drops the copy, and the engine is asked for the record instead. @param {RecordTail} tail */
  joinTail(tail) {
    const record = this.record;
    if (!record || tail.from > record.actions.length) {
      this.record = null;
      return;
    }
    record.actions = [...record.actions.slice(0, tail.from), ...tail.actions];
  }

  /**
   * A person's decision: for the seat on screen, or (optional actions such as Tea) for another
   * person at the table, which shows nothing of that seat. It always wins over a bot that has
   * not yet moved: bots' choices are applied only when no person's decision is on its way.
   * `step` is the step of the table the person saw.
   * @param {Action | string} action @param {{seat?: number, step?: number}} [how]
   */
  async act(action, { seat = this.seat, step = this.status.step } = {}) {
    if (this.busy || this.readOnly || seat < 0 || this.isBot(seat) || this.away.has(seat)) return;
    const gen = this.generation;
    const text = typeof action === "string" ? action : JSON.stringify(action);
    /** @type {Action} */
    const data = typeof action === "string" ? JSON.parse(action) : action;
    await this.setBusy(true);
    /** @type {SeatScreen | null} */
    let screen = null;
    try {
      if (this.applying) await this.applying; // a bot's move already on its way lands first
      if (gen !== this.generation) return;
      /** @type {Reply<ActReply> | null} */
      let reply = await this.transport.act(this.id, seat, text, step, this.shown());
      if (gen !== this.generation) return;
      if (!reply.ok && reply.error_type === "StaleView") {
        // A bot's move landed between the drawing and the click: if the same choice is still
        // open to this seat, it stands; otherwise the person looks again.
        const now = await this.transport.view(this.id, seat);
        if (gen !== this.generation) return;
        if (now.ok && now.legal.some((a) => sameAction(a, data))) {
          reply = await this.transport.act(this.id, seat, text, now.status.step, this.shown());
          if (gen !== this.generation) return;
        } else {
          reply = null;
          if (now.ok) this.status = now.status;
          await this.tell({ type: "notice", id: "shell.notice.stale" });
        }
      }
      if (reply?.ok === true) {
        this.status = reply.status;
        this.joinTail(reply.tail);
        screen = reply;
        await this.tell({ type: "accepted" });
      } else if (reply) {
        await this.tell({ type: "error", reply });
      }
    } finally {
      if (gen === this.generation) await this.setBusy(false);
    }
    await this.run((g) => this.refresh(g, screen), gen);
  }

  /**
   * A decision of a seat played on another device, as the host's link brought it (`step`: the
   * step of the table that device was shown). Answers what the engine said: a refusal goes back
   * to that device, and changes nothing here.
   * @param {number} seat @param {Action} action @param {number} step
   * @returns {Promise<{ok: true} | {ok: false, message?: Message, error?: string, error_type?: string}>}
   */
  async remoteAct(seat, action, step) {
    if (this.readOnly || this.status.over || !this.away.has(seat)) return { ok: false, error: "not an away seat" };
    const gen = this.generation;
    if (this.applying) await this.applying; // a bot's move already on its way lands first
    const reply = await this.sendAct(seat, action, step);
    if (!reply.ok) return reply;
    if (gen === this.generation) {
      this.status = reply.status;
      this.joinTail(reply.tail);
      void this.run((g) => this.refresh(g, reply), gen);
    }
    return { ok: true };
  }

  /** The match moved on at the device that runs it (a guest's store, told by its host): show
   *  it as it is now. */
  moved() {
    if (this.busy) return; // the decision on its way shows the table it brings back
    void this.run((g) => this.refresh(g), this.bump());
  }

  /** @param {boolean} on */
  async setBusy(on) {
    this.busy = on;
    await this.tell({ type: "busy" });
  }

  /**
   * A bot's move at `step`: chosen and applied in one crossing when nobody can act before it;
   * otherwise (a person may take Tea first) chosen, and applied only if nobody acted meanwhile.
   * @param {number} seat @param {number} gen
   */
  async botTurn(seat, gen) {
    const step = this.status.step;
    const personMayAct =
      this.optional.some((o) => !this.isBot(o.seat)) || this.awayMayAct || (this.seat >= 0 && this.seat !== seat && this.legal.length > 0);
    const pace = this.options.botPace ?? 600;
    await this.sleep(personMayAct ? pace * (this.options.interruptFactor ?? 4) : pace);
    // A person may have acted meanwhile (Tea): that decision's refresh starts the bot again.
    if (gen !== this.generation || this.status.step !== step || this.busy) return;
    if (!personMayAct) {
      const reply = await this.think(seat, step, true);
      this.check(gen);
      if (!reply.ok) {
        if (reply.error_type !== "StaleView") await this.tell({ type: "error", reply, bot: true });
        return;
      }
      this.status = reply.status;
      this.joinTail(reply.tail);
      await this.refresh(gen, reply);
      return;
    }
    const choice = await this.think(seat, step, false);
    this.check(gen);
    if (!choice.ok) {
      if (choice.error_type !== "StaleView") await this.tell({ type: "error", reply: choice, bot: true });
      return;
    }
    // The bot thought from the position at `step`; if a person acted meanwhile it thinks again.
    if (this.busy || this.status.step !== step || !choice.action) return;
    const applied = await this.applyBot(seat, choice.action, step, gen);
    if (applied) await this.refresh(gen, applied);
  }

  /**
   * The bot's choice, thought out by the engine (`apply`: chosen and applied at once).
   * @template {boolean} A
   * @param {number} seat @param {number} step @param {A} apply
   * @returns {Promise<A extends true ? Reply<ActReply> : Reply<BotChooseReply>>}
   */
  async think(seat, step, apply) {
    const start = this.now();
    try {
      return /** @type {any} */ (
        apply ? await this.transport.bot_act(this.id, seat, step, this.shown()) : await this.transport.bot_choose(this.id, seat, step)
      );
    } finally {
      this.options.measure?.("bot-think", start, { seat, step });
    }
  }

  /**
   * Send a decision that no person at this device makes (a bot's, another device's) to the
   * engine; while it is on its way a person's decision here waits for it (`applying`).
   * @param {number} seat @param {Action} action @param {number} step
   */
  async sendAct(seat, action, step) {
    const sending = this.transport.act(this.id, seat, JSON.stringify(action), step, this.shown());
    this.applying = sending;
    try {
      return await sending;
    } finally {
      if (this.applying === sending) this.applying = null;
    }
  }

  /**
   * Apply a bot's chosen action at the step it chose it for; null if that did not happen.
   * @param {number} seat @param {Action} action @param {number} step @param {number} gen
   */
  async applyBot(seat, action, step, gen) {
    const reply = await this.sendAct(seat, action, step);
    this.check(gen);
    if (!reply.ok) {
      if (reply.error_type !== "StaleView") await this.tell({ type: "error", reply, bot: true });
      return null;
    }
    this.status = reply.status;
    this.joinTail(reply.tail);
    return reply;
  }

  /** Ask each bot that may act but is not awaited (Tea) once per step; it may decline. A
   *  person's decision on its way wins: the bot is asked again from the position it leaves.
   *  Answers the last action applied (the screen to show), if any. @param {number} gen */
  async askOptionalBots(gen) {
    /** @type {ActReply | null} */
    let last = null;
    for (;;) {
      const status = this.status;
      if (status.over || this.busy || this.readOnly) return last;
      const awaited = awaitedSeats(status);
      if (!this.asked || this.asked.step !== status.step) this.asked = { step: status.step, seats: new Set() };
      const asked = this.asked;
      const seat = status.actors.find((s) => !awaited.includes(s) && this.botHere(s) && !asked.seats.has(s));
      if (seat === undefined) return last;
      asked.seats.add(seat);
      const choice = await this.think(seat, status.step, false);
      this.check(gen);
      if (!choice.ok) {
        if (choice.error_type !== "StaleView") await this.tell({ type: "error", reply: choice, bot: true });
        return last;
      }
      if (!choice.action) continue;
      if (this.busy || this.status.step !== status.step) return last;
      const applied = await this.applyBot(seat, choice.action, status.step, gen);
      if (!applied) return last;
      last = applied;
    }
  }

  // ------------------------------------------------------------------ hints

  /** Whether the table allows hints (the lobby may set one up without). */
  hintsAllowed() {
    return this.options.hints !== false && !this.record?.no_hints;
  }

  /** Whether the person on screen may ask for a hint now. */
  mayHint() {
    return this.hintsAllowed() && !this.busy && !this.readOnly && !this.status.over && !this.hinting &&
      this.seat >= 0 && !this.isBot(this.seat) && this.legal.length > 0;
  }

  /** How many hints each seat has asked for (from the record, which keeps them). */
  hintsUsed() {
    const used = this.seats.map(() => 0);
    for (const [seat] of this.record?.hints ?? []) if (seat >= 0 && seat < used.length) used[seat]++;
    return used;
  }

  /** Ask the engine what the Strong bot would do in the person's seat on screen, and why. It
   *  never acts: the person makes the move (or another). A hint that arrives after the table
   *  moved on (a decision, an undo, another seat on screen) is dropped. */
  async hint() {
    if (!this.mayHint()) return;
    const gen = this.generation;
    const { seat } = this;
    const step = this.status.step;
    this.hinting = { seat, step };
    this.hintShown = null;
    await this.tell({ type: "hint" });
    /** @type {Reply<HintReply>} */
    let reply;
    try {
      reply = await this.transport.hint(this.id, seat, step);
    } finally {
      this.hinting = null;
    }
    const current = gen === this.generation && this.seat === seat && this.status.step === step;
    if (current && reply.ok) {
      this.hintShown = { seat, step, action: reply.action, why: reply.why };
      if (this.record) this.record.hints = reply.hints;
    } else if (current && reply.error_type !== "StaleView") {
      await this.tell({ type: "error", reply });
    }
    await this.tell({ type: "hint" });
    if (current && reply.ok) await this.autosave(gen);
  }

  // ------------------------------------------------------------------ undo and the record

  /** Whether undo is offered at all: not when the match is seen on other devices, whose people
   *  saw the decision. */
  mayUndo() {
    return !this.busy && !this.readOnly && this.away.size === 0;
  }

  /** Take back the shown person's last decision (the engine's undo policy decides). */
  async undo() {
    if (!this.mayUndo()) return;
    const gen = this.bump();
    await this.setBusy(true);
    let reply;
    try {
      reply = await this.transport.undo(this.id, this.shown());
    } finally {
      await this.setBusy(false);
    }
    if (gen !== this.generation) return;
    /** @type {SeatScreen | null} */
    let screen = null;
    if (!reply.ok) await this.tell({ type: "error", reply });
    else {
      this.status = reply.status;
      this.record = reply.record;
      screen = reply;
      await this.tell({ type: "undone" });
    }
    await this.run((g) => this.refresh(g, screen), gen);
  }

  /** The record as it stands: the store's own copy, asked of the engine only if that copy was
   *  lost. `quiet`: a refusal is not shown (the autosave). @param {{quiet?: boolean}} [how] */
  async currentRecord({ quiet = false } = {}) {
    if (this.record && this.record.actions.length === this.status.step) return this.record;
    const reply = await this.transport.export_record(this.id);
    if (!reply.ok) {
      if (!quiet) await this.tell({ type: "error", reply });
      return null;
    }
    this.record = reply.record;
    return reply.record;
  }

  // ------------------------------------------------------------------ the automatic save

  /** Keep the match on this device; resolves once written. Another tab may have written this
   *  game since: see reconcile. @param {number} gen */
  async autosave(gen = this.generation) {
    const saves = this.options.saves;
    if (this.readOnly || !saves) return;
    const record = await this.currentRecord({ quiet: true });
    if (!record || gen !== this.generation) return;
    const status = this.status;
    // A finished game keeps who won (public once it is over) for the lobby's finished games.
    const winners = status.over ? this.view?.outcome?.winners : undefined;
    const across = this.options.across;
    const game = { record, over: status.over, game: this.game, step: status.step, ...(winners ? { winners } : {}), ...(across ? { across } : {}) };
    const result = saves.write(this.save.id, game, this.save.version);
    if (result.status === "moved") {
      await this.reconcile(result.save);
      return;
    }
    const was = this.saving;
    if (result.status !== "unchanged" && result.removed) await this.tell({ type: "notice", id: "shell.saving.made_room", args: { count: result.removed } });
    if (result.status === "failed") {
      this.saving = result.reason;
      // Said once when it starts: the save status keeps saying it while it lasts.
      if (result.reason === "full" && was !== "full") await this.tell({ type: "notice", id: "shell.saving.full_notice" });
    } else {
      this.save.version = result.version;
      this.save.text = recordText(record);
      this.saving = "saved";
    }
    if (this.saving !== was) await this.tell({ type: "saving" });
  }

  /** Another tab wrote this match's save (`save`, its version now). If this store holds no
   *  move of its own that the save lacks, it becomes read-only; otherwise (both moved at the
   *  same moment) its line is kept as a game of its own, so no move is ever dropped.
   *  @param {Save} save */
  async reconcile(save) {
    if (this.readOnly || save.version === this.save.version) return;
    const record = this.record;
    if (!record || !hasUnsavedMoves(this.save.text, record)) {
      await this.setReadOnly(true);
      return;
    }
    this.save = { id: newSaveId(), version: null, text: null };
    this.options.saves?.setTabGame(this.save.id);
    await this.tell({ type: "notice", id: "shell.tabs.forked" });
    await this.autosave();
  }

  /** Read-only: the table stays as it is and nobody (person or bot) can act here.
   *  @param {boolean} on */
  async setReadOnly(on) {
    if (this.readOnly === on) return;
    this.readOnly = on;
    if (on) {
      this.bump(); // a bot about to move here stops
      this.busy = false;
    }
    await this.tell({ type: "readonly" });
  }

  /** The match was taken over here from another tab: claim its save, so the other tab hears
   *  of it and becomes read-only. @param {Save} save */
  claim(save) {
    const { record, over, game, step, winners } = save;
    const claimed = this.options.saves?.write(save.id, { record, over, game, step, ...(winners ? { winners } : {}) }, save.version, { claim: true });
    if (claimed?.status === "written") this.save.version = claimed.version;
  }

  /** Close the match in the engine, and end its flows. */
  close() {
    this.stop();
    this.transport.close(this.id);
  }
}
