// The page: the device's panel on a canvas, its four buttons, and the flash kept in IndexedDB.
import { loadMicroPython } from "./mp/micropython.mjs";
import { PageBoard, HEIGHT, WIDTH, unpack } from "./device.js";
import { openStore, StoreError } from "./store.js";
import { buttonMeanings, makeFont, panelWords } from "./panel_words.js";

const canvas = document.getElementById("panel");
const status = document.getElementById("status");
const context = canvas.getContext("2d");
const KEYS = { ArrowUp: "UP", ArrowDown: "DOWN", Enter: "OK", " ": "OK", Escape: "BACK", Backspace: "BACK" };
const WATCHDOG_CHECK_MS = 250;
// A finger's tap lasts tens of ms; a synthesized one can last none, and the firmware lets go of
// a contact's bounces for 20 ms after an edge it counts. A release comes this long after the press at the earliest.
const SHORTEST_PRESS_MS = 50;
const HOLD_AFTER_MS = 250; // a finger still on UP or DOWN this long holds it; a tap is shorter
// OK and BACK act when let go (firmware/buttons.py): a finger on them is held back until it
// lifts, a tap, or a long press once it has rested LONG_MS (the button shows it is reached). Then
// the pin goes down and stays LONG_PIN_MS, so that the device counts the long press it was given.
const LONG_MS = 600;
// The device counts a long press while the pin is down (a poll that comes only after the release
// sees a short one): a margin for a poll that a busy page runs late.
const LONG_PIN_MS = LONG_MS + 200;
const AT_RELEASE = new Set(["OK", "BACK"]);
const SLOP_PX = 16; // a finger this far past a button's edge has slid off it
const CODE_WAIT_MS = 3000; // the longest a press waits for the other games' code (a first visit)
const WAKE_MS = 80; // after the page's own tap that wakes a sleeping panel: the firmware lit it again
// The panel's words are read once it has held still this long (a held button's repeats don't
// make a screen reader speak each number): about a person's reaction time.
const WORDS_AFTER_MS = 250;

// A store write that failed, in one plain sentence (an IndexedDB error may come without a message).
function storageFailed(e) {
  const full = e && e.name === "QuotaExceededError";
  const why = full ? "the phone's storage is full" : "the browser would not store it";
  return `Your last move is not saved yet: ${why}. Trying again…`;
}

function say(text, problem = false) {
  status.textContent = text;
  status.classList.toggle("problem", problem);
}

// The page's landscape layout (index.html): the panel beside the buttons.
const LANDSCAPE = "(orientation: landscape) and (max-height: 540px)";
const SIDE_PX = 360; // the buttons' column at most (index.html's #side)

// Integer scaling in device pixels: every panel pixel is a whole square of the phone's pixels. In
// portrait the panel takes at most 45% of the height, so that the buttons sit in the lower half;
// in landscape it takes what the buttons' column leaves, and the height less its bezel.
//
// At a ratio like 2.625 a CSS size seldom comes to whole phone pixels (layout counts in 1/64 CSS
// px), and the browser stretches the canvas to it: a column comes out a pixel too wide. So the
// canvas holds a few more phone pixels than the panel needs, as many as a CSS size holds exactly,
// is moved onto whole pixels (snap), and the panel goes in at its whole scale, centred on black.
const panelImage = document.createElement("canvas");
panelImage.width = WIDTH;
panelImage.height = HEIGHT;
let lastPanel = null;

function exactly(pixels, ratio) {
  for (let n = pixels; n < pixels + 256; n++) {
    const units = (n * 64) / ratio;
    if (Math.abs(units - Math.round(units)) < 1e-6) return n;
  }
  return pixels;
}

function fit() {
  const ratio = window.devicePixelRatio || 1;
  const landscape = window.matchMedia(LANDSCAPE).matches;
  const width = landscape ? innerWidth - Math.min(SIDE_PX, innerWidth * 0.45) - 64 : Math.min(document.body.clientWidth - 44, 720);
  const height = landscape ? innerHeight - 40 : innerHeight * 0.45 - 36;
  const scale = Math.max(1, Math.floor(Math.min((width * ratio) / WIDTH, (height * ratio) / HEIGHT)));
  canvas.width = exactly(WIDTH * scale, ratio);
  canvas.height = exactly(HEIGHT * scale, ratio);
  canvas.style.width = canvas.width / ratio + "px";
  canvas.style.height = canvas.height / ratio + "px";
  canvas.dataset.scale = scale;
  canvas.dataset.left = Math.floor((canvas.width - WIDTH * scale) / 2);
  canvas.dataset.top = Math.floor((canvas.height - HEIGHT * scale) / 2);
  snap();
  if (lastPanel) paint();
}

