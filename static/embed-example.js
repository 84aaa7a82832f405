// Logs the messages the embedded puzzles post to this page. Kept in its own file so the page also
// works under a Content-Security-Policy without 'unsafe-inline'.
window.slideMessages = [];
window.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || typeof data.type !== 'string' || !data.type.startsWith('slide:')) return;
  const frame = [...document.querySelectorAll('iframe')].find((f) => f.contentWindow === event.source);
  window.slideMessages.push({ frame: frame ? frame.id : null, ...data });
  const item = document.createElement('li');
  item.textContent = `${frame ? frame.id : 'a frame'}: ${JSON.stringify(data)}`;
  document.getElementById('log').append(item);
});
