/**
 * The panel's styles, scoped by its shadow root: the page's rules do not reach inside, and these do not leak out.
 * `:host { all: initial }` also cuts what the host would inherit from the page (fonts, colours, line height).
 */
export const DEVTOOLS_CSS = `
:host { all: initial; display: block; font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  color: #e6edf3; }
:host([data-placement="floating"]) { position: fixed; right: 12px; bottom: 12px; z-index: 2147483000;
  width: min(460px, calc(100vw - 24px)); }
.panel { background: #0d1117; border: 1px solid #30363d; border-radius: 8px; box-shadow: 0 8px 24px #0008;
  overflow: hidden; }
:host([data-placement="floating"][data-open="false"]) { width: auto; }
:host([data-placement="floating"]) .panel { max-height: min(70vh, 640px); display: flex; flex-direction: column; }
.bar { display: flex; align-items: center; gap: 8px; padding: 6px 10px; background: #161b22;
  border-bottom: 1px solid #30363d; }
.bar h2 { flex: 1; margin: 0; font-size: 13px; font-weight: 600; }
.body { overflow: auto; padding: 4px 10px 10px; }
.body[hidden] { display: none; }
section.part { margin-top: 8px; }
.part-head { display: flex; align-items: center; gap: 8px; }
h3 { flex: 1; margin: 0 0 4px; font-size: 12px; font-weight: 600; color: #8b949e; text-transform: uppercase;
  letter-spacing: 0.04em; }
button { font: inherit; color: #e6edf3; background: #21262d; border: 1px solid #30363d; border-radius: 6px;
  padding: 2px 8px; cursor: pointer; }
button:hover { background: #30363d; }
button:focus-visible { outline: 2px solid #58a6ff; outline-offset: 1px; }
dl.figures { display: grid; grid-template-columns: repeat(4, auto); gap: 2px 10px; margin: 0; }
dl.figures div { display: contents; }
dt { color: #8b949e; }
dd { margin: 0; font-variant-numeric: tabular-nums; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { text-align: left; padding: 1px 6px 1px 0; vertical-align: top; }
th { color: #8b949e; font-weight: 400; }
td.num, th.num { text-align: right; }
.empty, .note { color: #8b949e; margin: 0; }
.state-failed, .kind-error, .kind-mutationFailed, .warn { color: #ff7b72; }
.state-sending, .kind-quarantined { color: #d29922; }
.state-pending { color: #58a6ff; }
ol.errors { list-style: none; margin: 0; padding: 0; }
ol.errors li { padding: 2px 0; border-top: 1px solid #21262d; overflow-wrap: anywhere; }
time { color: #8b949e; }
button.key { border: none; background: none; padding: 0; text-align: left; color: #58a6ff; overflow-wrap: anywhere; }
button.key[aria-pressed="true"] { color: #e6edf3; font-weight: 600; text-decoration: underline; }
.badge { border-radius: 4px; padding: 0 4px; }
.status-fresh { color: #3fb950; }
.status-stale { color: #d29922; }
.status-missing, .status-loading { color: #8b949e; }
.selected { margin-top: 6px; padding-top: 4px; border-top: 1px solid #30363d; }
.selected h4 { margin: 0 0 4px; font-size: 12px; overflow-wrap: anywhere; }
.actions { display: flex; gap: 6px; margin: 4px 0; }
ul.json { list-style: none; margin: 0; padding-left: 12px; overflow-wrap: anywhere; }
.json-key { color: #8b949e; }
summary { cursor: pointer; }
summary:focus-visible { outline: 2px solid #58a6ff; }
`;

/**
 * Puts the styles into `shadow`. A constructed stylesheet first: a strict CSP (`style-src 'self'`, no
 * `'unsafe-inline'`) refuses a `<style>` element but not the CSSOM. Where the browser has no constructable
 * stylesheets, a `<style>` element (which such a CSP refuses: the panel then works unstyled).
 */
export function adoptStyles(shadow: ShadowRoot): void {
  const view = shadow.ownerDocument.defaultView as (Window & typeof globalThis) | null;
  const Sheet = view?.CSSStyleSheet;
  if (Sheet && 'replaceSync' in Sheet.prototype && 'adoptedStyleSheets' in shadow) {
    const sheet = new Sheet();
    sheet.replaceSync(DEVTOOLS_CSS);
    shadow.adoptedStyleSheets = [sheet];
    return;
  }
  const style = shadow.ownerDocument.createElement('style');
  style.textContent = DEVTOOLS_CSS;
  shadow.append(style);
}
