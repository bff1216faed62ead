// The device in the page: the unchanged firmware on MicroPython's WebAssembly port.
//
// The firmware's .mpy files go under /fw and the stored flash under /flash, in the port's
// memory file system; web_boot.py wires the simulated board (pins, I2C, the panel's
// controller) and starts the firmware's loop, which then runs on the browser's timers.
// The files the firmware changes are copied back to the store (IndexedDB in a browser) by
// settle(), and the page shows a frame only after settle() has put everything written before
// it on the store: an action is stored before the screen shows it.

export const BUTTONS = ["UP", "DOWN", "OK", "BACK"];
export const WIDTH = 128;
export const HEIGHT = 64;
const VISIBLE_FROM = { ssd1306: 0, sh1106: 2 };

// code.pack and each game's pack (web/build.py): for each file its path, "\n", its length, "\n", its bytes.
export function unpack(buffer) {
  const bytes = new Uint8Array(buffer);
  const out = {};
  const text = new TextDecoder();
  let at = 0;
  const line = () => {
    const end = bytes.indexOf(10, at);
    const value = text.decode(bytes.subarray(at, end));
    at = end + 1;
    return value;
  };
  while (at < bytes.length) {
    const path = line();
    const size = Number(line());
    out[path] = bytes.slice(at, at + size);
    at += size;
  }
  return out;
}

export class PageBoard {
  // loadMicroPython: the port's loader; code: {path: Uint8Array} for /fw (the firmware) and
  // /dev_py (the page's board); store: {load(), apply(changed, removed)}; onStop(why): the
  // firmware stopped (a reset, the watchdog, a fault): the page restarts it from the store;
  // onPanel(): the firmware wrote to the panel's controller (a frame may be due: frame()).
  // wasm: where MicroPython's .wasm is (a URL), if not beside its loader. more(stored): code the
  // firmware needs before it boots on this flash (stored: its files), {path: Uint8Array}.
  constructor({ loadMicroPython, code, store, onStop, say, onPanel, wasm, more }) {
    this.loadMicroPython = loadMicroPython;
    this.code = code;
    this.more = more || (async () => ({}));
    this.store = store;
    this.onStop = onStop || (() => {});
    this.say = say || (() => {});
    this.onPanel = onPanel || (() => {});
    this.wasm = wasm;
    this.synced = new Map(); // path -> bytes, as the store holds them
    this.dirty = new Set(); // paths the firmware changed that the store may not have yet
    this.settling = null;
    this.stopped = null;
  }

  async start() {
    globalThis.adjutantStopped = (why) => this.stop(String(why));
    globalThis.adjutantPanelWritten = () => this.onPanel();
    this.mp = await this.loadMicroPython({
      heapsize: 1024 * 1024,
      ...(this.wasm ? { url: this.wasm } : {}),
      stdout: (line) => this.say(line),
      stderr: (line) => this.say(line),
    });
    const FS = this.mp.FS;
    this.add(this.code);
    FS.mkdirTree("/flash");
    const stored = await this.store.load();
    this.add(await this.more(stored));
    for (const [path, bytes] of stored) {
      FS.mkdirTree(("/flash/" + path).slice(0, ("/flash/" + path).lastIndexOf("/")));
      FS.writeFile("/flash/" + path, bytes);
      this.synced.set(path, bytes);
    }
    this.mp.runPython("import sys\nsys.path.insert(0, '/dev_py')\nimport web_boot");
    this.boot = this.mp.pyimport("web_boot");
    try {
      this.boot.power_on(Math.floor(Date.now() / 1000));
    } catch (e) {
      this.stop("boot: " + e);
    }
  }

  // Code put where the firmware imports it from: at the start, or later (a game's, fetched then).
  add(code) {
    const FS = this.mp.FS;
    for (const [path, bytes] of Object.entries(code)) {
      FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
      FS.writeFile(path, bytes);
    }
  }

  stop(why) {
    if (this.stopped) return;
    this.stopped = why;
    this.onStop(why);
  }

  press(name) {
    if (!this.stopped) this.boot.pin(name, 0);
  }

  release(name) {
    if (!this.stopped) this.boot.pin(name, 1);
  }

  // ms until the firmware's watchdog fires (negative: overdue), or null before it runs
  watchdog() {
    if (this.stopped) return null;
    const left = this.boot.watchdog();
    return left === undefined ? null : left;
  }

