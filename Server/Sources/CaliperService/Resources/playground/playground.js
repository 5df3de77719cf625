// playground.js — the Caliper playground: a chip flow laid out by the server (POST /v1/flow and
// /v1/flow/svg) beside the same chips laid out by this browser with CSS flexbox, and the
// differences chip by chip. The CSS follows Tests/Goldens/README.md, "Browser layouts": chips are
// flex items (`flex: none; white-space: nowrap`), the flow a wrapping flex container with
// column-gap = spacing and row-gap = lineSpacing, and every line height is explicit, from the
// font's hhea metrics: (ascender − descender + lineGap) × size / unitsPerEm (Chromium rounds
// `line-height: normal`). Fonts come from the server's font root through @font-face; the chosen
// fallback fonts follow the font in each chip's `font-family` list, in order, as they follow it in
// Caliper's cascade, and every request names them (`fallback`, so the service's default cascade
// never applies): both sides try the same fonts in the same order. What none of them has Caliper
// measures as the font's .notdef, and the browser draws in a font of its own.
//
// Test hook: every input can be given in the URL query (?tags=a,b&font=NotoSans-Regular.ttf&size=15
// &width=320&padding=4,10,4,10&spacing=8&lineSpacing=8&alignment=left&maxRows=&insets=0,0,0,0
// &markup=1&rtl=1&mode=paragraph&text=…&fallback=NotoColorEmoji.ttf,DroidSansFallbackFull.ttf; an
// empty `fallback=` is none, no `fallback` the service's cascade from GET /v1/fonts). When a
// comparison is complete the page sets window.caliperComparison = {done: true, chips, off, worst,
// rows, missingGlyphs, frames, …} and document.body.dataset.comparison = "done" ("error", with
// caliperComparison.error, on failure).
'use strict';

const LU = 1 / 64;   // Chromium's LayoutUnit: the tolerance of the comparison
const ZOOM = 64;     // the measured copy's scale (see run)
const DEFAULTS = {
  mode: 'tags',
  tags: 'swift\nios\nmachine learning\ntext layout\nHarfBuzz\nlinux\nserver-side swift\ntypography\n' +
    'UICollectionView\nauto layout\nfonts\nperformance\ncafé crème\nWi-Fi 6E\nv2.0.1\n¿qué tal?',
  text: 'Caliper measures text exactly as it will be drawn: every glyph advance from HarfBuzz, ' +
    'every line height from the font’s own metrics, so a layout computed on a server matches the device.',
  font: 'NotoSans-Regular.ttf', size: '15', width: '360', padding: '4,10,4,10', insets: '0,0,0,0',
  spacing: '8', lineSpacing: '8', alignment: 'left', maxRows: '', markup: '', rtl: '',
  fallback: '',   // the service's cascade, comma-separated: set from GET /v1/fonts by start()
};
const FIELDS = Object.keys(DEFAULTS);
const JUSTIFY = {left: 'flex-start', leading: 'flex-start', center: 'center', right: 'flex-end', trailing: 'flex-end'};

const $ = id => document.getElementById(id);
const form = $('controls');
let fonts = [];          // GET /v1/fonts
const faces = new Map(); // file -> FontFace (added to document.fonts)
const fallbackFaces = new Map(); // fallbackFamily(font) -> FontFace (added to document.fonts)
let generation = 0;

// ---------------------------------------------------------------------------- inputs

function readQuery() {
  const q = new URLSearchParams(location.search);
  const values = {...DEFAULTS};
  for (const k of FIELDS) if (q.has(k)) values[k] = q.get(k);
  if (q.has('text') && !q.has('mode')) values.mode = 'paragraph';
  return values;
}

function writeForm(values) {
  for (const k of FIELDS) {
    const field = form.elements[k];
    if (!field) continue;
    if (k === 'mode') {
      for (const radio of form.querySelectorAll('input[name=mode]')) radio.checked = radio.value === values.mode;
    } else if (field.type === 'checkbox') {
      field.checked = values[k] !== '' && values[k] !== '0' && values[k] !== 'false';
    } else {
      field.value = values[k];
    }
  }
  renderFallback();
}

function readForm() {
  const values = {};
  for (const k of FIELDS) {
    const field = form.elements[k];
    if (k === 'mode') values.mode = form.querySelector('input[name=mode]:checked').value;
    else if (field.type === 'checkbox') values[k] = field.checked ? '1' : '';
    else values[k] = field.value;
  }
  return values;
}

