// The firmware and every game's code (code.pack, game-ID.pack) from a built dist/, as one
// {path: bytes}: what a page with games on its flash loads before it boots.
import fs from "fs";
import path from "path";

export function allCode(dist, unpack) {
  const packs = fs.readdirSync(dist).filter((name) => name.endsWith(".pack"));
  return Object.assign({}, ...packs.map((name) => unpack(fs.readFileSync(path.join(dist, name)))));
}
