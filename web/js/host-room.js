// The host's room before a match across devices: a deal committed to, an invitation for each
// seat played on another device (a link carrying the connection offer in its fragment, never
// sent to any server), the guests' answer codes pasted back, and who is connected. Once every
// invited guest has joined (and so sent its salt) the host starts the match; the room's
// PeerHost then carries the match to the guests for the whole game.
//
// Through a signalling server the host chose (peer-meet.js), an invitation link carries the
// server and the room instead of an offer: the guest's device asks the host there for one, and
// comes back by itself after a drop or after the host's reload.

import { $, el } from "./dom.js";
import { t } from "./i18n.js";
import { keep, readKept } from "./kept.js";
import { MeetingHost, hostId, iceServersOf, isRoomCode, meetingProblem, roomCode } from "./peer-meet.js";
import { SignalError, SignalSeat, randomHex, socketAddress } from "./peer-signal.js";
import { PeerCodeError, complete, invite, whenLost } from "./peer-link.js";
import { PeerHost } from "./peer-host.js";
import { WATCHER, randomKey } from "./peer-protocol.js";
import { loadEncoder, qrSvg } from "./qr.js";
import { loadReader, scanQr } from "./qr-scan.js";
import { displayName } from "./words.js";
/** @import { AcrossSave, DealReply, LobbyConfig, Limits, MeetingSave } from "./types.js" */
/** @import { Match } from "./match.js" */
/** @import { PeerLink } from "./peer-link.js" */

/**
 * An invited seat in the room: its key, its link (a new one for each offer) and what its row
 * says.
 * A watcher's invitation has seat -1 and `id` "w1", "w2"...; a seat's, its seat number.
 * @typedef {{seat: number, id: string, key: string, link: PeerLink | null, status: {id: string, args?: Record<string, unknown>}}} Invitation
 */

/**
 * The invitation link for `seat`: this site's address with the offer and the seat's key in
 * its fragment.
 * @param {string} code @param {number} seat @param {string} key @param {Location | URL} [at]
 */
export function invitationLink(code, seat, key, at = location) {
  return withFragment(`join=${code}&seat=${seat}&key=${key}`, at);
}

/** This site's address (`at`, without its query) with fragment `fragment`.
 *  @param {string} fragment @param {Location | URL} at */
function withFragment(fragment, at) {
  const url = new URL(at.href);
  url.search = "";
  url.hash = fragment;
  return url.href;
}

/**
 * The invitation link for `seat` through a signalling server: the server and STUN server as
 * the host typed them, the room, and the seat's key, in the fragment.
 * @param {MeetingSave} meet @param {number} seat @param {string} key @param {Location | URL} [at]
 */
export function meetingLink(meet, seat, key, at = location) {
  const params = new URLSearchParams({ meet: meet.server, room: meet.room, seat: String(seat), key });
  if (meet.stun) params.set("stun", meet.stun);
  return withFragment(params.toString(), at);
}

/** Where this device keeps the last signalling and STUN servers typed, for the next room. */
const MEET_KEY = "pygames.meet";

/**
 * The meeting kept with a host's save, or null when there is none or it is not one.
 * @param {unknown} meet @returns {MeetingSave | null}
 */
export function keptMeeting(meet) {
  if (!meet || typeof meet !== "object") return null;
  const { server, stun, room, token } = /** @type {Record<string, unknown>} */ (meet);
  const typed = (/** @type {unknown} */ v) => typeof v === "string" && v.length <= 300;
  if (!typed(server) || !typed(stun) || !isRoomCode(room) || typeof token !== "string" || !/^[0-9a-f]{16}$/.test(token)) return null;
  if (meetingProblem(/** @type {string} */ (server), /** @type {string} */ (stun))) return null;
  return /** @type {MeetingSave} */ ({ server, stun, room, token });
}

