// Plays presses on the page's device in node, headless, as the page would run it.
//
//   node web/test/node_game.mjs DIST PRESSES.json
//
// PRESSES.json: {"turns": [[[button, ms], ...], ...], "gap": ms}. Each press holds the button
// for ms, then lets go for `gap` ms, on the real clock (the port's asyncio runs on JS timers),
// while a frame is asked for every 16 ms, as the page's animation frames do (device.frame()).
// After each turn it prints one line of JSON: {"turn": n, "game": the state the link would
// give, "cpu_ms": CPU time the turn took}. The flash goes to an in-memory store, as IndexedDB
// would keep it; the last line says which files the store and the flash hold differently.
// With "words": true, each lit frame shown also gives a line {"frame": its RAM in hex, "words":
// the words the page reads off it (panel_words.js), "buttons": what each button does now}.
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";
import { allCode } from "./code.mjs";

const [dist, pressesFile] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(dist, "mp/micropython.mjs")));
const { PageBoard, unpack } = await import(pathToFileURL(path.join(dist, "device.js")));
const { makeFont, panelWords, buttonMeanings } = await import(pathToFileURL(path.join(dist, "panel_words.js")));
const code = allCode(dist, unpack);
const flash = new Map();
const store = {
  async load() {
    return [...flash];
  },
  async apply(changed, removed) {
    for (const [p, b] of changed) flash.set(p, b);
    for (const p of removed) flash.delete(p);
  },
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const started = performance.now();
const device = new PageBoard({
  loadMicroPython,
  code,
  store,
  onStop: (why) => {
    console.log(JSON.stringify({ stopped: why }));
    process.exit(3);
  },
  say: (line) => console.error("device: " + line),
});
await device.start();
const { turns, gap, words: wanted } = JSON.parse(fs.readFileSync(pressesFile));
const words = wanted ? makeFont(device.boot.font()) : null; // {"words": true}: a line per frame
// The page asks for a frame at every animation frame, and the store gets what was written before it.
let framing = false;
setInterval(async () => {
  if (framing) return;
  framing = true;
  try {
    const panel = await device.frame();
    if (panel && words && panel.on) {
      // the frame as the panel's RAM holds it (MONO_VLSB), and the words the page reads off it
      const vlsb = new Uint8Array(1024);
      panel.lit.forEach((on, i) => on && (vlsb[(i % 128) + 128 * ((i >> 7) >> 3)] |= 1 << ((i >> 7) & 7)));
      const said = panelWords(panel.lit, words);
      console.log(JSON.stringify({ frame: Buffer.from(vlsb).toString("hex"), words: said, buttons: buttonMeanings(said) }));
    }
  } finally {
    framing = false;
  }
}, 16);
while (!device.panel().on) await sleep(5);
console.log(JSON.stringify({ first_frame_ms: performance.now() - started }));
for (let n = 0; n < turns.length; n++) {
  const cpu = process.cpuUsage();
  for (const [button, ms] of turns[n]) {
    device.press(button);
    await sleep(ms);
    device.release(button);
    await sleep(gap);
  }
  await sleep(300);
  await device.settle();
  const used = process.cpuUsage(cpu);
  console.log(JSON.stringify({ turn: n + 1, game: device.state(), presses: turns[n].length, cpu_ms: (used.user + used.system) / 1000 }));
}
// What the store holds is the whole flash, byte for byte (settle copies only what was written).
await device.settle();
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const onFlash = device.files();
const differ = [...new Set([...onFlash.keys(), ...flash.keys()])].filter((p) => !flash.has(p) || !onFlash.has(p) || !same(flash.get(p), onFlash.get(p)));
// The BG Stats link the page offers once the game is over ("" before), at a fixed time.
const bgstats = device.boot.bgstats_link(1790000000, 1790002400, false, "2026-09-21 14:13 (UTC+00:00)", "2026-09-21 14:13:20");
console.log(JSON.stringify({ store_differs: differ, files: onFlash.size, bgstats }));
process.exit(0);