// The canvas moved by the fraction of a phone pixel its place in the layout leaves it off.
function snap() {
  const ratio = window.devicePixelRatio || 1;
  canvas.style.transform = "";
  const box = canvas.getBoundingClientRect();
  const dx = Math.round(box.left * ratio) / ratio - box.left;
  const dy = Math.round(box.top * ratio) / ratio - box.top;
  if (dx || dy) canvas.style.transform = `translate(${dx}px, ${dy}px)`;
}

function paint() {
  snap(); // the layout may have moved it since (a line of text above it, the fonts)
  const { scale, left, top } = canvas.dataset;
  context.fillStyle = "#000";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingEnabled = false;
  context.drawImage(panelImage, Number(left), Number(top), WIDTH * scale, HEIGHT * scale);
}

function draw(panel) {
  const image = new ImageData(WIDTH, HEIGHT);
  // the panel's contrast dims the lit pixels, as the OLED's does; off, the glass is dark
  const level = panel.on ? Math.round(140 + (115 * panel.contrast) / 255) : 0;
  for (let i = 0; i < panel.lit.length; i++) {
    const v = panel.lit[i] ? level : 0;
    image.data.set([v, v, v, 255], i * 4);
  }
  panelImage.getContext("2d").putImageData(image, 0, 0);
  lastPanel = panel;
  paint();
  canvas.dataset.frames = String(Number(canvas.dataset.frames || 0) + 1);
}

// The panel in words, for a screen reader (the live region #words and the panel's label) and as
// each button's name and soft label ("OK: roll d6"). A sleeping panel keeps the last words: the
// page's tap wakes it and acts (press() below).
// A list's chosen row, said as chosen: a screen reader passes over the panel's ">".
const said = (words) => words.map((w) => (w.startsWith("> ") ? `chosen: ${w.slice(2)}` : w)).join(". ");
let lastWords = [];

// The live region says what changed (a number counted, a line of news), the whole screen when
// most of it is new; the panel's label has the whole screen always. keys: what the screen on
// top says its buttons do beyond its words ("DOWN rules" lines, web_boot.keys()).
function describe(panel, font, keys) {
  if (!panel.on) return;
  const words = panelWords(panel.lit, font);
  const fresh = words.filter((w) => !lastWords.includes(w));
  lastWords = words;
  const region = document.getElementById("words");
  const changed = said(fresh.length && fresh.length * 2 <= words.length ? fresh : words);
  if (changed) region.textContent = changed;
  const spoken = said(words);
  canvas.setAttribute("aria-label", spoken ? `The device's screen: ${spoken}` : "The device's screen, blank");
  const meanings = buttonMeanings(words);
  const beyond = {};
  for (const line of keys.split("\n")) if (line) beyond[line.slice(0, line.indexOf(" "))] = line.slice(line.indexOf(" ") + 1);
  for (const element of document.querySelectorAll("#buttons button")) {
    const name = element.dataset.button;
    // the firmware's own words first ("^v hit" names no one); BACK with none goes back
    const does = beyond[name] || meanings[name] || (name === "BACK" ? "back" : "");
    element.setAttribute("aria-label", does ? `${name}: ${does}` : name);
    element.querySelector(".does").textContent = does === "back" ? "" : does; // the name said, as it is seen
  }
}

