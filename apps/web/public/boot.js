// Starts the shop's app. A page the server rendered is painted first: its HTML and styles have the connection to
// themselves, and the app's code (which only makes the page interactive) is fetched once the page shows. A page the
// browser renders itself starts at once. (A file of its own, not inline: the Content-Security-Policy allows no inline
// script.) paintFirstPlugin.ts puts this tag in index.html with the entry's address and the modules it needs.
const tag = document.querySelector('script[data-entry]');

function start() {
  for (const href of tag.dataset.modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(tag.dataset.entry);
}

if (document.getElementById('root')?.firstElementChild) {
  // After the frame that paints the page; the timer alone covers a tab opened in the background, which draws no frames.
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, 250);
} else {
  start();
}