function syncURL(values) {
  const q = new URLSearchParams();
  for (const k of FIELDS) if (values[k] !== DEFAULTS[k]) q.set(k, values[k]);
  const search = q.toString();
  history.replaceState(null, '', search ? '?' + search : location.pathname);
}

const numbers = (s, n) => {
  const v = String(s).split(/[\s,]+/).filter(Boolean).map(Number);
  if (v.length === 1) return Array(n).fill(v[0]);
  if (v.length !== n || v.some(x => !Number.isFinite(x))) throw new Error(`“${s}” is not ${n} numbers`);
  return v;
};
const number = (s, name) => {
  const v = Number(s);
  if (s === '' || !Number.isFinite(v)) throw new Error(`${name} “${s}” is not a number`);
  return v;
};

// The fallback fonts of a `fallback` value: comma-separated, in order ('' is none).
const fallbackFonts = s => s.split(',').map(f => f.trim()).filter(Boolean);

// The fallback chooser: every font of the root with a checkbox, the chosen ones first, in their
// order (↑ and ↓ move them), then the others; it shows and sets the hidden `fallback` field.
function renderFallback() {
  const chosen = fallbackFonts(form.elements.fallback.value);
  const others = fonts.map(f => f.font).filter(font => !chosen.includes(font));
  $('fallback-list').replaceChildren(...[...chosen, ...others].map(font => {
    const entry = fonts.find(f => f.font === font);
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.value = font;
    box.checked = chosen.includes(font);
    const name = document.createElement('small');
    name.textContent = font;
    const label = document.createElement('label');
    label.append(box, entry ? `${entry.family} ${entry.style} ` : '', name);
    const item = document.createElement('li');
    item.append(label);
    if (box.checked) {
      const k = chosen.indexOf(font);
      item.append(moveButton(font, -1, '↑', k === 0), moveButton(font, 1, '↓', k === chosen.length - 1));
    }
    return item;
  }));
}

function moveButton(font, step, text, disabled) {
  const button = document.createElement('button');
  Object.assign(button, {type: 'button', textContent: text, disabled, title: step < 0 ? 'try earlier' : 'try later'});
  Object.assign(button.dataset, {font, move: String(step)});
  return button;
}

function chooseFallback(chosen) {
  form.elements.fallback.value = chosen.join(',');
  renderFallback();
  schedule();
}

// Tags: one per line when there is a line break, else comma-separated.
function splitTags(s) {
  const parts = /\n/.test(s) ? s.split('\n') : s.split(',');
  return parts.map(t => t.trim()).filter(Boolean);
}

// The flow request (README, `caliper batch`: Flow request) for the inputs.
function flowRequest(v) {
  const entry = fonts.find(f => f.font === v.font);
  if (!entry) throw new Error(`no font ${v.font} in the font root`);
  const fallback = fallbackFonts(v.fallback).map(font => {
    const f = fonts.find(f => f.font === font);
    if (!f) throw new Error(`no fallback font ${font} in the font root`);
    return f;
  });
  const size = number(v.size, 'size'), width = number(v.width, 'width');
  const padding = numbers(v.padding, 4), insets = numbers(v.insets, 4);
  const key = v.markup ? 'markup' : 'text';
  const paragraph = v.mode === 'paragraph';
  const texts = paragraph ? [v.text.trim()].filter(Boolean) : splitTags(v.tags);
  const items = texts.map(t => ({[key]: t, font: v.font, fallback: fallback.map(f => f.font), size, padding}));
  if (paragraph) for (const it of items) { it.maxLines = 0; it.maxWidth = width - insets[1] - insets[3]; }
  const request = {id: 'playground', width, insets, spacing: number(v.spacing, 'spacing'),
    lineSpacing: number(v.lineSpacing, 'line spacing'), alignment: v.alignment, items};
  if (v.maxRows !== '') request.maxRows = number(v.maxRows, 'max rows');
  if (v.rtl) request.rtl = true;
  return {request, entry, fallback, paragraph};
}

// ---------------------------------------------------------------------------- fonts

const cssFamily = entry => `caliper ${entry.family}`;
const lineHeight = (entry, size) => (entry.ascender - entry.descender + entry.lineGap) * size / entry.unitsPerEm;

