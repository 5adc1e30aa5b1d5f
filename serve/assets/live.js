// Live updates for tbsheet serve's pages: the page works without this script; with it, the
// page listens to /events (Server-Sent Events), and when the results change it fetches
// itself again and swaps in its live part, without a reload.
"use strict";
(function () {
  if (!window.EventSource || !window.fetch || !window.DOMParser) return;
  var seq = document.body.getAttribute("data-seq");
  var busy = false, again = false;
  function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    fetch(location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var next = doc.getElementById("live");
        var cur = document.getElementById("live");
        if (!next || !cur) return;
        var focused = document.activeElement && document.activeElement.name === "q";
        var typed = focused ? document.activeElement.value : null;
        seq = doc.body.getAttribute("data-seq");
        document.body.setAttribute("data-seq", seq);
        document.title = doc.title;
        cur.replaceWith(next);
        if (focused) {
          var q = next.querySelector("input[name=q]");
          if (q) { q.value = typed; q.focus(); }
        }
        mark(true);
      })
      .catch(function () {})
      .then(function () {
        busy = false;
        if (again) { again = false; refresh(); }
      });
  }
  function mark(on) {
    var m = document.querySelector(".live-mark");
    if (m) m.hidden = !on;
  }
  var es = new EventSource("/events");
  es.onmessage = function (e) {
    mark(true);
    if (e.data !== seq) refresh();
  };
  es.onerror = function () { mark(false); };
})();
