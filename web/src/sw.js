// The offline copy: every file of this build, cached at install, served from the cache first.
// A new build has a new cache name (build.py writes VERSION and FILES); the old cache goes when
// it takes over. The games are in IndexedDB, which no version of this file touches.
const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "adjutant-" + VERSION;

self.addEventListener("install", (event) => {
  // "no-cache": each file the page has just fetched is asked for again only conditionally, and the
  // server answers "not modified" with no body: a first visit downloads each file once. A copy the
  // browser's HTTP cache kept from the last release is not taken unchecked: the server sends the new one.
  const fresh = FILES.map((file) => new Request(file, { cache: "no-cache" }));
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
  // the page is cached once, as "./": its other name, index.html, is answered from that copy
  const request = new URL(event.request.url).pathname.endsWith("/index.html") ? "./" : event.request;
  event.respondWith(
    caches.match(request, { ignoreSearch: true, cacheName: CACHE }).then((hit) => hit || fetch(event.request)),
  );
});