// Every face of the entry's family (so that <b> or weight="…" finds the same face Caliper's
// markup picks among the font root's files), loaded.
async function loadFamily(entry) {
  const family = fonts.filter(f => f.family === entry.family && !f.font.includes('#'));
  for (const f of family) {
    if (faces.has(f.file)) continue;
    const wght = f.axes.find(a => a.tag === 'wght');
    const face = new FontFace(cssFamily(f), `url("/fonts/${encodeURIComponent(f.file)}")`, {
      weight: wght ? `${wght.minimum} ${wght.maximum}` : String(f.weight),
      style: f.isItalic ? 'italic' : 'normal',
    });
    document.fonts.add(face);
    faces.set(f.file, face);
  }
  await Promise.all(family.map(f => faces.get(f.file).load()));
  await document.fonts.ready;
}

// A fallback font is a family of its own, its one file: Caliper uses the file as given, whatever
// weight or style markup asks of its text (and the chips allow no synthesis).
const fallbackFamily = font => `caliper fallback ${fonts.findIndex(f => f.font === font)}`;

async function loadFallback(entries) {
  for (const f of entries) {
    const family = fallbackFamily(f.font);
    if (fallbackFaces.has(family)) continue;
    const face = new FontFace(family, `url("/fonts/${encodeURIComponent(f.file)}")`, {
      weight: String(f.weight), style: f.isItalic ? 'italic' : 'normal',
    });
    document.fonts.add(face);
    fallbackFaces.set(family, face);
  }
  await Promise.all(entries.map(f => fallbackFaces.get(fallbackFamily(f.font)).load()));
}

// ---------------------------------------------------------------------------- markup → DOM

const WEIGHTS = {thin: 100, ultralight: 200, light: 300, semilight: 350, book: 380, normal: 400, regular: 400,
  medium: 500, semibold: 600, bold: 700, ultrabold: 800, heavy: 900, ultraheavy: 1000};
const NAMED_SIZES = {'xx-small': 0.5787037, 'x-small': 0.6944444, small: 0.8333333, medium: 1, large: 1.2,
  'x-large': 1.44, 'xx-large': 1.728};
const IGNORED = new Set(['foreground', 'fgcolor', 'color', 'background', 'bgcolor', 'alpha', 'fgalpha', 'bgalpha',
  'underline', 'underline_color', 'strikethrough', 'strikethrough_color', 'overline', 'overline_color']);

// Pango markup as DOM nodes styled like Caliper styles it: <b>, <i>, <big>, <small>, <s>, <u>
// and <span> with weight, style, size and colours. Anything else (a family, <tt>, <sup>, rise,
// letter spacing…) has no exact CSS here: it is drawn as text and listed in `untranslated`.
function markupNodes(markup, entry, size, untranslated) {
  const doc = new DOMParser().parseFromString(`<markup>${markup}</markup>`, 'application/xml');
  if (doc.querySelector('parsererror')) throw new Error(`markup “${markup}” is not well formed`);
  const convert = (node, size) => {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE) return document.createTextNode('');
    const span = document.createElement('span');
    const tag = node.localName;
    let s = size;
    if (tag === 'b') span.style.fontWeight = '700';
    else if (tag === 'i') span.style.fontStyle = 'italic';
    else if (tag === 's') span.style.textDecoration = 'line-through';
    else if (tag === 'u') span.style.textDecoration = 'underline';
    else if (tag === 'big') s = size * 1.2;
    else if (tag === 'small') s = size / 1.2;
    else if (tag === 'span') {
      for (const {name, value} of node.attributes) {
        if (name === 'weight' || name === 'font_weight') span.style.fontWeight = String(WEIGHTS[value] ?? Number(value));
        else if (name === 'style' || name === 'font_style') span.style.fontStyle = value === 'normal' ? 'normal' : 'italic';
        else if (name === 'size' || name === 'font_size') {
          if (/^\d+$/.test(value)) s = Number(value) / 1024;
          else if (/pt$/.test(value)) s = parseFloat(value);
          else if (/%$/.test(value)) s = size * parseFloat(value) / 100;
          else if (value === 'larger') s = size * 1.2;
          else if (value === 'smaller') s = size / 1.2;
          else if (value in NAMED_SIZES) s = entry.size * NAMED_SIZES[value];
          else untranslated.add(`size="${value}"`);
        } else if (name === 'foreground' || name === 'fgcolor' || name === 'color') span.style.color = value;
        else if (name === 'background' || name === 'bgcolor') span.style.background = value;
        else if (!IGNORED.has(name)) untranslated.add(`${name}="${value}"`);
      }
    } else if (tag !== 'markup') untranslated.add(`<${tag}>`);
    if (s !== size) {
      span.style.fontSize = s + 'px';
      span.style.lineHeight = lineHeight(entry, s) + 'px';
    }
    for (const child of node.childNodes) span.appendChild(convert(child, s));
    return span;
  };
  return [...doc.documentElement.childNodes].map(n => convert(n, size));
}

