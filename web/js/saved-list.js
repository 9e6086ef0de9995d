// The lobby's list of the games saved on this device: each can be opened, renamed, downloaded
// or deleted, and a damaged one says what is wrong and can still be downloaded or deleted.
// Deleting asks once more in the row itself. The list draws from web/js/saves.js and acts
// through the handlers the shell gives it; it holds no state of its own beyond the row being
// renamed or about to be deleted.

import { bidiNodes, isolate } from "./bidi.js";
import { gameById } from "./catalog.js";
import { el } from "./dom.js";
import { join, language, say, t } from "./i18n.js";
import { displayName } from "./words.js";
/** @import { Save, SaveEntry } from "./types.js" */

/** A game's title in the reader's words, or its id. @param {string | null} id */
export const titleOf = (id) => {
  const title = id ? gameById(id)?.title : null;
  return title ? t(title) : id ?? t("shell.saved.unknown_game");
};

/** When a save was written, in the reader's words. @param {number} time */
export const when = (time) => {
  if (!time) return "";
  try {
    return new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" }).format(time);
  } catch {
    return new Date(time).toISOString();
  }
};

/** What is wrong with a damaged save, in the reader's words. @param {SaveEntry} entry */
export function damageText(entry) {
  if (entry.problem === "refused" && entry.broken) return say(entry.broken);
  if (entry.problem === "mismatch") {
    const label = titleOf(entry.game);
    return t("shell.saved.mismatch", { game: label });
  }
  return t("shell.saved.unreadable");
}

/**
 * Who won a finished save, in the reader's words; null when it is not over or does not say
 * soundly (an older save, or seats that are not its own: storage is not trusted).
 * @param {Save} save
 */
export function wonBy(save) {
  const seats = save.record.seats ?? [];
  const winners = /** @type {unknown} */ (save.winners);
  if (!save.over || !Array.isArray(winners)) return null;
  const sound = winners.every((w) => Number.isInteger(w) && w >= 0 && w < seats.length) && new Set(winners).size === winners.length;
  if (!sound) return null;
  if (winners.length === 0) return t("shell.saved.no_winner");
  const names = winners.map((/** @type {number} */ w) => displayName(seats[w]?.name, w));
  return t("shell.saved.won_by", { names: join(names) });
}

/**
 * @typedef {object} SavedListHandlers
 * @property {() => SaveEntry[]} entries every save, as Saves.entries answers
 * @property {(save: Save) => void} open
 * @property {(id: string, name: string) => void} rename
 * @property {(entry: SaveEntry) => void} download
 * @property {(id: string) => void} remove
 */

export class SavedList {
  /** @param {HTMLElement} root @param {SavedListHandlers} handlers */
  constructor(root, handlers) {
    this.root = root;
    this.handlers = handlers;
    /** @type {string | null} the row being renamed */
    this.renaming = null;
    /** @type {string | null} the row asking whether to delete */
    this.deleting = null;
  }

  /** Draw the list again (after any change, or in another language). */
  draw() {
    const entries = this.handlers.entries();
    this.root.hidden = entries.length === 0;
    // Games to go on with first; then the finished ones, the history of who won, newest first.
    const finished = entries.filter((e) => e.save?.over);
    const open = entries.filter((e) => !e.save?.over);
    /** @param {SaveEntry[]} group @param {string} heading @param {string} kind */
    const part = (group, heading, kind) => {
      if (!group.length) return [];
      const list = el("ul", { class: "saved-list-items", "aria-labelledby": `saved-${kind}-title` });
      for (const entry of group) list.append(this.row(entry));
      return [el("h4", { id: `saved-${kind}-title`, class: "saved-group", text: t(heading, { count: group.length }) }), list];
    };
    this.root.replaceChildren(
      el("h3", { id: "saved-list-title", text: t("shell.saved.title", { count: entries.length }) }),
      ...part(open, "shell.saved.open_group", "open"),
      ...part(finished, "shell.saved.finished_group", "finished"),
    );
  }