  // The flash as files: path (under /flash) -> bytes; from a folder of it (dir), or all of it.
  files(dir = "") {
    const FS = this.mp.FS;
    const out = new Map();
    const walk = (full, prefix) => {
      for (const name of FS.readdir(full)) {
        if (name === "." || name === "..") continue;
        const path = full + "/" + name;
        if (FS.isDir(FS.stat(path).mode)) walk(path, prefix + name + "/");
        else out.set(prefix + name, FS.readFile(path));
      }
    };
    walk("/flash" + (dir ? "/" + dir : ""), dir ? dir + "/" : "");
    return out;
  }

  // What is on the flash now at each path the firmware changed: path -> bytes, or null if gone.
  // A changed path may be a folder (a rename of one): then each file in or once in it.
  now(paths) {
    const FS = this.mp.FS;
    const out = new Map();
    for (const path of paths) {
      const found = FS.analyzePath("/flash/" + path);
      if (found.exists && FS.isDir(found.object.mode)) for (const [p, bytes] of this.files(path)) out.set(p, bytes);
      else out.set(path, found.exists ? FS.readFile("/flash/" + path) : null);
      for (const p of this.synced.keys()) if (p.startsWith(path + "/") && !out.has(p)) out.set(p, null);
    }
    return out;
  }

  // Put what the firmware wrote since the last call on the store; resolves once it is there. Only
  // the files the firmware wrote, renamed or removed are read (web_boot.written()).
  settle() {
    if (this.settling) return this.settling.then(() => this.settle());
    for (const path of this.boot.written().split("\n")) if (path) this.dirty.add(path);
    if (!this.dirty.size) return Promise.resolve();
    const paths = [...this.dirty];
    const changed = [];
    const removed = [];
    for (const [path, bytes] of this.now(paths)) {
      const had = this.synced.get(path);
      if (bytes === null) {
        if (had) removed.push(path);
      } else if (!had || had.length !== bytes.length || !had.every((b, i) => b === bytes[i])) changed.push([path, bytes]);
    }
    if (!changed.length && !removed.length) {
      this.dirty.clear();
      return Promise.resolve();
    }
    this.settling = this.store.apply(changed, removed).then(
      () => {
        for (const [path, bytes] of changed) this.synced.set(path, bytes);
        for (const path of removed) this.synced.delete(path);
        for (const path of paths) this.dirty.delete(path); // a later write is in web_boot's next written()
        this.settling = null;
      },
      (e) => {
        this.settling = null; // the paths stay dirty: the next settle tries them again
        throw e;
      },
    );
    return this.settling;
  }

  // The next frame to show, once everything written before it is on the store; null if the
  // panel has not changed since the last. The page draws only what this returns.
  async frame() {
    const transfers = this.boot.transfers(); // nothing reached the panel's controller: no frame
    if (transfers === this.seenTransfers) return null;
    const panel = this.panel();
    if (panel.key === this.shownKey) {
      this.seenTransfers = transfers;
      return null;
    }
    await this.settle(); // if it fails, nothing is marked seen: the next frame tries again
    this.shownKey = panel.key;
    this.seenTransfers = transfers;
    return panel;
  }

  // The panel as its glass shows it: {lit: Uint8Array(128 * 64) of 0/1, on, contrast, key}.
  panel() {
    const text = this.boot.panel();
    const [hex, kind, on, contrast, inverted, allOn, segRemap, comRemap, startLine] = text.split(" ");
    const columns = hex.length / 2 / 8;
    const first = VISIBLE_FROM[kind];
    const lit = new Uint8Array(WIDTH * HEIGHT);
    if (on === "1") {
      const ram = new Uint8Array(hex.length / 2);
      for (let i = 0; i < ram.length; i++) ram[i] = parseInt(hex.substr(2 * i, 2), 16);
      for (let y = 0; y < HEIGHT; y++) {
        const line = ((comRemap === "1" ? y : HEIGHT - 1 - y) + Number(startLine)) % HEIGHT;
        for (let x = 0; x < WIDTH; x++) {
          const column = segRemap === "1" ? x + first : columns - 1 - first - x;
          let bit = allOn === "1" ? 1 : (ram[(line >> 3) * columns + column] >> (line & 7)) & 1;
          if (inverted === "1") bit ^= 1;
          lit[y * WIDTH + x] = bit;
        }
      }
    }
    return { lit, on: on === "1", contrast: Number(contrast), key: text };
  }

  // The game's state dict as the engine gives it (for tests and the page's own use).
  state() {
    return JSON.parse(this.boot.state_json());
  }
}