// ---------------------------------------------------------------------------- the browser's layout

const cssPadding = p => `${p[0]}px ${p[3]}px ${p[2]}px ${p[1]}px`;   // [t,l,b,r] → CSS t r b l

function browserFlow(request, entry, paragraph, untranslated) {
  const flow = document.createElement('div');
  flow.className = 'flow';
  Object.assign(flow.style, {
    display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', boxSizing: 'border-box',
    width: request.width + 'px', padding: cssPadding(request.insets),
    columnGap: request.spacing + 'px', rowGap: request.lineSpacing + 'px',
    justifyContent: request.alignment === 'justified' ? 'space-between' : JUSTIFY[request.alignment] ?? 'flex-start',
    direction: request.rtl ? 'rtl' : 'ltr',
  });
  // Justified: every row but the last is spread (space-between); the last keeps its leading
  // side, held there by a growing ::after item of outer width 0 (playground.css).
  flow.classList.toggle('justified', request.alignment === 'justified');
  flow.classList.toggle('paragraph', paragraph);
  flow.style.setProperty('--spacing', request.spacing + 'px');
  for (const item of request.items) {
    const chip = chipElement(item, entry, untranslated);
    if (paragraph) {
      // A wrapping chip: as wide as its text up to its maximum width (padding included), as
      // Caliper clamps a chip too wide for its row and wraps its text inside.
      Object.assign(chip.style, {flex: '0 1 auto', whiteSpace: 'normal', overflowWrap: 'anywhere',
        boxSizing: 'border-box', maxWidth: item.maxWidth + 'px'});
    }
    flow.appendChild(chip);
  }
  return flow;
}

// A chip: a flex item that never shrinks or wraps, in the font's @font-face at its size (then its
// fallback fonts', in order), with an explicit line height; no synthetic bold or italic (Caliper
// draws the face its markup picks).
function chipElement(item, entry, untranslated) {
  const chip = document.createElement('div');
  chip.className = 'chip';
  Object.assign(chip.style, {
    flex: 'none', whiteSpace: 'nowrap', boxSizing: 'content-box', minWidth: '0', padding: cssPadding(item.padding),
    fontFamily: [cssFamily(entry), ...(item.fallback ?? []).map(fallbackFamily)].map(f => `"${f}"`).join(', '),
    fontWeight: String(entry.weight), fontStyle: entry.isItalic ? 'italic' : 'normal',
    fontSynthesis: 'none', fontSize: item.size + 'px', lineHeight: lineHeight(entry, item.size) + 'px',
  });
  if (item.markup !== undefined) chip.append(...markupNodes(item.markup, {...entry, size: item.size}, item.size, untranslated));
  else chip.textContent = item.text;
  return chip;
}

const relative = (rect, origin) => [rect.left - origin.left, rect.top - origin.top, rect.width, rect.height];

// UTF-16 offsets where the element's visual lines start: a character starts a line when its top
// is more than half a glyph box below the one before it (glyph boxes, from rounded ascents and
// descents, may be taller than the line height, so they overlap from line to line).
function browserLines(el) {
  const starts = [];
  let offset = 0, last = null;
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (let i = 0; i < node.data.length; i++, offset++) {
      if (/\s/.test(node.data[i])) continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const r = range.getClientRects()[0];
      if (!r) continue;
      if (!last || r.top > last.top + last.height / 2) starts.push(offset);
      last = r;
    }
  }
  return starts;
}

// ---------------------------------------------------------------------------- server

async function post(path, body) {
  const response = await fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error ?? text; } catch (_) { /* not JSON */ }
    throw new Error(`${path}: ${message}`);
  }
  return text;
}

// ---------------------------------------------------------------------------- the comparison

