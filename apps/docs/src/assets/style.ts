/** The site's one stylesheet, written out as `assets/site.css`. System fonts, no external resources. */
export const SITE_CSS = `:root {
  --text: #1a1d23; --muted: #4b5563; --bg: #ffffff; --panel: #f5f6f8; --border: #d9dde3;
  --link: #0b57d0; --header: #111827; --code-bg: #eef1f5; --pre-bg: #0f172a; --pre-text: #e5e7eb;
  --focus: #c2410c; --warn-bg: #fff7e6; --warn-border: #b45309; --note-bg: #eef4ff; --note-border: #1d4ed8;
  --header-height: 3.5rem;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--text); background: var(--bg); line-height: 1.55;
}
* { box-sizing: border-box; }
body { margin: 0; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
:not(pre) > code { background: var(--code-bg); padding: 0.05em 0.3em; border-radius: 4px; overflow-wrap: break-word; hyphens: manual; }
a { color: var(--link); }
a:hover { text-decoration-thickness: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; z-index: 100; background: #fff; color: var(--link); padding: 0.5rem 1rem; border: 2px solid var(--link); border-radius: 4px; }
.skip-link:focus { top: 0.5rem; }

.site-header { position: sticky; top: 0; z-index: 20; display: flex; align-items: center; gap: 1rem; min-height: var(--header-height);
  padding: 0.5rem 1.25rem; background: var(--header); color: #fff; flex-wrap: wrap; }
.site-header :focus-visible { outline-color: #fbbf24; }
.brand { color: #fff; font-weight: 700; font-size: 1.15rem; text-decoration: none; white-space: nowrap; }
.brand span { font-weight: 400; color: #d1d5db; }
.nav-toggle { display: none; white-space: nowrap; background: transparent; color: #fff; border: 1px solid #9ca3af; border-radius: 6px; padding: 0.35rem 0.7rem; font: inherit; cursor: pointer; }
.search { position: relative; margin-left: auto; flex: 0 1 26rem; }
.search input { width: 100%; padding: 0.45rem 0.75rem; border-radius: 6px; border: 1px solid #6b7280; font: inherit; background: #fff; color: var(--text); }
.search input::placeholder { color: #4b5563; }
.search-results { position: absolute; right: 0; left: 0; top: calc(100% + 0.35rem); background: #fff; color: var(--text); border: 1px solid var(--border);
  border-radius: 8px; box-shadow: 0 12px 32px rgba(0,0,0,0.18); max-height: 70vh; overflow-y: auto; padding: 0.25rem 0; }
.search-results ul { list-style: none; margin: 0; padding: 0; }
.search-results a { display: block; padding: 0.45rem 0.9rem; text-decoration: none; color: var(--text); }
.search-results a:hover, .search-results a:focus { background: var(--note-bg); }
.result-title { display: block; font-weight: 600; color: var(--link); }
.result-detail { display: block; font-size: 0.85rem; overflow-wrap: anywhere; }
.result-count { margin: 0.25rem 0.9rem; font-size: 0.8rem; color: var(--muted); }

.layout { display: grid; grid-template-columns: 18rem minmax(0, 1fr); }
.sidebar { position: sticky; top: var(--header-height); align-self: start; height: calc(100vh - var(--header-height)); overflow-y: auto;
  background: var(--panel); border-right: 1px solid var(--border); padding: 1rem 0.75rem 2rem; font-size: 0.92rem; }
.sidebar ul { list-style: none; margin: 0 0 0.5rem; padding: 0; }
.sidebar a { display: flex; gap: 0.4rem; align-items: baseline; padding: 0.22rem 0.5rem; border-radius: 5px; color: var(--text); text-decoration: none; }
.sidebar a:hover { background: #e6e9ee; }
.sidebar a[aria-current="page"] { background: #dbe6fb; font-weight: 600; }
.nav-heading { font-size: 0.78rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted); margin: 1rem 0.5rem 0.4rem; }
.nav-group summary { cursor: pointer; padding: 0.3rem 0.5rem; font-weight: 600; border-radius: 5px; }
.nav-group summary:hover { background: #e6e9ee; }
.nav-group ul { margin-left: 0.4rem; }
.count { color: var(--muted); font-weight: 400; font-size: 0.8rem; }

main { padding: 1.5rem 2.5rem 4rem; max-width: 72rem; min-width: 0; }
main:focus { outline: none; }
h1 { font-size: 2rem; line-height: 1.2; margin: 0.3rem 0 0.75rem; }
h2 { font-size: 1.45rem; margin-top: 2.2rem; border-bottom: 1px solid var(--border); padding-bottom: 0.25rem; }
h3 { font-size: 1.12rem; margin-top: 1.6rem; }
.lead { font-size: 1.12rem; color: #2d3340; }
.eyebrow { margin: 0; color: var(--muted); font-size: 0.85rem; text-transform: uppercase; letter-spacing: 0.06em; }
.endpoint { font-size: 1.05rem; display: flex; gap: 0.5rem; align-items: center; flex-wrap: wrap; }
.endpoint .path { font-size: 1rem; overflow-wrap: anywhere; }
.meta { color: var(--muted); font-size: 0.9rem; }
.media { font-size: 0.8rem; font-weight: 400; color: var(--muted); font-family: ui-monospace, Menlo, Consolas, monospace; margin-left: 0.4rem; }

.method { display: inline-block; min-width: 3.6em; text-align: center; font-size: 0.72rem; font-weight: 700; letter-spacing: 0.03em;
  padding: 0.1rem 0.35rem; border-radius: 4px; color: #fff; font-family: ui-monospace, Menlo, Consolas, monospace; flex: none; }
.method-get { background: #166534; } .method-post { background: #1d4ed8; } .method-put { background: #92400e; }
.method-delete { background: #b91c1c; } .method-patch { background: #6b21a8; }
.status { display: inline-block; font-family: ui-monospace, Menlo, Consolas, monospace; font-weight: 700; padding: 0 0.35rem; border-radius: 4px; }
.status-ok { background: #dcfce7; color: #14532d; } .status-error { background: #fee2e2; color: #7f1d1d; }
.badge-deprecated { font-size: 0.8rem; vertical-align: middle; background: var(--warn-bg); color: #7c2d12; border: 1px solid var(--warn-border); border-radius: 999px; padding: 0.05rem 0.6rem; font-weight: 600; }

.warning, .note { border-left: 4px solid; padding: 0.6rem 1rem; border-radius: 4px; margin: 1rem 0; }
.warning { background: var(--warn-bg); border-color: var(--warn-border); }
.note { background: var(--note-bg); border-color: var(--note-border); }
.warning p, .note p { margin: 0.2rem 0; }

.table-wrap { overflow-x: auto; margin: 0.75rem 0 1.25rem; border: 1px solid var(--border); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; vertical-align: top; padding: 0.45rem 0.7rem; border-bottom: 1px solid var(--border); }
th { background: var(--panel); font-weight: 600; white-space: nowrap; }
tbody tr:last-child td { border-bottom: 0; }
table.fields td:first-child { min-width: 11rem; max-width: 24rem; }
table.fields td:first-child code { overflow-wrap: break-word; }
table.fields td:nth-child(2) { min-width: 9rem; }
table.fields td:last-child { min-width: 16rem; }
table.catalogue td:nth-child(3) { min-width: 18rem; }
.field { display: inline-block; }
.d1 { padding-left: 1.1rem; } .d2 { padding-left: 2.2rem; } .d3 { padding-left: 3.3rem; } .d4 { padding-left: 4.4rem; }
.d5 { padding-left: 5.5rem; } .d6 { padding-left: 6.6rem; } .d7 { padding-left: 7.7rem; } .d8 { padding-left: 8.8rem; }
.nest { color: var(--muted); }
.type { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.85rem; }
.enum, .constraints, .default, .applies { font-size: 0.82rem; color: var(--muted); }
.required { color: #9a3412; }
.muted { color: var(--muted); }
.fields-link { white-space: nowrap; }
details.nested-fields { margin: 0.5rem 0 1rem; }
details.nested-fields > summary { cursor: pointer; font-weight: 600; padding: 0.3rem 0; }

figure.code { margin: 0.75rem 0 1.25rem; }
figure.code figcaption { font-size: 0.8rem; font-weight: 600; color: var(--muted); margin-bottom: 0.25rem; }
pre { background: var(--pre-bg); color: var(--pre-text); padding: 0.9rem 1rem; border-radius: 8px; overflow: auto; max-height: 32rem; margin: 0; line-height: 1.45; }
pre code { font-size: 0.85rem; }

.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr)); gap: 1rem; margin: 1.5rem 0; }
.card { border: 1px solid var(--border); border-radius: 10px; padding: 0.25rem 1.1rem 0.9rem; background: #fff; }
.card h2 { border: 0; font-size: 1.15rem; margin-top: 0.9rem; }
.card ul { padding-left: 1.1rem; margin: 0; }
.button { display: inline-block; background: var(--link); color: #fff; padding: 0.5rem 1rem; border-radius: 6px; text-decoration: none; font-weight: 600; }
.button:hover { background: #0842a0; }
.step-number { display: inline-grid; place-items: center; width: 1.8rem; height: 1.8rem; border-radius: 50%; background: var(--link); color: #fff; font-size: 1rem; margin-right: 0.3rem; }

figure.diagram { margin: 1.25rem 0; overflow-x: auto; }
figure.diagram svg { width: 100%; min-width: 34rem; max-width: 52rem; height: auto; }
figure.diagram figcaption { font-size: 0.9rem; color: var(--muted); }
figure.report-sample { margin: 1.25rem 0; }
figure.report-sample img { display: block; max-width: 100%; height: auto; border: 1px solid var(--border); box-shadow: 0 1px 4px rgba(0, 0, 0, 0.08); }
figure.report-sample figcaption { font-size: 0.9rem; color: var(--muted); margin-top: 0.5rem; }
.sm-box rect { stroke-width: 2; }
.sm-wait rect { fill: #fff7e6; stroke: #b45309; } .sm-run rect { fill: #eef4ff; stroke: #1d4ed8; } .sm-done rect { fill: #ecfdf3; stroke: #166534; }
.sm-title { font: 700 16px system-ui, sans-serif; fill: #111827; }
.sm-line { font: 13px ui-monospace, Menlo, Consolas, monospace; fill: #1f2937; }
.sm-label { font: 13px system-ui, sans-serif; fill: #374151; }
.sm-edge { fill: none; stroke: #374151; stroke-width: 2; }
.sm-back { stroke-dasharray: 6 4; }
.sm-arrowhead { fill: #374151; }

.site-footer { border-top: 1px solid var(--border); padding: 1rem 2.5rem; color: var(--muted); font-size: 0.85rem; }

@media (max-width: 900px) {
  .nav-toggle { display: inline-block; }
  .layout { display: block; }
  .sidebar { display: none; height: auto; min-height: calc(100vh - var(--header-height)); position: static; border-right: 0; }
  body.nav-open .sidebar { display: block; }
  body.nav-open main, body.nav-open .site-footer { display: none; }
  main { padding: 1rem 1rem 3rem; }
  h1 { font-size: 1.6rem; }
  .site-header { flex-wrap: nowrap; gap: 0.6rem; padding: 0 0.75rem; height: var(--header-height); }
  .brand span { display: none; }
  .search { flex: 1 1 auto; min-width: 0; }
  .site-footer { padding: 1rem; }
}
@media (prefers-reduced-motion: reduce) { * { scroll-behavior: auto !important; } }
`;
