// Slide's service worker: after one visit the game loads, plays and solves with no network, from
// whatever folder it is served. The build writes this site's files and a hash of their contents
// below (Trunk.toml's post-build hook), so a new build is a new worker: the browser installs it on
// the next visit, it caches the new files, and the old cache goes.

const VERSION = '__VERSION__';
const FILES = ['__FILES__'];
const CACHE = `slide-site-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(['./', ...FILES]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // Only this site's older caches go: the solver's pattern databases have a cache of their own.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('slide-site-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The server's API (`slide serve`: sync, the daily race) is never answered from the cache.
const API = new URL('api/', self.registration.scope).pathname;

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith(API)) return;
  // A page opened with a link's query (?board=…) is the same page: match it without the query.
  const navigation = request.mode === 'navigate';
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(request, { ignoreSearch: navigation }))
      .then((cached) => cached || fetch(request)),
  );
});