const fmt = v => (Math.round(v * 1e4) / 1e4).toFixed(4).replace(/\.?0+$/, '') || '0';
const fmtDelta = v => Math.abs(v) < 5e-5 ? '0' : (v > 0 ? '+' : '−') + fmt(Math.abs(v));
// A number to copy into code: to 1e-6 px (the doubles' last digits, 138.45499999999998, are noise).
const num = v => String(Number(v.toFixed(6)));

function cell(row, text, cls) {
  const td = row.insertCell();
  td.textContent = text;
  if (cls) td.className = cls;
  return td;
}

function showNumbers(answer, request, visible) {
  const frames = answer.frames.filter((_, i) => visible.has(i)).map(f => f.map(v => Number(num(v))));
  const items = request.items.filter((_, i) => visible.has(i));
  const [width, height] = answer.contentSize.map(num);
  $('widths').textContent = JSON.stringify(frames.map(f => f[2]));
  $('content').textContent = `[${width}, ${height}]\nCGSize(width: ${width}, height: ${height})`;
  $('frames-json').textContent = JSON.stringify(frames);
  $('frames-swift').textContent = frames.length
    ? 'let frames: [CGRect] = [\n' + frames.map((f, i) => `    CGRect(x: ${f[0]}, y: ${f[1]}, width: ${f[2]}, height: ${f[3]}),` +
      ` // ${JSON.stringify(items[i].text ?? items[i].markup)}`).join('\n') + '\n]'
    : 'let frames: [CGRect] = []';
}

// The status's note on clusters no font covers (the flow answer's missingGlyphs), or ''.
function missingGlyphsNote(answer, entry) {
  const clusters = answer.missingGlyphs, chips = (answer.itemsMissingGlyphs ?? []).length;
  if (!clusters) return '';
  return ` — ${clusters} cluster${clusters === 1 ? '' : 's'} in ${chips} chip${chips === 1 ? '' : 's'} no font covers: ` +
    `Caliper measures ${clusters === 1 ? 'it' : 'them'} as ${entry.family}’s .notdef box, this browser draws ` +
    `${clusters === 1 ? 'it' : 'them'} in fonts of its own, so ${chips === 1 ? 'that chip' : 'those chips'} may differ`;
}

