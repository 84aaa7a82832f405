// Packs and unpacks the data of Open Slidysim's replay links (src/play/link/slidysim.rs reads and
// writes the JSON inside): percent-encoded base64 of zlib's deflate. The browser's own streams do
// the work, in a worker started for one link and ended after, so the page carries none of it.
//
// ['unpack', r]: the link's `r` as it stands in the link; the answer is { ok: the text inside },
// and for a leaderboard's saved replay (a JSON array of ten items, the second packed once more)
// { ok, inner: that second item unpacked }.
// ['pack', json]: the answer is { ok: the `r` for that JSON }.
// What cannot be done is answered { error: words }.

// More text than any replay holds: a hostile link's data stops here, not at the memory's end.
const MAX_TEXT = 1 << 20;

async function inflate(data) {
  let bytes;
  try {
    // A chat may have turned a `+` into a space.
    bytes = Uint8Array.from(atob(data.replace(/ /g, '+')), (c) => c.charCodeAt(0));
  } catch {
    throw new Error('it is not base64');
  }
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate')).getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > MAX_TEXT) {
        reader.cancel();
        throw new Error('it unpacks to more than a megabyte');
      }
    }
  } catch (e) {
    throw e.message.startsWith('it ') ? e : new Error('it is not zlib data');
  }
  return text + decoder.decode();
}

async function unpack(r) {
  let data;
  try {
    data = decodeURIComponent(r);
  } catch {
    throw new Error('it is not percent-encoded text');
  }
  const text = await inflate(data);
  let value = null;
  try {
    value = JSON.parse(text);
  } catch {
    // Not JSON: the record's worker says so.
  }
  if (Array.isArray(value) && value.length >= 10 && typeof value[1] === 'string') {
    return { ok: text, inner: await inflate(value[1]) };
  }
  return { ok: text };
}

async function pack(json) {
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return { ok: encodeURIComponent(btoa(binary)) };
}

self.onmessage = async (event) => {
  const [what, input] = event.data;
  try {
    self.postMessage(await (what === 'unpack' ? unpack(input) : pack(input)));
  } catch (e) {
    self.postMessage({ error: e.message });
  }
};
