// The device's flash in the browser: one IndexedDB object store, a record per file.
//
// apply() writes every change of one settle in one transaction, and resolves when the
// browser reports it complete (durability "strict": on disk, not only in memory). So the
// stored flash is always the device's flash at one moment between two steps of the firmware.

const DB = "adjutant";
const FLASH = "flash";
const VERSION = 1; // a new page version adds stores or versions; it never drops the flash

export class StoreError extends Error {}

function promised(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

export async function openStore(indexedDB = globalThis.indexedDB) {
  if (!indexedDB) throw new StoreError("this browser has no IndexedDB: games could not be kept");
  const request = indexedDB.open(DB, VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(FLASH)) db.createObjectStore(FLASH);
  };
  let db;
  try {
    db = await promised(request);
  } catch (e) {
    throw new StoreError("the stored games cannot be opened (" + (e && e.message) + "); nothing was changed");
  }
  return new Store(db);
}

export class Store {
  constructor(db) {
    this.db = db;
  }

  // [[path, Uint8Array], ...]: every file of the flash. A record that is not bytes is damage:
  // it is reported with its path, and nothing is wiped.
  async load() {
    const records = await this.raw();
    const damaged = records.filter(([key, value]) => typeof key !== "string" || !(value instanceof Uint8Array));
    if (damaged.length) {
      const paths = damaged.map(([key]) => String(key)).join(", ");
      throw new StoreError("damaged records in the stored flash: " + paths);
    }
    return records;
  }

  apply(changed, removed) {
    return new Promise((resolve, reject) => {
      const tx = this.db.transaction(FLASH, "readwrite", { durability: "strict" });
      const store = tx.objectStore(FLASH);
      for (const [path, bytes] of changed) store.put(new Uint8Array(bytes), path);
      for (const path of removed) store.delete(path);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error || new StoreError("the browser refused the write"));
      tx.onabort = () => reject(tx.error || new StoreError("the write was aborted (storage full?)"));
    });
  }

  // Every record as it is, for "Export device": readable even when load() finds damage.
  async raw() {
    const tx = this.db.transaction(FLASH, "readonly");
    const store = tx.objectStore(FLASH);
    const [keys, values] = await Promise.all([promised(store.getAllKeys()), promised(store.getAll())]);
    return keys.map((key, i) => [key, values[i]]);
  }

  // "Import device": the flash replaced by another's, in one transaction.
  replace(records) {
    return new Promise((resolve, reject) => {
      const tx = this.db.transaction(FLASH, "readwrite", { durability: "strict" });
      const store = tx.objectStore(FLASH);
      store.clear();
      for (const [path, bytes] of records) store.put(bytes, path);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new StoreError("the import was aborted"));
    });
  }
}
