// The page's promise, checked with a store that stops finishing its writes: after a press,
// the firmware acts, but no frame of it is given to the page to draw while the write hangs.
//
//   node web/test/node_store_gate.mjs DIST
//
// Prints one line of JSON: {"rolled": the roll was made, "frames_while_unstored": n,
// "frames_once_stored": n}.
import fs from "fs";
import path from "path";
import { pathToFileURL } from "url";
import { allCode } from "./code.mjs";

const [dist] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(path.join(dist, "mp/micropython.mjs")));
const { PageBoard, unpack } = await import(pathToFileURL(path.join(dist, "device.js")));
const code = allCode(dist, unpack);
let hang = null; // while set, writes wait for it
const store = {
  async load() {
    return [];
  },
  async apply() {
    if (hang) await hang.promise;
  },
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const device = new PageBoard({ loadMicroPython, code, store, onStop: (why) => console.error("stopped: " + why) });
await device.start();
const frames = async (ms) => {
  let n = 0;
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const shown = await Promise.race([device.frame(), sleep(50).then(() => null)]);
    if (shown) n++;
    await sleep(10);
  }
  return n;
};
await frames(800); // the first screen, stored and shown
let release;
hang = { promise: new Promise((resolve) => (release = resolve)) };
device.press("OK");
await sleep(80);
device.release("OK");
const whileUnstored = await frames(1200);
const rolled = device.state().state.track[0].rolls.length === 1;
hang = null;
release();
const onceStored = await frames(800);
console.log(JSON.stringify({ rolled, frames_while_unstored: whileUnstored, frames_once_stored: onceStored }));
process.exit(0);