export class HostRoom {
  /**
   * @param {{
   *   engine: Pick<import("./types.js").Engine, "view">,
   *   config: LobbyConfig,
   *   deal: DealReply,
   *   limits: Limits,
   *   showRoom: () => void,
   *   log?: (entry: {seat: number | null, refused: string}) => void,
   *   kept?: AcrossSave | null,
   *   storage?: Storage | null,
   * }} options `showRoom`: bring the room back on screen during the match (to invite again);
   *   `kept`: the match is reopened after a reload, with the keys and salts it was dealt with
   *   (and the signalling server it met through); `storage`: where the servers typed are kept
   */
  constructor({ engine, config, deal, limits, showRoom, log, kept = null, storage = null }) {
    this.storage = storage;
    /** @type {MeetingSave | null} the signalling server this room meets through, if any */
    this.meet = kept?.meet ?? null;
    /** @type {MeetingHost | null} the room held at that server now */
    this.meeting = null;
    /** @type {{id: string, args?: Record<string, unknown>} | null} what the meeting part says */
    this.meetStatus = null;
    /** Whether the room was closed (a server that went away is not reached again). */
    this.closed = false;
    this.engine = engine;
    this.config = config;
    this.deal = deal;
    this.showRoom = showRoom;
    /** @type {Match | null} the match, once dealt */
    this.match = null;
    /** @type {Map<number, Invitation>} */
    this.invitations = new Map(
      (config.away ?? []).map((seat) => {
        const key = kept?.keys[String(seat)] ?? randomKey();
        // Reopened: every guest is away until invited again.
        const status = { id: kept ? "shell.peer.invite.left" : "shell.peer.invite.making" };
        return [seat, { seat, id: String(seat), key, link: null, status }];
      }),
    );
    this.host = new PeerHost({
      commitment: deal.commitment,
      keys: new Map([...this.invitations.values()].map((i) => [i.seat, i.key])),
      salts: new Map(Object.entries(kept?.salts ?? {}).map(([seat, salt]) => [Number(seat), salt])),
      limits,
      step: () => this.match?.status.step ?? 0,
      tableFor: (seat) => this.tableFor(seat),
      decide: async (seat, action, step) => (this.match ? this.match.remoteAct(seat, action, step) : { ok: false, error: "not dealt" }),
      log: (entry) => {
        // The host's own record of what a guest sent that was refused.
        console.info("pygames: refused from a guest", entry);
        log?.(entry);
      },
      joined: (seat) => this.#say(seat, "shell.peer.invite.joined"),
      left: (seat) => this.#say(seat, "shell.peer.invite.left"),
    });
    /** Whether the secret was revealed (once, at the end). */
    this.revealed = false;
    /** @type {Invitation[]} the invitations to watch */
    this.watchers = [];
  }

  /** The name of seat `seat` as the lobby set it. @param {number} seat */
  nameOf(seat) {
    return displayName(this.config.seats[seat]?.name ?? "", seat);
  }

  /** Who invitation `inv` is for: its seat's name, or "Watcher n". @param {Invitation} inv */
  nameFor(inv) {
    return inv.seat === WATCHER ? t("shell.peer.watcher", { n: inv.id.slice(1) }) : this.nameOf(inv.seat);
  }

  /** Every invitation, the seats' then the watchers'. */
  all() {
    return [...this.invitations.values(), ...this.watchers];
  }

  /** A new invitation to watch the match (before it starts or during it). */
  async addWatcher() {
    const key = this.host.addWatcher();
    /** @type {Invitation} */
    const inv = { seat: WATCHER, id: `w${this.watchers.length + 1}`, key, link: null, status: { id: "shell.peer.invite.making" } };
    this.watchers.push(inv);
    this.draw();
    await this.#offer(inv);
  }

  /** Make every invitation (each gathers its local addresses: a few seconds at most). */
  async open() {
    this.draw();
    await Promise.all([...this.invitations.values()].map((i) => this.#offer(i)));
  }

  /** A new offer for invitation `inv` (the first, or after its link was lost before the deal).
   *  @param {Invitation} inv */
  async #offer(inv) {
    inv.link = await invite();
    const link = inv.link;
    inv.status = { id: "shell.peer.invite.waiting" };
    this.draw();
    this.#linked(link);
  }

  /**
   * The guest's answer to invitation `inv`, pasted or scanned by the host: the link then
   * opens. A code that is not an answer is refused in words and changes nothing.
   * @param {Invitation} inv @param {string} code
   */
  async connect(inv, code) {
    if (!inv.link) return;
    try {
      await complete(inv.link, code);
      inv.status = { id: "shell.peer.invite.linking" };
    } catch (error) {
      inv.status = { id: error instanceof PeerCodeError ? error.reason : "shell.peer.code.damaged" };
    }
    this.draw();
  }

  /**
   * A new invitation for seat `seat`, whose guest dropped (or never came): a new link with the
   * same seat key. The guest's device keeps its salt and what it was shown, so the match and
   * its check at the end go on.
   * @param {number} seat
   */
  async reinvite(seat) {
    const inv = this.invitations.get(seat);
    if (!inv) return;
    const old = inv.link;
    inv.link = null;
    inv.status = { id: "shell.peer.invite.making" };
    old?.connection.close();
    const row = $("host-invites").querySelector(`[data-invite="${inv.id}"]`);
    row?.querySelector(".invite-qr")?.replaceChildren();
    const answer = /** @type {HTMLTextAreaElement | null | undefined} */ (row?.querySelector(".invite-answer"));
    if (answer) answer.value = "";
    this.draw();
    await this.#offer(inv);
  }

  /** @param {number} seat @param {string} id */
  #say(seat, id) {
    const inv = this.invitations.get(seat);
    if (inv) inv.status = { id };
    this.draw();
    this.drawPresence();
  }

