// The offline copy: every file of this build, cached at install, served from the cache first.
// A new build has a new cache name (build.py writes VERSION and FILES); the old cache goes when
// it takes over. The games are in IndexedDB, which no version of this file touches.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "adjutant-" + VERSION;

self.addEventListener("install", (event) => {
  // "reload": from the server, not the browser's HTTP cache, which may still hold the last release's files
  const fresh = FILES.map((file) => new Request(file, { cache: "reload" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(fresh)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n.startsWith("adjutant-") && n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  // caches.match with a cacheName never makes the cache: a worker being replaced, whose cache the
  // new one has deleted, goes to the network instead of leaving an empty cache behind
  event.respondWith(
    caches.match(event.request, { ignoreSearch: true, cacheName: CACHE }).then((hit) => hit || fetch(event.request)),
  );
});
