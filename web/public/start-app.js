// Starts the web app on a page whose first screen the server rendered (/, /marketplace and a
// service's page, issue 33): the page is complete without script, so the app's code starts
// once its largest pictures have painted instead of sharing a phone's bandwidth with them.
// The server puts this script in place of the app's entry script (internal/httpapi/shell.go):
// data-app is the entry, data-modules its chunks to preload (the page carries its data).
(function () {
  var me = document.currentScript;
  var data = (me && me.dataset) || {};
  var started = false;
  function list(value) {
    return (value || '').split(' ').filter(Boolean);
  }
  function link(rel, href) {
    var el = document.createElement('link');
    el.rel = rel;
    el.href = href;
    el.crossOrigin = 'anonymous';
    document.head.appendChild(el);
  }
  function start() {
    if (started || !data.app) return;
    started = true;
    list(data.modules).forEach(function (href) {
      link('modulepreload', href);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = 'anonymous';
    script.src = data.app;
    document.head.appendChild(script);
  }
  // After the next frame has painted; a hidden tab paints no frames, so it starts at once.
  function afterPaint() {
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  }
  // Two things to wait for: the page's first paint, and its largest pictures.
  var pending = 2;
  function ready() {
    pending -= 1;
    if (pending === 0) afterPaint();
  }
  // The first paint: on a fast connection the pictures can be in before anything has painted,
  // and the app's requests then came before it (Lighthouse's simulation counts every request
  // started before the first paint against that paint: its figure doubled, run to run).
  var paints = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (!paints || paints.indexOf('paint') < 0 || performance.getEntriesByName('first-contentful-paint').length > 0) {
    ready();
  } else {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      ready();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  // The pictures the page asks for first (fetchpriority=high) are its largest paint.
  var pictures = Array.prototype.filter.call(document.querySelectorAll('img[fetchpriority="high"]'), function (img) {
    return !img.complete;
  });
  var waiting = pictures.length;
  if (waiting === 0) ready();
  function done() {
    waiting -= 1;
    if (waiting === 0) ready();
  }
  pictures.forEach(function (img) {
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
  });
  // A picture that never finishes (or a page that never paints) does not hold the app back long.
  setTimeout(start, 3000);
})();