  /** Whether every invited guest has joined (its salt is in): the match can be dealt. */
  ready() {
    return this.host.presence().every((p) => p.joined && p.connected);
  }

  /** The deal the match is made from: the secret and every guest's salt. */
  dealt() {
    return { secret: this.deal.secret, salts: this.host.salts() };
  }

  /** What the host keeps with the match's save, to reopen this table after a reload.
   *  @returns {AcrossSave} */
  kept() {
    const keys = Object.fromEntries([...this.invitations.values()].map((i) => [String(i.seat), i.key]));
    return { secret: this.deal.secret, commitment: this.deal.commitment, keys, salts: this.host.salts(), ...(this.meet ? { meet: this.meet } : {}) };
  }

  /**
   * The match is dealt: from now on the room carries it to the guests.
   * @param {Match} match
   */
  play(match) {
    this.match = match;
    match.subscribe(async (event) => {
      if (event.type !== "screen" || this.match !== match) return;
      await this.host.publish();
      this.drawPresence();
      if (match.status.over && !this.revealed) {
        const record = await match.currentRecord({ quiet: true });
        if (!record) return;
        this.revealed = true;
        this.host.reveal(this.deal.secret, /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (record)));
      }
    });
  }

  /** What seat `seat` may see now, from the host's engine; none before the deal.
   *  @param {number} seat */
  async tableFor(seat) {
    const match = this.match;
    if (!match || (seat !== WATCHER && !match.away.has(seat))) return null;
    const reply = await this.engine.view(match.id, seat);
    if (!reply.ok) return null;
    return { step: reply.status.step, seat, status: reply.status, view: reply.view, legal: reply.legal, optional: reply.optional };
  }

  /** End the room: every link closes. */
  close() {
    this.match = null;
    this.closed = true;
    this.meeting?.close();
    this.meeting = null;
    for (const inv of this.all()) inv.link?.connection.close();
  }

  /**
   * Meet the guests through the signalling server `server` (and STUN server `stun`) as a person
   * typed them: the room opens there, and the invitation links carry it. An address that is not
   * one, or a server that does not take the room, is said in words, and nothing changes.
   * Answers whether the room is open there.
   * @param {string} server @param {string} stun
   */
  async meetAt(server, stun) {
    /** @type {MeetingSave} */
    const meet = { server: server.trim(), stun: stun.trim(), room: this.meet?.room ?? roomCode(), token: this.meet?.token ?? randomHex(8) };
    const problem = meetingProblem(meet.server, meet.stun);
    if (problem) {
      this.#sayMeeting(problem);
      return false;
    }
    const opened = await this.#openMeeting(meet);
    if (opened) keep(this.storage, MEET_KEY, JSON.stringify({ server: meet.server, stun: meet.stun }));
    return opened;
  }

  /** Open the room again at the server it met through before a reload (the guests come back
   *  by themselves). */
  async meetAgain() {
    if (this.meet) await this.#openMeeting(this.meet);
  }

  /** The servers typed for the last room on this device, to fill the fields. */
  lastServers() {
    try {
      const kept = JSON.parse(readKept(this.storage, MEET_KEY) ?? "null");
      return { server: typeof kept?.server === "string" ? kept.server : "", stun: typeof kept?.stun === "string" ? kept.stun : "" };
    } catch {
      return { server: "", stun: "" };
    }
  }

  /** @param {MeetingSave} meet */
  async #openMeeting(meet) {
    this.#sayMeeting("shell.peer.meet.opening");
    const seat = new SignalSeat(socketAddress(meet.server), hostId(meet.room), { token: meet.token });
    try {
      await seat.open();
    } catch (error) {
      this.#sayMeeting(error instanceof SignalError ? error.reason : "shell.peer.signal.unreachable");
      return false;
    }
    if (this.closed) {
      seat.close();
      return false;
    }
    this.meeting?.close();
    const meeting = new MeetingHost({ seat, iceServers: iceServersOf(meet.stun), linked: (link) => this.#linked(link) });
    this.meeting = meeting;
    this.meet = meet;
    // The save keeps the meeting, so that a reload opens the room again.
    if (this.match) this.match.options.across = this.kept();
    seat.onClosed = () => {
      if (this.meeting !== meeting || this.closed) return;
      this.#sayMeeting("shell.peer.meet.closed");
      setTimeout(() => {
        if (this.meeting === meeting && !this.closed) void this.#openMeeting(meet);
      }, 5000);
    };
    this.#sayMeeting("shell.peer.meet.open", { room: meet.room });
    return true;
  }

  /** A link, by code or through the server: its channel joins the host once open (its hello
   *  says which seat it is). @param {PeerLink} link */
  #linked(link) {
    link.channel.then(
      (channel) => {
        this.host.attach(channel);
        whenLost(link.connection, () => this.host.lost(channel));
      },
      () => {},
    );
  }

  /** @param {string} id @param {Record<string, unknown>} [args] */
  #sayMeeting(id, args) {
    this.meetStatus = { id, ...(args ? { args } : {}) };
    this.draw();
  }

  /** Draw the room's invitations in the reader's language, keeping what was typed. */
  draw() {
    $("host-commitment").textContent = this.deal.commitment;
    const list = $("host-invites");
    const watching = this.host.watchers;
    for (const inv of this.all()) {
      const { seat } = inv;
      const name = this.nameFor(inv);
      let row = /** @type {HTMLLIElement | null} */ (list.querySelector(`[data-invite="${inv.id}"]`));
      if (!row) {
        row = this.#row(inv);
        list.append(row);
      }
      const link = this.meet && this.meeting ? meetingLink(this.meet, seat, inv.key) : inv.link ? invitationLink(inv.link.code, seat, inv.key) : "";
      const linkInput = /** @type {HTMLInputElement} */ (row.querySelector(".invite-link"));
      if (linkInput.value !== link) {
        linkInput.value = link;
        if (link) void this.#drawQr(row, inv, link);
      }
      row.querySelector(".invite-qr svg")?.setAttribute("aria-label", t("shell.peer.invite.qr", { name }));
      /** @type {HTMLElement} */ (row.querySelector(".invite-name")).textContent = name;
      /** @type {HTMLElement} */ (row.querySelector(".invite-link-label")).textContent = t("shell.peer.invite.link", { name });
      /** @type {HTMLElement} */ (row.querySelector(".invite-answer-label")).textContent = t("shell.peer.invite.answer", { name });
      /** @type {HTMLButtonElement} */ (row.querySelector(".invite-copy")).textContent = t("shell.peer.invite.copy");
      /** @type {HTMLButtonElement} */ (row.querySelector(".invite-copy")).disabled = !link;
      const connect = /** @type {HTMLButtonElement} */ (row.querySelector(".invite-connect"));
      connect.textContent = t("shell.peer.invite.connect");
      const scan = /** @type {HTMLButtonElement} */ (row.querySelector(".invite-scan"));
      scan.textContent = t("shell.peer.invite.scan");
      /** @type {HTMLButtonElement} */ (row.querySelector(".invite-scan-stop")).textContent = t("shell.peer.invite.scan_stop");
      const connected = seat === WATCHER
        ? watching.some((w) => w.key === inv.key && w.channel !== null)
        : !!this.host.presence().find((p) => p.seat === seat)?.connected;
      connect.disabled = !inv.link || connected;
      scan.disabled = connect.disabled;
      const status = /** @type {HTMLElement} */ (row.querySelector(".invite-status"));
      // Through the server there is no answer to paste: the guest's device links by itself.
      const said = this.meeting && inv.status.id === "shell.peer.invite.waiting" ? "shell.peer.invite.meet_waiting" : inv.status.id;
      status.textContent = t(connected ? "shell.peer.invite.joined" : said, { name, ...inv.status.args });
      row.dataset.connected = String(connected);
      row.dataset.meet = String(!!this.meeting);
    }
    $("host-watch").textContent = t("shell.peer.room.watch");
    $("host-intro").textContent = t(this.meeting ? "shell.peer.room.intro_meet" : "shell.peer.room.intro");
    const meetSays = $("meet-status");
    meetSays.textContent = this.meetStatus ? t(this.meetStatus.id, this.meetStatus.args ?? {}) : "";
    meetSays.dataset.open = String(!!this.meeting);
    // During the match the room is for inviting again: its button goes back to the table.
    const ready = this.ready();
    $("host-start").disabled = !this.match && !ready;
    $("host-start").textContent = t(this.match ? "shell.peer.room.back" : "shell.peer.room.start");
    $("host-start-hint").textContent = t(this.match ? "shell.peer.room.playing" : ready ? "shell.peer.room.ready" : "shell.peer.room.waiting");
  }

  /** The invitation link's QR code in row `row` (a phone's camera opens it). Without the
   *  encoder (offline before it was kept) the link is still there to copy.
   *  @param {HTMLElement} row @param {Invitation} inv @param {string} link */
  async #drawQr(row, inv, link) {
    let svg;
    try {
      svg = qrSvg(await loadEncoder(), link, t("shell.peer.invite.qr", { name: this.nameFor(inv) }));
    } catch {
      return;
    }
    const box = /** @type {HTMLElement} */ (row.querySelector(".invite-qr"));
    if (/** @type {HTMLInputElement} */ (row.querySelector(".invite-link")).value === link) box.innerHTML = svg;
  }

  /** An invitation's row: the link to send, the answer to paste, and what is happening.
   *  @param {Invitation} inv */
  #row(inv) {
    const linkId = `invite-${inv.id}-link`;
    const answerId = `invite-${inv.id}-answer`;
    const link = el("input", { id: linkId, class: "invite-link code-text", type: "text", readonly: true });
    const copy = el("button", { type: "button", class: "invite-copy" });
    const answer = el("textarea", { id: answerId, class: "invite-answer code-text", rows: 3, autocomplete: "off", spellcheck: "false" });
    const connect = el("button", { type: "button", class: "invite-connect primary" });
    const status = el("p", { class: "invite-status", role: "status", "aria-live": "polite" });
    const note = el("p", { class: "invite-note hint", "aria-live": "polite" });
    copy.addEventListener("click", async () => {
      const name = this.nameFor(inv);
      try {
        await navigator.clipboard.writeText(link.value);
        note.textContent = t("shell.peer.invite.copied", { name });
      } catch {
        link.select();
        note.textContent = t("shell.peer.invite.select");
      }
    });
    connect.addEventListener("click", () => this.connect(inv, answer.value));
    // The guest's answer read by this device's camera, where it has one.
    const scan = el("button", { type: "button", class: "invite-scan" });
    const video = el("video", { class: "invite-video", "aria-hidden": "true" });
    const scanSays = el("p", { class: "invite-scan-text", "aria-live": "polite" });
    const stopScan = el("button", { type: "button", class: "invite-scan-stop" });
    const scanner = el("div", { class: "invite-scanner", hidden: true }, video, scanSays, stopScan);
    /** @type {(() => void) | null} */
    let stopping = null;
    stopScan.addEventListener("click", () => stopping?.());
    scan.addEventListener("click", async () => {
      if (stopping) return;
      const name = this.nameFor(inv);
      scanner.hidden = false;
      scanSays.textContent = t("shell.peer.invite.scanning", { name });
      try {
        const scanning = scanQr(video, (text) => text.startsWith("pg1a."), { reader: await loadReader() });
        stopping = scanning.stop;
        const text = await scanning.found;
        scanner.hidden = true;
        if (text !== null) {
          answer.value = text;
          await this.connect(inv, text);
        }
      } catch {
        scanSays.textContent = t("shell.peer.invite.no_camera");
      } finally {
        stopping = null;
      }
    });
    return el(
      "li",
      { class: "invite", "data-invite": inv.id, ...(inv.seat === WATCHER ? { "data-watch": "" } : { "data-seat": String(inv.seat) }) },
      el("h3", { class: "invite-name" }),
      el("label", { class: "invite-link-label", for: linkId }),
      el("div", { class: "invite-line" }, link, copy),
      note,
      el("div", { class: "invite-qr qr" }),
      el("label", { class: "invite-answer-label", for: answerId }),
      answer,
      el("div", { class: "actions" }, connect, scan),
      scanner,
      status,
    );
  }

  /** The table's line of who is connected and who is away, with a new invitation for each
   *  guest that is away. */
  drawPresence() {
    const line = $("peer-presence");
    if (!this.match) return;
    line.replaceChildren(
      ...this.host.presence().map((p) => {
        const name = this.nameOf(p.seat);
        const part = el("span", { class: "presence", "data-seat": String(p.seat), "data-connected": String(p.connected) },
          t(p.connected ? "shell.peer.presence.connected" : "shell.peer.presence.away", { name }));
        if (!p.connected) {
          const again = el("button", { type: "button", class: "presence-invite", text: t("shell.peer.presence.reinvite", { name }) });
          again.addEventListener("click", () => {
            this.showRoom();
            void this.reinvite(p.seat);
          });
          part.append(" ", again);
        }
        return part;
      }),
      ...(this.watchers.length ? [el("span", { class: "presence" }, t("shell.peer.presence.watching", { n: this.host.watching() }))] : []),
    );
    line.hidden = false;
  }
}