// A file the build gzipped (NAME.gz, served as it is), inflated here; the plain file where the
// browser cannot inflate, and the bytes as they came where the host has inflated them already.
async function unzipped(name) {
  const packed = typeof DecompressionStream === "function";
  const response = await fetch(packed ? name + ".gz" : name);
  if (!response.ok) throw new Error(`${name}: ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!packed || bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// A device with no game yet begins the registry's first game: its code comes with the rest of
// the firmware, and the other games' after the first frame (web/build.py defines LATER_PACKS). A
// flash that holds games may boot into any of them, so all come before it boots (the offline copy
// has them: no wait to speak of).
/* global LATER_PACKS */
const OTHER_GAMES = LATER_PACKS;

const unpacked = async (names) => Object.assign({}, ...(await Promise.all(names.map(unzipped))).map(unpack));

// The firmware's code, and MicroPython's .wasm as a URL its loader takes.
async function code() {
  const [files, wasm] = await Promise.all([unpacked(["code.pack"]), unzipped("mp/micropython.wasm")]);
  return { files, wasm: URL.createObjectURL(new Blob([wasm], { type: "application/wasm" })) };
}

function toBase64(bytes) {
  let text = "";
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}

function fromBase64(text) {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function download(name, text) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const pad = (n) => String(n).padStart(2, "0");

// The phone's local time, as the host's export writes it (host/adjutant/export/when.py).
function localTime(epoch, seconds) {
  const d = new Date(epoch * 1000);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}` + (seconds ? `:${pad(d.getSeconds())}` : "");
}

function utcOffset(epoch) {
  const minutes = -new Date(epoch * 1000).getTimezoneOffset();
  const a = Math.abs(minutes);
  return `UTC${minutes >= 0 ? "+" : "-"}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

// The finished game's BG Stats link, made by shared_engine/bgstats.py in the device's interpreter.
function bgstatsLink(device, named) {
  const saved = JSON.parse(device.boot.saved_game());
  const [start, end, estimated] = saved.t;
  if (!start) return "";
  const stamp = `${localTime(start, false)} (${utcOffset(start)})`;
  const people = named ? JSON.stringify(named) : "";
  return device.boot.bgstats_link(start, end || 0, Boolean(estimated), stamp, localTime(start, true), people);
}

// BG Stats keeps every player it is given for good: the page never names a side as a player. It
// asks who played each seat, offering the names given last for those seats (kept on the phone).
function askPlayers(device, bgstats) {
  const seats = JSON.parse(device.boot.bgstats_seats());
  if (!Object.keys(seats).length) return false; // the players are people by name already
  const key = `adjutant-players:${Object.keys(seats).join(",")}`;
  const last = JSON.parse(localStorage.getItem(key) || "{}");
  const dialog = document.getElementById("players");
  const fields = document.getElementById("seats");
  fields.replaceChildren(
    ...Object.entries(seats).map(([seat, own]) => {
      const label = document.createElement("label");
      label.textContent = `${seat} (${own})`;
      const input = document.createElement("input");
      Object.assign(input, { name: seat, required: true, pattern: ".*\\S.*", maxLength: 40, autocomplete: "off" });
      input.value = last[seat] || "";
      label.append(input);
      return label;
    }),
  );
  dialog.onclose = () => {
    if (dialog.returnValue !== "add") return;
    const named = Object.fromEntries([...fields.querySelectorAll("input")].map((i) => [i.name, i.value.trim()]));
    localStorage.setItem(key, JSON.stringify(named));
    bgstats.href = bgstatsLink(device, named);
    window.location.assign(bgstats.href);
  };
  dialog.showModal();
  return true;
}

// "Save game": the game as the device stores it (what `adjutant import` takes, whatever the
// file's name ends with), shared where the browser can, else downloaded, and said. Android's
// Chrome shares no .json file: there it goes as a .txt of the same JSON.
async function saveGame(device) {
  const text = device.boot.saved_game();
  const saved = JSON.parse(text);
  const stem = `adjutant-${saved.gid}-${new Date().toISOString().slice(0, 10)}`;
  const kinds = [
    [".json", "application/json"],
    [".txt", "text/plain"],
  ];
  for (const [suffix, type] of kinds) {
    const file = new File([text], stem + suffix, { type });
    if (!navigator.canShare || !navigator.canShare({ files: [file] })) continue;
    try {
      await navigator.share({ files: [file], title: `Adjutant ${saved.gid}` });
      say(`Shared ${file.name}: \`adjutant import\` takes it on a computer.`);
      return;
    } catch (e) {
      if (e.name === "AbortError") return; // the player closed the share sheet
    }
  }
  download(stem + ".json", text);
  say(`Downloaded ${stem}.json (your browser's downloads): \`adjutant import\` takes it on a computer.`);
}

// The browser may clear a site's storage when the phone runs short of space, unless the site's
// storage is persistent: asked for once a game holds something (at the first press), and said.
async function keepGames(asked) {
  const note = document.getElementById("storage");
  const storage = navigator.storage;
  if (!storage || !storage.persist) return;
  let kept = await storage.persisted();
  if (!kept && asked) kept = await storage.persist();
  if (!kept && !asked) return; // asked at the first press, not before anything is played
  note.hidden = false;
  note.classList.toggle("problem", !kept);
  note.textContent = kept
    ? "This browser keeps these games (persistent storage)."
    : "This browser may clear these games if the phone runs short of space: Export device keeps a copy.";
}

