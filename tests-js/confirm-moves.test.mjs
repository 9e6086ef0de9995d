// "Confirm moves": web/js/confirm-moves.js.
import assert from "node:assert/strict";
import { describe, it } from "node:test";

import { StagedMove, keepConfirm, storedConfirm } from "../web/js/confirm-moves.js";
import { blocked, memory } from "./fake-storage.mjs";

describe("the Confirm moves setting", () => {
  it("is on for a touch screen and off for a mouse until chosen", () => {
    assert.equal(storedConfirm(memory(), true), true);
    assert.equal(storedConfirm(memory(), false), false);
  });

  it("keeps the choice across visits, either way", () => {
    const storage = memory();
    assert.equal(keepConfirm(storage, false), true);
    assert.equal(storedConfirm(storage, true), false);
    keepConfirm(storage, true);
    assert.equal(storedConfirm(storage, false), true);
  });

  it("reads anything else as the screen's default, and survives storage missing or blocked", () => {
    const storage = memory();
    storage.setItem("pygames:confirm", "maybe");
    assert.equal(storedConfirm(storage, true), true);
    assert.equal(storedConfirm(null, false), false);
    assert.equal(storedConfirm(blocked, true), true);
    assert.equal(keepConfirm(blocked, true), false);
    assert.equal(keepConfirm(null, true), false);
  });
});

describe("a staged move", () => {
  const place = { type: "place", seat: 1, x: 0, y: 2 };

  it("is staged at the first press and sent at the second press of the same move", () => {
    const staged = new StagedMove();
    assert.equal(staged.press(place, 0, 7), "staged");
    assert.deepEqual(staged.at(7), { action: place, seat: 0, step: 7 });
    // The same move with its keys in another order is the same move.
    assert.equal(staged.press({ y: 2, x: 0, seat: 1, type: "place" }, 0, 7), "send");
    assert.equal(staged.at(7), null);
  });

  it("moves to another move pressed instead, which then needs its own second press", () => {
    const staged = new StagedMove();
    staged.press(place, 0, 7);
    const other = { ...place, x: 1 };
    assert.equal(staged.press(other, 0, 7), "staged");
    assert.equal(staged.press(place, 0, 7), "staged");
    assert.equal(staged.press(place, 0, 7), "send");
  });

  it("is not confirmed by another seat, nor at another step: a new step forgets it", () => {
    const staged = new StagedMove();
    staged.press(place, 0, 7);
    assert.equal(staged.press(place, 1, 7), "staged");
    assert.equal(staged.press(place, 1, 8), "staged");
    assert.equal(staged.at(9), null);
    assert.equal(staged.press(place, 1, 9), "staged");
  });

  it("is taken once by the Confirm button, and cancelled by clear", () => {
    const staged = new StagedMove();
    staged.press(place, 0, 3);
    assert.deepEqual(staged.take(), { action: place, seat: 0, step: 3 });
    assert.equal(staged.take(), null);
    staged.press(place, 0, 3);
    staged.clear();
    assert.equal(staged.at(3), null);
    assert.equal(staged.press(place, 0, 3), "staged");
  });
});

describe("an order staged whole (Tanbo's sowing)", () => {
  const snake = { type: "place", token: "snake" };
  const red = { type: "place", token: "red" };

  it("grows press by press for the same seat and step, and is taken whole", () => {
    const staged = new StagedMove();
    assert.deepEqual(staged.orderWith(snake, 0, 4), [snake]);
    staged.stageOrder([snake], 0, 4);
    const order = staged.orderWith(red, 0, 4);
    assert.deepEqual(order, [snake, red]);
    staged.stageOrder(order, 0, 4);
    order.push(snake); // the staged order is its own copy
    assert.deepEqual(staged.at(4)?.order, [snake, red]);
    assert.deepEqual(staged.take(), { action: red, seat: 0, step: 4, order: [snake, red] });
    assert.equal(staged.at(4), null);
  });

  it("starts again for another seat or step, after a single move, and is forgotten at a new step", () => {
    const staged = new StagedMove();
    staged.stageOrder([snake], 0, 4);
    assert.deepEqual(staged.orderWith(red, 1, 4), [red]);
    assert.deepEqual(staged.orderWith(red, 0, 5), [red]);
    staged.press(snake, 0, 4);
    assert.deepEqual(staged.orderWith(red, 0, 4), [red]);
    staged.stageOrder([snake, red], 0, 4);
    assert.equal(staged.at(5), null);
  });
});
