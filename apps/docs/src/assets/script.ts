/**
 * The site's only script, written out as `assets/site.js`: the sidebar toggle on small screens and the search box.
 * Plain ES2017 in a string, no framework; the pages work without it (the sidebar is visible on wide screens).
 */
export const SITE_JS = `(function () {
  'use strict';
  var root = document.documentElement.getAttribute('data-root') || '';

  var toggle = document.querySelector('.nav-toggle');
  var sidebar = document.getElementById('sidebar');
  function setNav(open) {
    if (!toggle) return;
    toggle.setAttribute('aria-expanded', String(open));
    document.body.classList.toggle('nav-open', open);
    if (open) window.scrollTo(0, 0);
  }
  if (toggle && sidebar) {
    toggle.addEventListener('click', function () {
      setNav(toggle.getAttribute('aria-expanded') !== 'true');
    });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && document.body.classList.contains('nav-open')) { setNav(false); toggle.focus(); }
    });
  }

  var input = document.getElementById('search-input');
  var results = document.getElementById('search-results');
  if (!input || !results) return;
  var form = input.form;
  var index = null;
  var loading = null;
  function load() {
    if (!loading) {
      loading = fetch(root + 'search-index.json')
        .then(function (response) { return response.json(); })
        .then(function (data) { index = data; return data; });
    }
    return loading;
  }
  function contains(text, term) { return typeof text === 'string' && text.toLowerCase().indexOf(term) !== -1; }
  function score(entry, terms) {
    var total = 0;
    for (var i = 0; i < terms.length; i++) {
      var term = terms[i];
      var best = 0;
      var path = entry.path ? entry.path.toLowerCase() : '';
      if (path && path.indexOf(term) !== -1) best = 100;
      else if (path && path.replace(/\\{[a-z_]+\\}/g, '').indexOf(term.replace(/\\{[^}]*\\}|:[a-z_]+/g, '')) !== -1 && term.indexOf('/') !== -1) best = 90;
      if (contains(entry.operationId, term)) best = Math.max(best, 70);
      if (contains(entry.title, term)) best = Math.max(best, 60);
      if (contains(entry.tag, term)) best = Math.max(best, 30);
      if (entry.anchors && entry.anchors.indexOf(term) !== -1) best = Math.max(best, 80);
      for (var h = 0; h < entry.headings.length && best < 25; h++) if (contains(entry.headings[h], term)) best = 25;
      if (best < 20 && entry.terms) {
        for (var t = 0; t < entry.terms.length && best < 20; t++) {
          var shown = entry.terms[t].toLowerCase();
          if (shown === term || shown.indexOf('.' + term) !== -1) best = 20;
          else if (best < 15 && shown.indexOf(term) !== -1) best = 15;
        }
      }
      if (best === 0 && contains(entry.text, term)) best = 10;
      if (best === 0) return 0;
      total += best;
    }
    return total + (entry.deprecated ? 0 : 1);
  }
  function escape(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return '&#' + c.charCodeAt(0) + ';'; });
  }
  function render() {
    var query = input.value.trim().toLowerCase();
    if (!query || !index) { results.hidden = true; results.innerHTML = ''; return; }
    var terms = query.split(/\\s+/);
    var found = index
      .map(function (entry) { return { entry: entry, score: score(entry, terms) }; })
      .filter(function (hit) { return hit.score > 0; })
      .sort(function (a, b) { return b.score - a.score || a.entry.title.localeCompare(b.entry.title); })
      .slice(0, 12);
    var items = found.map(function (hit) {
      var e = hit.entry;
      var detail = e.path
        ? '<span class="method method-' + e.method.toLowerCase() + '">' + e.method + '</span> <code>' + escape(e.path) + '</code>'
        : '<span class="muted">' + escape(e.kind === 'guide' ? 'Guide' : 'Page') + '</span>';
      var anchor = terms.length === 1 && e.anchors && e.anchors.indexOf(terms[0]) !== -1 ? '#' + terms[0] : '';
      return '<li><a href="' + root + e.url + anchor + '"><span class="result-title">' + escape(e.title) + '</span><span class="result-detail">' + detail + '</span></a></li>';
    });
    results.innerHTML = '<p class="result-count">' + found.length + (found.length === 1 ? ' result' : ' results') + '</p>' +
      (items.length ? '<ul>' + items.join('') + '</ul>' : '');
    results.hidden = false;
  }
  input.addEventListener('focus', function () { load().then(render); });
  input.addEventListener('input', function () { load().then(render); });
  input.addEventListener('keydown', function (event) {
    if (event.key === 'ArrowDown') {
      var first = results.querySelector('a');
      if (first) { event.preventDefault(); first.focus(); }
    } else if (event.key === 'Escape') {
      results.hidden = true;
    }
  });
  results.addEventListener('keydown', function (event) {
    var links = Array.prototype.slice.call(results.querySelectorAll('a'));
    var at = links.indexOf(document.activeElement);
    if (event.key === 'ArrowDown' && at < links.length - 1) { event.preventDefault(); links[at + 1].focus(); }
    if (event.key === 'ArrowUp') { event.preventDefault(); if (at > 0) links[at - 1].focus(); else input.focus(); }
    if (event.key === 'Escape') { results.hidden = true; input.focus(); }
  });
  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      load().then(function () {
        render();
        var first = results.querySelector('a');
        if (first) window.location.href = first.getAttribute('href');
      });
    });
  }
  document.addEventListener('click', function (event) {
    if (form && !form.contains(event.target)) results.hidden = true;
  });
})();
`;
