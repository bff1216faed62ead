// The panel's words, read off its pixels as a player reads the glass: what the terminal simulator
// prints beside the panel (host/adjutant/sim/panel_text.py, which this follows step for step and
// which tests/web checks it against on every frame of a game), for a screen reader and for the
// soft labels under the page's buttons.
//
// The firmware draws all its text with MicroPython's 8x8 font, at scale 1 to 3, in either colour.
// The font comes from the device's own interpreter (web_boot.font()). A panel column is 64 rows:
// here two 32-bit halves, lo (rows 0-31) and hi (rows 32-63).

const WIDTH = 128;
const HEIGHT = 64;
const SCALES = [1, 2, 3];
const MAX_GAP = 3;
const MARKS = new Set(".,'`-_:;|!\" ");
const LONE_KEPT = new Set("0123456789*");
const RELAXED = 0x7f;
const LABEL_GAP = 32;

// 8 rows of a column from row y (0..56).
function byteAt(lo, hi, y) {
  if (y >= 32) return (hi >>> (y - 32)) & 0xff;
  return ((lo >>> y) | (y > 24 ? hi << (32 - y) : 0)) & 0xff;
}

// The font: {glyphs: Map("8 hex bytes" -> char), relaxed: Map(7 masked bytes -> char)}, from
// web_boot.font(): a line per printable character, its code then its 8 column bytes in hex.
export function makeFont(text) {
  const glyphs = new Map();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const [code, hex] = line.split(" ");
    if (!glyphs.has(hex)) glyphs.set(hex, String.fromCharCode(Number(code)));
  }
  const relaxed = new Map();
  const clashes = new Set();
  for (const [hex, char] of glyphs) {
    let short = "";
    for (let c = 0; c < 7; c++) short += (parseInt(hex.substr(2 * c, 2), 16) & RELAXED).toString(16).padStart(2, "0");
    if (relaxed.has(short) && relaxed.get(short) !== char) clashes.add(short);
    relaxed.set(short, char);
  }
  for (const short of clashes) relaxed.delete(short);
  return { glyphs, relaxed };
}

const hex2 = (b) => (b < 16 ? "0" : "") + b.toString(16);

// The panel seen through cells of scale x scale pixels from (dx, dy): per cell column, which
// cells are lit and which are all one colour (the only ones scaled text is made of).
function scaled(lit, scale, dx, dy) {
  const width = Math.floor((WIDTH - dx) / scale);
  const height = Math.floor((HEIGHT - dy) / scale);
  const out = { width, height, litLo: new Uint32Array(width), litHi: new Uint32Array(width) };
  out.sameLo = new Uint32Array(width);
  out.sameHi = new Uint32Array(width);
  for (let cx = 0; cx < width; cx++) {
    for (let cy = 0; cy < height; cy++) {
      const first = lit[(dy + cy * scale) * WIDTH + dx + cx * scale];
      let uniform = true;
      for (let sy = 0; sy < scale && uniform; sy++)
        for (let sx = 0; sx < scale; sx++)
          if (lit[(dy + cy * scale + sy) * WIDTH + dx + cx * scale + sx] !== first) {
            uniform = false;
            break;
          }
      if (!uniform) continue;
      const [same, on] = cy < 32 ? [out.sameLo, out.litLo] : [out.sameHi, out.litHi];
      same[cx] |= 1 << (cy & 31);
      if (first) on[cx] |= 1 << (cy & 31);
    }
  }
  return out;
}

// [x, y, char, inverted] in cells for every 8x8 window that is a glyph, in either colour.
function matches(cells, font) {
  const { width, height, litLo, litHi, sameLo, sameHi } = cells;
  const found = [];
  for (let x = 0; x + 8 <= width; x++) {
    for (let y = 0; y + 8 <= height; y++) {
      let any = 0;
      let strict = 0xff;
      let loose = RELAXED;
      for (let c = 0; c < 8; c++) {
        any |= byteAt(litLo[x + c], litHi[x + c], y);
        const same = byteAt(sameLo[x + c], sameHi[x + c], y);
        strict &= same;
        if (c < 7) loose &= same;
      }
      if (!any) continue;
      const whole = strict === 0xff;
      if (!whole && (loose & RELAXED) !== RELAXED) continue;
      const window = [];
      for (let c = 0; c < 8; c++) window.push(byteAt(litLo[x + c], litHi[x + c], y));
      let char;
      let inverted = false;
      if (whole) {
        char = font.glyphs.get(window.map(hex2).join(""));
        if (char === undefined) {
          char = font.glyphs.get(window.map((b) => hex2(0xff ^ b)).join(""));
          inverted = char !== undefined;
        }
      }
      if (char === undefined) char = font.relaxed.get(window.slice(0, 7).map((b) => hex2(b & RELAXED)).join(""));
      if (char !== undefined && char !== " ") found.push([x, y, char, inverted]);
    }
  }
  return found;
}

// Characters on one line 8 cells apart (blanks between them as spaces), joined into runs of one
// colour: [y, x, text, inverted].
function runs(found) {
  const byLine = new Map();
  for (const [x, y, char, inverted] of found) {
    if (!byLine.has(y)) byLine.set(y, []);
    byLine.get(y).push([x, char, inverted]);
  }
  const out = [];
  for (const [y, chars] of byLine) {
    chars.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    let [start, text, colour] = chars[0];
    let last = start;
    for (const [x, char, inverted] of chars.slice(1)) {
      const gap = x - last;
      if (gap % 8 === 0 && gap >= 8 && gap <= 8 * (MAX_GAP + 1) && inverted === colour) text += " ".repeat(gap / 8 - 1) + char;
      else {
        out.push([y, start, text, colour]);
        [start, text, colour] = [x, char, inverted];
      }
      last = x;
    }
    out.push([y, start, text, colour]);
  }
  return out;
}