async function exportDevice(store) {
  const files = {};
  for (const [path, bytes] of await store.raw()) files[path] = bytes instanceof Uint8Array ? toBase64(bytes) : null;
  const day = new Date().toISOString().slice(0, 10);
  download(`adjutant-device-${day}.json`, JSON.stringify({ "adjutant-device": 1, files }));
}

async function importDevice(store, file) {
  let records;
  try {
    const data = JSON.parse(await file.text());
    if (data["adjutant-device"] !== 1 || typeof data.files !== "object") throw new Error("not an Adjutant device file");
    // a record the export found damaged (null) is left out: importing your own export repairs the store
    records = Object.entries(data.files)
      .filter(([, text]) => typeof text === "string")
      .map(([path, text]) => [path, fromBase64(text)]);
  } catch (e) {
    say(`${file.name}: ${e.message}; nothing was changed`, true);
    return;
  }
  if (!confirm(`Replace this device's games with the ${records.length} files of ${file.name}?`)) return;
  await store.replace(records);
  location.reload();
}

// One window plays at a time: two windows of the page (an installed app and a tab, or two tabs)
// share one stored flash, and each would write its own game over the other's. The window that
// holds this lock plays; another says so and can take over, starting afresh from the store.
const LOCK = "adjutant-device";
const takeOver = document.getElementById("take-over");

// Resolves true once this window holds the lock (false: another holds it); `stolen` is called
// if another window takes it over later. Without Web Locks (older browsers) it plays at once.
function holdTheDevice(steal, stolen) {
  if (!navigator.locks) return Promise.resolve(true);
  return new Promise((resolve) => {
    navigator.locks
      .request(LOCK, steal ? { steal: true } : { ifAvailable: true }, (lock) => {
        resolve(Boolean(lock));
        return lock ? new Promise(() => {}) : null; // held while this window is open
      })
      .catch(() => stolen()); // another window took it over
  });
}

function offerTakeOver(text) {
  say(text);
  takeOver.hidden = false;
  document.getElementById("save").hidden = true; // the game is the other window's to save
  takeOver.onclick = async () => {
    takeOver.disabled = true;
    await holdTheDevice(true, () => {});
    location.reload(); // this window plays now: from the store as the other left it
  };
}