  /** @param {SaveEntry} entry */
  row(entry) {
    const item = el("li", { class: "saved-item", "data-save": entry.id });
    const save = entry.save;
    if (!save) {
      item.classList.add("damaged");
      item.append(
        el("p", { class: "saved-name", text: t("shell.saved.damaged", { game: titleOf(entry.game) }) }),
        el("p", { class: "saved-meta", text: damageText(entry) }),
      );
    } else {
      item.classList.toggle("over", save.over);
      const title = save.name ?? titleOf(save.game);
      const players = (save.record.seats ?? []).map((s, i) => displayName(s.name, i));
      const meta = [
        save.name ? titleOf(save.game) : null,
        wonBy(save),
        t(save.over ? "shell.saved.finished_after" : "shell.saved.move", { step: save.step }),
        players.join(", "),
        when(save.time),
      ].filter(Boolean).join(" · ");
      if (this.renaming === entry.id) {
        item.append(this.renameForm(save, title));
      } else {
        item.append(el("p", { class: "saved-name" }, el("bdi", { text: title })), el("p", { class: "saved-meta" }, ...bidiNodes(meta)));
      }
    }
    item.append(this.deleting === entry.id ? this.confirmDelete(entry) : this.buttons(entry));
    return item;
  }

  /** @param {SaveEntry} entry */
  buttons(entry) {
    const save = entry.save;
    // A name the player gave a save is theirs: isolated in the labels it stands in.
    const title = save ? (save.name ? isolate(save.name) : titleOf(save.game)) : titleOf(entry.game);
    const box = el("div", { class: "saved-actions" });
    if (save) {
      const open = el("button", {
        type: "button",
        class: "primary",
        text: t(save.over ? "shell.saved.open" : "shell.saved.resume"),
        "aria-label": t(save.over ? "shell.saved.open_named" : "shell.lobby.resume_other", { game: title, step: save.step }),
      });
      open.addEventListener("click", () => this.handlers.open(save));
      const rename = el("button", { type: "button", text: t("shell.saved.rename"), "aria-label": t("shell.saved.rename_named", { game: title }) });
      rename.addEventListener("click", () => {
        this.renaming = entry.id;
        this.deleting = null;
        this.draw();
        /** @type {HTMLInputElement | null} */ (this.root.querySelector(`[data-save="${entry.id}"] input`))?.focus();
      });
      box.append(open, rename);
    }
    const download = el("button", { type: "button", text: t("shell.saved.download"), "aria-label": t("shell.saved.download_named", { game: title }) });
    download.addEventListener("click", () => this.handlers.download(entry));
    const remove = el("button", { type: "button", class: "danger", text: t("shell.saved.delete"), "aria-label": t("shell.saved.delete_named", { game: title }) });
    remove.addEventListener("click", () => {
      this.deleting = entry.id;
      this.renaming = null;
      this.draw();
      /** @type {HTMLButtonElement | null} */ (this.root.querySelector(`[data-save="${entry.id}"] .confirm-keep`))?.focus();
    });
    box.append(download, remove);
    return box;
  }

  /** @param {SaveEntry} entry */
  confirmDelete(entry) {
    const yes = el("button", { type: "button", class: "danger", text: t("shell.saved.delete_yes") });
    const no = el("button", { type: "button", class: "confirm-keep", text: t("shell.saved.delete_no") });
    yes.addEventListener("click", () => {
      this.deleting = null;
      this.handlers.remove(entry.id);
      this.draw();
    });
    no.addEventListener("click", () => {
      this.deleting = null;
      this.draw();
    });
    const what = entry.save && !entry.save.over ? "shell.saved.delete_unfinished" : "shell.saved.delete_ask";
    return el("div", { class: "saved-actions confirm", role: "group", "aria-label": t(what) }, el("p", { text: t(what) }), yes, no);
  }

  /** @param {Save} save @param {string} title */
  renameForm(save, title) {
    const input = el("input", { type: "text", value: title, maxlength: "40", "aria-label": t("shell.saved.new_name"), autocomplete: "off" });
    const ok = el("button", { type: "submit", class: "primary", text: t("shell.saved.rename_ok") });
    const cancel = el("button", { type: "button", text: t("shell.saved.rename_cancel") });
    const form = el("form", { class: "saved-rename" }, input, ok, cancel);
    const done = () => {
      this.renaming = null;
      this.draw();
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      event.stopPropagation(); // not the lobby's form
      const name = input.value.trim() === titleOf(save.game) ? "" : input.value;
      this.handlers.rename(save.id, name);
      done();
    });
    cancel.addEventListener("click", done);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        done();
      }
    });
    return form;
  }
}