async function run(fromUser) {
  const mine = ++generation;
  const values = readForm();
  if (fromUser) syncURL(values);
  document.body.dataset.comparison = 'running';
  window.caliperComparison = {done: false};
  $('text-field').hidden = values.mode !== 'paragraph';
  $('tags-field').hidden = values.mode === 'paragraph';
  const status = $('status');
  try {
    const {request, entry, fallback, paragraph} = flowRequest(values);
    status.className = 'status';
    status.textContent = `Laying out ${request.items.length} chip${request.items.length === 1 ? '' : 's'}…`;
    const measure = paragraph && request.items.length
      ? post('/v1/measure', {id: 'lines', [values.markup ? 'markup' : 'text']: values.text.trim(), font: values.font,
        fallback: request.items[0].fallback, size: request.items[0].size,
        maxWidth: request.items[0].maxWidth - request.items[0].padding[1] - request.items[0].padding[3]})
      : null;
    const [answerText, svg, measured] = await Promise.all([post('/v1/flow', request), post('/v1/flow/svg', request), measure,
      loadFamily(entry), loadFallback(fallback)]);
    if (mine !== generation) return;
    const answer = JSON.parse(answerText);
    $('caliper').innerHTML = svg;

    // The browser's layout, twice: as shown (1×), and a hidden copy at ZOOM× (CSS zoom) that is
    // measured. At 1× Chromium snaps every box to its LayoutUnit, 1/64 px: a text's width is
    // ceiled to it and a line box rounded to it, so x drifts by up to 1/64 px per chip along a
    // row and y by up to 1/128 px per row (Tests/Goldens/README.md, "Precision"). At ZOOM× the
    // same flexbox snaps to 1/(64·ZOOM) px, and its frames ÷ ZOOM are the layout without that
    // rounding.
    const untranslated = new Set();
    for (const f of fallback) if (f.font.includes('#')) untranslated.add(`fallback ${f.font} (a face of a collection)`);
    const flow = browserFlow(request, entry, paragraph, untranslated);
    const probe = browserFlow(request, entry, paragraph, untranslated);
    $('browser').replaceChildren(flow);
    $('probe').replaceChildren(probe);
    $('probe').style.zoom = String(ZOOM);
    await document.fonts.ready;
    if (mine !== generation) return;

    // CSS has no row limit: the chips Caliper hides (maxRows) are left out, and its "+N" chip
    // (styled like the first chip) is added where Caliper puts it, at the end of the last row.
    const visible = new Set(answer.rows.flatMap(([a, b]) => Array.from({length: b - a}, (_, k) => a + k)));
    const chipsOf = container => {
      const chips = [...container.children].filter((chip, i) => {
        if (!visible.has(i)) chip.style.display = 'none';
        return visible.has(i);
      });
      if (answer.overflow) {
        const first = request.items[0];
        const chip = chipElement({text: answer.overflow.text, size: first.size, padding: first.padding, fallback: first.fallback},
          entry, untranslated);
        container.appendChild(chip);
        chips.push(chip);
      }
      return chips;
    };
    const shownChips = chipsOf(flow), probeChips = chipsOf(probe);
    const compared = [...visible].sort((a, b) => a - b).map(i => [String(i), answer.frames[i], request.items[i]]);
    if (answer.overflow) compared.push(['+N', answer.overflow.frame, {text: answer.overflow.text}]);
    const shown = visible.size;

    const origin = flow.getBoundingClientRect(), probeOrigin = probe.getBoundingClientRect();
    const scale = probeOrigin.width / request.width;   // ZOOM, as the rects report it
    const tbody = $('diff').tBodies[0];
    tbody.replaceChildren();
    const missing = new Set((answer.itemsMissingGlyphs ?? []).map(String));
    let off = 0, worst = 0, worst1x = 0;
    const frames = [];
    compared.forEach(([label, mineFrame, item], k) => {
      const theirs = relative(probeChips[k].getBoundingClientRect(), probeOrigin).map(v => v / scale);
      frames.push({chip: label, caliper: mineFrame, browser: theirs});
      const deltas = theirs.map((b, q) => b - mineFrame[q]);
      const at1x = relative(shownChips[k].getBoundingClientRect(), origin).map((b, q) => Math.abs(b - mineFrame[q]));
      worst1x = Math.max(worst1x, ...at1x);
      const bad = deltas.some(d => Math.abs(d) > LU + 1e-9);
      worst = Math.max(worst, ...deltas.map(Math.abs));
      if (bad) { off++; shownChips[k].classList.add('off'); }
      const row = tbody.insertRow();
      if (bad) row.className = 'off';
      if (missing.has(label)) {
        row.classList.add('missing');
        row.title = 'Caliper measures text no font has as the font’s .notdef box; the browser finds fonts of its own';
      }
      cell(row, label);
      cell(row, item.text ?? item.markup).title = item.text ?? item.markup;
      cell(row, mineFrame.map(fmt).join(', '));
      cell(row, theirs.map(fmt).join(', '));
      for (const d of deltas) cell(row, fmtDelta(d), Math.abs(d) > LU + 1e-9 ? 'off' : Math.abs(d) < 5e-5 ? 'zero' : '');
      cell(row, fmt(Math.max(...at1x)), 'muted');
    });
    const probeSize = [probeOrigin.width / scale, probeOrigin.height / scale];

    // Paragraph mode: Caliper's line starts (/v1/measure) against the browser's.
    let lineOff = 0;
    $('lines-box').hidden = !paragraph;
    if (paragraph && measured && compared.length) {
      const mineStarts = JSON.parse(measured).lines.map(l => l.start);
      const theirStarts = browserLines(shownChips[0]);
      const list = document.createElement('ol');
      const count = Math.max(mineStarts.length, theirStarts.length);
      const plain = shownChips[0].textContent;
      for (let k = 0; k < count; k++) {
        const a = mineStarts[k], b = theirStarts[k];
        const li = document.createElement('li');
        const end = mineStarts[k + 1] ?? plain.length;
        li.textContent = a === b ? `${a}: ${plain.slice(a, end).trim()}` : `Caliper starts at ${a}, browser at ${b}`;
        if (a !== b) { li.className = 'off'; lineOff++; }
        list.appendChild(li);
      }
      $('lines').replaceChildren(list);
    }

    const summary = $('summary');
    const rows = answer.rows.length;
    const notes = untranslated.size ? ` — not compared exactly: ${[...untranslated].join(', ')}` : '';
    summary.textContent = `${shown} chip${shown === 1 ? '' : 's'} in ${rows} row${rows === 1 ? '' : 's'}, ${off} off by more than 1/64 px, ` +
      `worst Δ ${fmt(worst)} px` + (paragraph ? `, ${lineOff} line break${lineOff === 1 ? '' : 's'} differ` : '') +
      `; content ${answer.contentSize.map(fmt).join(' × ')} px (browser ${probeSize.map(fmt).join(' × ')})${notes}`;
    $('grid-note').textContent = `As shown (1×), the browser's boxes sit on its 1/64 px grid: worst Δ there ${fmt(worst1x)} px. ` +
      `The Δ columns compare a copy laid out at ${ZOOM}× (CSS zoom), which removes that rounding.`;
    summary.className = 'summary ' + (off || lineOff ? 'bad' : 'ok');
    const cascade = fallback.length ? `then ${fallback.map(f => `${f.family} ${f.style}`).join(', ')}` : 'no fallback';
    status.textContent = `${entry.family} ${entry.style} (${cascade}), ${request.items[0]?.size ?? ''} px, width ${request.width} px` +
      (answer.hiddenCount ? `, ${answer.hiddenCount} hidden by max rows` : '') + missingGlyphsNote(answer, entry);
    status.className = answer.missingGlyphs ? 'status warn' : 'status';
    showNumbers(answer, request, visible);

    window.caliperComparison = {done: true, chips: shown, requested: request.items.length, hidden: answer.hiddenCount, off, worst, rows,
      lineBreaksOff: lineOff, contentSize: answer.contentSize, browserSize: probeSize, worstAt1x: worst1x,
      untranslated: [...untranslated], fallback: fallback.map(f => f.font),
      missingGlyphs: answer.missingGlyphs, itemsMissingGlyphs: answer.itemsMissingGlyphs ?? [], frames};
    document.body.dataset.comparison = 'done';
  } catch (error) {
    if (mine !== generation) return;
    status.className = 'status error';
    status.textContent = String(error.message ?? error);
    window.caliperComparison = {done: true, error: String(error.message ?? error)};
    document.body.dataset.comparison = 'error';
  }
}