const compare = (a, b) => {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (typeof a[i] === "number" || typeof a[i] === "boolean") return Number(a[i]) - Number(b[i]);
    return a[i] < b[i] ? -1 : 1;
  }
  return 0;
};

// A run overlapping one of more letters is made of that run's strokes.
function withoutStrays(placed) {
  const box = ([y, x, text, scale]) => [x, y, x + 8 * scale * text.length, y + 7 * scale];
  const overlap = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  const letters = (p) => p[2].replaceAll(" ", "").length;
  return placed.filter((p) => !placed.some((q) => letters(q) > letters(p) && overlap(box(p), box(q))));
}

// [y, x, text, scale, inverted] of each text on the panel, in panel pixels, in reading order.
function place(lit, font) {
  const placed = [];
  for (const scale of SCALES)
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++)
        for (const [y, x, text, inverted] of runs(matches(scaled(lit, scale, dx, dy), font))) {
          if ([...text].every((c) => MARKS.has(c)) || (text.length === 1 && !LONE_KEPT.has(text))) continue;
          placed.push([dy + y * scale, dx + x * scale, text, scale, inverted]);
        }
  return withoutStrays(placed.sort(compare));
}

// The panel in words a person reads it by: each bigger number after the label beside or above it
// ("CP 7"), the chosen row of a list marked ("> Settings"), the rest in reading order.
// lit: Uint8Array(128 * 64) of 0/1, row by row (device.js's panel().lit).
export function panelWords(lit, font) {
  const placed = place(lit, font);
  const used = new Set();
  const named = new Map();
  placed.forEach(([y, x, , scale], i) => {
    if (scale === 1) return;
    const bottom = y + 7 * scale;
    for (let j = 0; j < placed.length; j++) {
      const [ly, lx, label, lscale, inverted] = placed[j];
      if (lscale !== 1 || used.has(j) || inverted || /^\d+$/.test(label)) continue;
      const right = lx + 8 * label.length;
      const beside = ly >= y - 2 && ly + 7 <= bottom + 2 && x - right >= 0 && x - right <= LABEL_GAP;
      const above = y - (ly + 7) >= 0 && y - (ly + 7) <= 4 && Math.abs(lx - x) <= 8;
      if (beside || above) {
        used.add(j);
        named.set(i, [ly, lx, label]);
        break;
      }
    }
  });
  const out = [];
  placed.forEach(([y, x, text, , inverted], i) => {
    if (used.has(i)) return;
    if (named.has(i)) {
      const [ly, lx, label] = named.get(i);
      [y, x, text] = [ly, lx, `${label} ${text}`];
    } else if (inverted && y >= 9) text = "> " + text;
    out.push([Math.floor(y / 9), x, text]);
  });
  return out.sort(compare).map((row) => row[2]);
}

// What each button does now, as the panel's hints say it ("OK roll d6 ^more", "^v set  OK enter",
// "Won? ^CP vEA", "hold OK: BP"): {UP, DOWN, OK, BACK} -> words, "" where the panel says nothing.
// "^" is UP and "v" DOWN, as the firmware writes them ("vEA", or "v out" standing alone); a
// chosen row of a list is what OK picks.
const HINT = /(hold )?(OK\/\^v|OK|BACK|\^v|\^|(?<![A-Za-z0-9])v(?=[A-Z]| [a-z]))(:?)/g;
const SPELLED = { nxt: "next" };
const BUTTONS_OF = { "OK/^v": ["OK", "UP", "DOWN"], OK: ["OK"], BACK: ["BACK"], "^v": ["UP", "DOWN"], "^": ["UP"], v: ["DOWN"] };

export function buttonMeanings(words) {
  const tap = {};
  const hold = {};
  let chosen = "";
  for (const run of words) {
    if (run.startsWith("> ") && !chosen) chosen = run.slice(2); // the row's label: its value follows
    const hints = [...run.matchAll(HINT)];
    if (!hints.length) continue;
    const lead = run.slice(0, hints[0].index).trim();
    hints.forEach((hint, i) => {
      const end = i + 1 < hints.length ? hints[i + 1].index : run.length;
      let does = run
        .slice(hint.index + hint[0].length, end)
        .trim()
        .replace(/[;,]$/, "");
      does = does.replace(/\b\w+\b/g, (word) => SPELLED[word] || word);
      if (!does) does = lead || (hint[2] === "^v" ? "scroll" : ""); // "OK: close ^v": a long message
      else if (lead.endsWith("?")) does = `${lead} ${does}`;
      for (const button of BUTTONS_OF[hint[2]]) (hint[1] ? hold : tap)[button] = does;
      // "OK/^v: CP BP 12": OK enters from 12, UP from 13, DOWN from 11 (the d6 screen's BP entry)
      const from = hint[2] === "OK/^v" && !hint[1] && /^(.*\D)(\d+)$/.exec(does);
      if (from) [tap.UP, tap.DOWN] = [from[1] + (Number(from[2]) + 1), from[1] + Math.max(0, Number(from[2]) - 1)];
    });
  }
  if (chosen && !tap.OK) tap.OK = chosen;
  // "^v set" on an entry: UP and DOWN told apart (not by a number: an entry may stop short of it)
  if (tap.UP === "set" && tap.DOWN === "set") [tap.UP, tap.DOWN] = ["count up", "count down"];
  const out = {};
  for (const button of ["UP", "DOWN", "OK", "BACK"]) {
    const parts = [];
    if (tap[button]) parts.push(tap[button]);
    if (hold[button]) parts.push(`hold: ${hold[button]}`);
    out[button] = parts.join("; ");
  }
  return out;
}
