// What a settle costs the page with many games kept: the page's way (only the files the firmware
// wrote, device.settle()) beside reading and comparing the whole flash after every frame (the
// page's way before issue 43 item 15, kept here as the anchor).
//
//   node bench/web_settle.mjs DIST GAMES
//
// The flash holds GAMES files of 3,000 B (a finished game's snapshot is about that); each round
// the firmware's side rewrites one file. Prints {"files", "whole_flash_ms", "written_only_ms"}.
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";
import { allCode } from "../web/test/code.mjs";

const [dist, games] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(dist, "mp/micropython.mjs")));
const { PageBoard, unpack } = await import(pathToFileURL(path.join(dist, "device.js")));
const flash = new Map();
for (let i = 0; i < Number(games); i++) flash.set(`saved/old${i}.bak`, new Uint8Array(3000).fill(i & 0xff));
const store = {
  async load() {
    return [...flash];
  },
  async apply(changed, removed) {
    for (const [p, b] of changed) flash.set(p, b);
    for (const p of removed) flash.delete(p);
  },
};
const code = allCode(dist, unpack);
const device = new PageBoard({ loadMicroPython, code, store });
await device.start();
await new Promise((done) => setTimeout(done, 500)); // the firmware's boot writes, settled below
await device.settle();
const ROUNDS = 200;
const rewrite = (n) => device.mp.FS.writeFile("/flash/saved/old1.bak", new Uint8Array(3000).fill(n & 0xff));
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
let started = performance.now();
for (let n = 0; n < ROUNDS; n++) {
  rewrite(n);
  const changed = [...device.files()].filter(([p, bytes]) => !device.synced.has(p) || !same(device.synced.get(p), bytes));
  for (const [p, bytes] of changed) device.synced.set(p, bytes);
}
const whole = (performance.now() - started) / ROUNDS;
started = performance.now();
for (let n = 0; n < ROUNDS; n++) {
  rewrite(n + 1);
  device.dirty.add("saved/old1.bak"); // as web_boot marks a file the firmware writes
  await device.settle();
}
const written = (performance.now() - started) / ROUNDS;
console.log(JSON.stringify({ files: device.files().size, whole_flash_ms: whole, written_only_ms: written }));
process.exit(0);