// ---------------------------------------------------------------------------- start

let timer = null;
const schedule = () => { clearTimeout(timer); timer = setTimeout(() => run(true), 250); };

document.addEventListener('click', async event => {
  const button = event.target.closest('button[data-copy]');
  if (!button) return;
  const text = $(button.dataset.copy).textContent;
  try {
    await navigator.clipboard.writeText(text);
  } catch (_) {   // no clipboard API (an insecure origin): select and copy
    const range = document.createRange();
    range.selectNodeContents($(button.dataset.copy));
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    document.execCommand('copy');
  }
  button.textContent = 'Copied';
  button.classList.add('copied');
  setTimeout(() => { button.textContent = 'Copy'; button.classList.remove('copied'); }, 1200);
});

async function start() {
  try {
    const response = await fetch('/v1/fonts');
    const listing = await response.json();
    fonts = listing.fonts;
    DEFAULTS.fallback = (listing.fallback ?? []).join(',');
  } catch (error) {
    $('status').className = 'status error';
    $('status').textContent = `GET /v1/fonts failed: ${error}`;
    window.caliperComparison = {done: true, error: String(error)};
    document.body.dataset.comparison = 'error';
    return;
  }
  const select = form.elements.font;
  for (const f of fonts) select.add(new Option(`${f.family} ${f.style} — ${f.font}`, f.font));
  const values = readQuery();
  if (!fonts.some(f => f.font === values.font) && fonts.length) values.font = fonts[0].font;
  writeForm(values);
  form.addEventListener('input', schedule);
  form.addEventListener('change', schedule);
  form.addEventListener('submit', event => { event.preventDefault(); run(true); });
  $('fallback-list').addEventListener('change', () =>
    chooseFallback([...$('fallback-list').querySelectorAll('input:checked')].map(box => box.value)));
  $('fallback-list').addEventListener('click', event => {
    const button = event.target.closest('button[data-move]');
    if (!button) return;
    const chosen = fallbackFonts(form.elements.fallback.value);
    const k = chosen.indexOf(button.dataset.font), j = k + Number(button.dataset.move);
    if (k < 0 || j < 0 || j >= chosen.length) return;
    [chosen[k], chosen[j]] = [chosen[j], chosen[k]];
    chooseFallback(chosen);
  });
  run();
}

start();