async function main() {
  fit();
  window.addEventListener("resize", fit);
  new ResizeObserver(snap).observe(document.body);
  let store;
  try {
    store = await openStore();
  } catch (e) {
    say(e.message, true);
    return;
  }
  document.getElementById("export").onclick = () => exportDevice(store);
  let device = null;
  const playing = await holdTheDevice(false, () => {
    if (device) device.stopped = "another window plays"; // no frame, press or write from here on
    offerTakeOver("This game is being played in another window now.");
  });
  if (!playing) {
    offerTakeOver("This game is open in another window of this page.");
    return;
  }
  const chooser = document.getElementById("import");
  document.getElementById("import-device").onclick = () => chooser.click();
  chooser.onchange = (e) => e.target.files[0] && importDevice(store, e.target.files[0]);
  let restarting = false;
  const restart = async (why) => {
    if (restarting) return;
    restarting = true;
    say(`Restarting (${why})…`);
    try {
      await device.settle(); // what the firmware wrote before it stopped is kept, as on flash
    } finally {
      location.reload(); // a fresh interpreter, from the stored flash
    }
  };
  const { files, wasm } = await code();
  let gamesLater = []; // the games' packs fetched once the first frame shows
  const more = (stored) => {
    if (stored.length) return unpacked(OTHER_GAMES);
    gamesLater = OTHER_GAMES;
    return {};
  };
  device = new PageBoard({ loadMicroPython, code: files, wasm, more, store, onStop: restart, say: (line) => console.log(line) });
  window.adjutant = device; // for the page's tests
  try {
    await device.start();
  } catch (e) {
    say(e instanceof StoreError ? e.message + " Export device keeps a copy." : "Cannot start: " + e, true);
    return;
  }
  say("");
  keepGames(false).catch((e) => console.log("persistent storage: " + e));
  document.getElementById("save").onclick = () => saveGame(device);
  const bgstats = document.getElementById("bgstats");
  bgstats.onclick = (e) => {
    if (askPlayers(device, bgstats)) e.preventDefault();
  };

  // A frame is shown only once everything the firmware wrote before it is stored (device.frame).
  const shown = { on: true }; // the panel as last drawn: lit or asleep
  const font = makeFont(device.boot.font());
  let wording = null;
  // A frame is looked for when the firmware has written to the panel (web_boot tells it), at the
  // next animation frame, and again while a store write holds it back: never while idle.
  let busy = false;
  let looking = false;
  let failing = 0; // store writes failed in a row: retried less and less often
  const look = () => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(tick);
  };
  let again = false; // the panel was written while a frame was being stored: look once more
  const tick = async () => {
    looking = false;
    if (device.stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const panel = await device.frame();
      if (failing) {
        failing = 0;
        say(""); // a write landed: the message goes
      }
      if (panel) {
        draw(panel);
        if (gamesLater.length) {
          // Presses made before the code comes wait for it in the pins' queue, in order, so a
          // game's code is there when New game begins it; on a network that stalls, at most
          // CODE_WAIT_MS. A fetch that failed is made again after a restart (until then, New game
          // of that game says its code is missing).
          const coming = unpacked(gamesLater).then((code) => device.add(code), (e) => console.log("games' code: " + e));
          later(() => Promise.race([coming, pause(CODE_WAIT_MS)]));
          gamesLater = [];
        }
        shown.on = panel.on;
        clearTimeout(wording);
        wording = setTimeout(() => describe(panel, font, device.boot.keys()), WORDS_AFTER_MS);
        const over = device.boot.over();
        // a link of its own only where the players are people by name; else it asks who played
        const named = over && bgstats.hidden && device.boot.bgstats_seats() === "{}";
        if (over && bgstats.hidden) bgstats.href = named ? bgstatsLink(device) : "#players";
        bgstats.hidden = !over;
      }
    } catch (e) {
      failing += 1;
      say(storageFailed(e), true);
      setTimeout(look, Math.min(250 * 2 ** (failing - 1), 8000)); // 250 ms, 500 ms, ... 8 s
    } finally {
      busy = false;
      if (again) {
        again = false;
        look();
      }
    }
  };
  device.onPanel = look;
  look();

  // The 8 s watchdog, as the board's: checked only while the page runs on time (a hidden tab's
  // timers are slowed, the firmware's with them).
  let checked = performance.now();
  setInterval(() => {
    const now = performance.now();
    const onTime = now - checked < 4 * WATCHDOG_CHECK_MS && document.visibilityState === "visible";
    checked = now;
    const left = device.watchdog();
    if (onTime && left !== null && left < 0) restart("watchdog");
  }, WATCHDOG_CHECK_MS);

  // Buttons: a pointer down is a finger on the button until it lifts or slides off. The pins
  // move in the order the fingers moved them (one queue for all four), each press held at least
  // SHORTEST_PRESS_MS, and a long press given whole: so two taps in quick turn never overlap into
  // a chord, which the device refuses; two fingers held down together still do.
  const pressedAt = {};
  let line = Promise.resolve();
  const later = (step) => (line = line.then(step));
  const pause = (ms) => new Promise((done) => setTimeout(done, Math.max(0, ms)));
  const release = (name, long = false) =>
    later(async () => {
      await pause(pressedAt[name] + (long ? LONG_PIN_MS : SHORTEST_PRESS_MS) - performance.now());
      device.release(name);
      await pause(SHORTEST_PRESS_MS); // up as long as down: taps queued behind a long press stay taps
    });
  let asked = false;
  const press = (name) => {
    if (!shown.on) {
      // The device's panel sleeps (its sleep setting) while the phone's screen is kept on: a tap
      // there would only wake it. The page wakes it with a tap of its own, and the finger's press
      // then acts: no tap of the player's is swallowed.
      later(async () => {
        device.press(name);
        await pause(SHORTEST_PRESS_MS);
        device.release(name);
        await pause(WAKE_MS);
      });
    }
    later(() => {
      pressedAt[name] = performance.now();
      device.press(name);
    });
    if (!asked) {
      asked = true;
      keepGames(true).catch((e) => console.log("persistent storage: " + e));
    }
  };
  // A finger slid off a button cancels its press, as a phone's buttons do; a hold still holds.
  // UP and DOWN count at the press: a finger's pin goes down at the lift (a tap), or once it has
  // stayed HOLD_AFTER_MS (a hold, which the device then times: its repeats); slid off during a
  // hold, the hold ends there. OK and BACK act when let go: a tap, or the long press given whole
  // once the finger has rested LONG_MS. Slid off at any time before the lift, nothing reaches
  // the device: an undo (BACK held) is taken back as a tap is.
  // Two fingers on two buttons at once are two pins down at once, each up at its finger's lift:
  // the device refuses the chord, as the box's own buttons are refused.
  const onGlass = new Map(); // button -> its finger, while on the glass
  const chord = () => {
    for (const [other, held] of onGlass) {
      clearTimeout(held.timer);
      held.chord = true;
      if (!held.pin) {
        held.pin = true;
        press(other);
      }
    }
  };
  for (const element of document.querySelectorAll("#buttons button")) {
    const name = element.dataset.button;
    const atRelease = AT_RELEASE.has(name);
    let finger = null; // {id, pin: the pin is down, timer, chord, long: OK or BACK rested LONG_MS}
    const lift = (slid) => {
      if (!finger) return;
      clearTimeout(finger.timer);
      element.classList.remove("down", "long");
      onGlass.delete(name);
      if (finger.pin) release(name); // a hold of UP or DOWN, or a chord
      else if (!slid) {
        press(name); // a tap, or the long press it rested for
        release(name, Boolean(finger.long));
      }
      finger = null;
    };
    element.addEventListener("pointerdown", (e) => {
      if (finger) return;
      element.setPointerCapture(e.pointerId);
      element.classList.add("down");
      const placed = (finger = { id: e.pointerId, pin: false, chord: false });
      const together = onGlass.size > 0;
      onGlass.set(name, placed);
      if (together) {
        chord();
        return;
      }
      placed.timer = setTimeout(
        () => {
          if (atRelease) {
            placed.long = true; // given at the lift: a slide off still takes it back
            element.classList.add("long");
            return;
          }
          placed.pin = true;
          press(name);
        },
        atRelease ? LONG_MS : HOLD_AFTER_MS,
      );
    });
    element.addEventListener("pointermove", (e) => {
      if (!finger || e.pointerId !== finger.id) return;
      const box = element.getBoundingClientRect();
      const off = e.clientX < box.left - SLOP_PX || e.clientX > box.right + SLOP_PX;
      if (off || e.clientY < box.top - SLOP_PX || e.clientY > box.bottom + SLOP_PX) lift(true);
    });
    element.addEventListener("pointerup", () => lift(false));
    element.addEventListener("pointercancel", () => lift(true)); // the browser took the touch
    element.addEventListener("lostpointercapture", () => lift(true));
    element.addEventListener("contextmenu", (e) => e.preventDefault());
  }
  const held = new Map(); // a key held -> the device's button it holds
  // The device's keys act with the focus on the page or the panel; a focused control of the page's
  // own (Save game, Export device) takes its Enter and Space as any button does, and a focused
  // device button is pressed by them: Enter on a focused UP is UP, as a click on it would be.
  const ownsKeys = (target) => target instanceof Element && target.closest("#tools, dialog") !== null;
  const focusedButton = (target) => (target instanceof Element ? target.closest("#buttons button") : null);
  window.addEventListener("keydown", (e) => {
    let name = KEYS[e.key];
    if (!name || ownsKeys(e.target)) return;
    const focused = focusedButton(e.target);
    if (focused && (e.key === "Enter" || e.key === " ")) name = focused.dataset.button;
    e.preventDefault();
    if (e.repeat || held.has(e.key)) return; // a held key is one held button
    held.set(e.key, name);
    press(name);
  });
  window.addEventListener("keyup", (e) => {
    const name = held.get(e.key);
    if (!name) return;
    held.delete(e.key);
    release(name);
  });

  // The screen stays awake while the page is open; the device's own sleep still darkens the panel.
  let lock = null;
  const awake = async () => {
    if (document.visibilityState !== "visible" || !navigator.wakeLock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
    } catch (e) {
      lock = null; // refused (battery saver): the phone may dim as it likes
    }
  };
  document.addEventListener("visibilitychange", awake);
  awake();

  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    // Asked for a newer release at every start: it installs beside this one and serves the next start.
    navigator.serviceWorker
      .register("sw.js")
      .then((registration) => registration.update())
      .catch((e) => console.log("no offline copy, or no update now (offline?): " + e));
  }
}

main();
