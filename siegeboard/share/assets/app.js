// The players' page: one side's view of the siege, drawn on a canvas, kept live by
// server-sent events. It only reads: it fetches "state" (made by the program from what
// this side may know) and draws it. Every length below in "px" is CSS pixels on screen.
"use strict";

(function () {
  const OUTLINE_PX = 1.6, HALO_PX = 5, FIRE_RING_PX = 4, PATTERN_STEP = 6;
  const NAME_MIN_WIDTH = 40, NAME_MIN_HEIGHT = 22, BATTERY_RADIUS = 9;
  const SIDE_WORDS = { besieger: "Besiegers", defender: "Defenders" };
  const canvas = document.getElementById("board");
  const ctx = canvas.getContext("2d");
  const $ = (id) => document.getElementById(id);

  let state = null;          // the last state fetched
  let version = -1;          // its version
  let shapes = [];           // per structure: its Path2D and box, made once per state
  let plan = null;           // {url, image}
  let view = null;           // {x, y, scale}: world point at the canvas' top-left; px per metre
  let ownView = false;       // the player moved the map: keep their view until the GM shows
  let shownKey = "null";
  let events = null;
  let fetching = false, fetchAgain = false, ended = false;
  const patterns = {};

  // -- the state --------------------------------------------------------------------------
  async function refresh() {
    if (ended) return;
    if (fetching) { fetchAgain = true; return; }
    fetching = true;
    try {
      const response = await fetch("state", { cache: "no-store", credentials: "omit" });
      if (response.status === 403) { end("This link is no longer valid. Ask the GM for a new one."); return; }
      if (!response.ok) throw new Error(String(response.status));
      const next = await response.json();
      if (next.version >= version) take(next);
    } catch (error) {
      setStatus("lost", "reconnecting");
    } finally {
      fetching = false;
      if (fetchAgain) { fetchAgain = false; refresh(); }
    }
  }

  function take(next) {
    if (next.blank) {                 // the GM hid the map for a moment (a reveal)
      version = next.version;
      document.body.dataset.version = String(version);
      $("notice").textContent = "The GM has hidden the map for a moment.";
      $("notice").hidden = false;
      $("notice").classList.add("dark");
      return;
    }
    $("notice").classList.remove("dark");
    if (!ended) $("notice").hidden = true;
    const first = state === null;
    state = next;
    version = next.version;
    shapes = next.structures.map(shapeOf);
    $("title").textContent = next.title;
    $("clock").textContent = next.clock;
    const side = $("side");
    side.textContent = SIDE_WORDS[next.side] || next.side;
    side.className = "side " + next.side;
    document.title = next.title + " · " + side.textContent;
    // What is on the page, for anyone reading it (and the browser tests): no secret here
    // that the state did not already hold.
    document.body.dataset.version = String(version);
    document.body.dataset.structures = String(next.structures.length);
    $("attribution").textContent = (next.attribution || []).join(" · ");
    showLog(next.log);
    loadPlan(next.plan);
    const key = JSON.stringify(next.shown);
    $("follow").hidden = next.shown === null;
    if (key !== shownKey) {           // the GM shows something new: look there
      shownKey = key;
      ownView = false;
    }
    if (first || !ownView) fitTo(next.shown || boxOf(next.extent));
    draw();
  }

  function shapeOf(s) {
    const path = new Path2D();
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    const ring = (flat) => {
      for (let i = 0; i < flat.length; i += 2) {
        const x = flat[i], y = flat[i + 1];
        if (i === 0) path.moveTo(x, y); else path.lineTo(x, y);
        if (x < minX) minX = x; if (x > maxX) maxX = x;
        if (y < minY) minY = y; if (y > maxY) maxY = y;
      }
      path.closePath();
    };
    ring(s.outline);
    for (const hole of s.holes) ring(hole);
    return { s, path, box: [minX, minY, maxX, maxY] };
  }

  function loadPlan(placement) {
    if (!placement) { plan = null; return; }
    if (plan && plan.url === placement.url) { plan.placement = placement; return; }
    const image = new Image();
    plan = { url: placement.url, placement, image, ready: false };
    const mine = plan;
    image.onload = () => { mine.ready = true; draw(); };
    image.src = placement.url;
  }

  function showLog(entries) {
    const list = $("entries");
    list.replaceChildren();
    for (const entry of entries.slice().reverse()) {
      const item = document.createElement("li");
      const heading = document.createElement("span");
      heading.className = "heading";
      heading.textContent = entry.heading;
      item.append(heading);
      for (const line of entry.lines) {
        const text = document.createElement("span");
        text.className = "line";
        text.textContent = line;
        item.append(text);
      }
      list.append(item);
    }
    if (!entries.length) {
      const item = document.createElement("li");
      item.textContent = "Nothing yet.";
      list.append(item);
    }
  }

  // -- the push channel ----------------------------------------------------------------------
  function connect() {
    if (ended) return;
    if (events) events.close();
    setStatus("connecting", "connecting");
    events = new EventSource("events");
    events.onopen = () => { setStatus("live", "live"); refresh(); };
    events.onmessage = (message) => {
      const data = JSON.parse(message.data);
      if (data.version > version) refresh();
    };
    events.addEventListener("revoked", () => end("The GM ended this link."));
    events.onerror = () => {
      setStatus("lost", "reconnecting");
      if (events.readyState === EventSource.CLOSED) {
        // The browser gave up (the server said no, or is gone): ask again by hand.
        setTimeout(() => refresh().then(() => { if (!ended) connect(); }), 3000);
      }
    };
  }

  function end(why) {
    ended = true;
    if (events) events.close();
    state = null;
    shapes = [];
    plan = null;
    setStatus("lost", "ended");
    document.body.dataset.ended = "true";
    $("notice").textContent = why;
    $("notice").hidden = false;
    draw();
  }

  function setStatus(kind, words) {
    const status = $("status");
    status.className = "status " + kind;
    status.textContent = words;
  }

  window.addEventListener("online", () => { if (!ended) connect(); });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && !ended) refresh();
  });

  // -- the view ----------------------------------------------------------------------------
  function boxOf(extent) {
    return [extent[0], extent[1], extent[2] - extent[0], extent[3] - extent[1]];
  }

  function fitTo(box) {
    const width = canvas.clientWidth || 1, height = canvas.clientHeight || 1;
    const margin = 12;
    const w = Math.max(box[2], 1), h = Math.max(box[3], 1);
    const scale = Math.min((width - 2 * margin) / w, (height - 2 * margin) / h);
    view = { scale, x: box[0] + w / 2 - width / 2 / scale, y: box[1] + h / 2 - height / 2 / scale };
  }

  function zoomAt(px, py, factor) {
    if (!view) return;
    const scale = Math.min(Math.max(view.scale * factor, 0.005), 400);
    const wx = view.x + px / view.scale, wy = view.y + py / view.scale;
    view = { scale, x: wx - px / scale, y: wy - py / scale };
    ownView = true;
    draw();
  }

  function panBy(dx, dy) {
    if (!view) return;
    view = { scale: view.scale, x: view.x - dx / view.scale, y: view.y - dy / view.scale };
    ownView = true;
    draw();
  }

  const pointers = new Map();
  let pinch = null;
  canvas.addEventListener("pointerdown", (event) => {
    canvas.setPointerCapture(event.pointerId);
    pointers.set(event.pointerId, [event.offsetX, event.offsetY]);
    canvas.classList.add("dragging");
    pinch = null;
  });
  canvas.addEventListener("pointermove", (event) => {
    const last = pointers.get(event.pointerId);
    if (!last) return;
    const now = [event.offsetX, event.offsetY];
    if (pointers.size === 1) {
      panBy(now[0] - last[0], now[1] - last[1]);
    } else if (pointers.size === 2) {
      const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)[1];
      const distance = Math.hypot(now[0] - other[0], now[1] - other[1]);
      const middle = [(now[0] + other[0]) / 2, (now[1] + other[1]) / 2];
      if (pinch) {
        panBy(middle[0] - pinch.middle[0], middle[1] - pinch.middle[1]);
        if (pinch.distance > 0) zoomAt(middle[0], middle[1], distance / pinch.distance);
      }
      pinch = { distance, middle };
    }
    pointers.set(event.pointerId, now);
  });
  const release = (event) => {
    pointers.delete(event.pointerId);
    pinch = null;
    if (!pointers.size) canvas.classList.remove("dragging");
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
  canvas.addEventListener("wheel", (event) => {
    event.preventDefault();
    const lines = event.deltaMode === 1 ? 33 : event.deltaMode === 2 ? 400 : 1;
    zoomAt(event.offsetX, event.offsetY, Math.pow(1.0015, -event.deltaY * lines));
  }, { passive: false });
  canvas.addEventListener("dblclick", (event) => zoomAt(event.offsetX, event.offsetY, 2));
  // Keys, for a laptop at the table: + and - zoom, the arrows pan, 0 fits the whole map.
  window.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;  // the browser's own zoom
    const w = canvas.clientWidth, h = canvas.clientHeight, step = 60;
    const moves = { ArrowLeft: [step, 0], ArrowRight: [-step, 0], ArrowUp: [0, step],
                    ArrowDown: [0, -step] };
    if (event.key === "+" || event.key === "=") zoomAt(w / 2, h / 2, 1.25);
    else if (event.key === "-" || event.key === "_") zoomAt(w / 2, h / 2, 0.8);
    else if (event.key === "0") $("fit").click();
    else if (moves[event.key]) panBy(...moves[event.key]);
    else return;
    event.preventDefault();
  });
  $("fit").addEventListener("click", () => {
    if (state) { fitTo(boxOf(state.extent)); ownView = true; draw(); }
  });
  $("follow").addEventListener("click", () => {
    if (state && state.shown) { fitTo(state.shown); ownView = false; draw(); }
  });
  $("logButton").addEventListener("click", () => {
    const log = $("log");
    log.hidden = !log.hidden;
    $("logButton").setAttribute("aria-expanded", String(!log.hidden));
  });
  window.addEventListener("resize", () => {
    if (state && !ownView) fitTo(state.shown || boxOf(state.extent));
    draw();
  });

  // -- drawing -----------------------------------------------------------------------------
  let frame = 0;
  function draw() {
    if (!frame) frame = requestAnimationFrame(() => { frame = 0; paint(); });
  }

  function pattern(kind) {
    if (patterns[kind] !== undefined) return patterns[kind];
    const dpr = window.devicePixelRatio || 1;
    const size = Math.round(PATTERN_STEP * dpr);
    const tile = document.createElement("canvas");
    tile.width = tile.height = size;
    const t = tile.getContext("2d");
    t.strokeStyle = t.fillStyle = "rgba(0,0,0,0.67)";
    t.lineWidth = dpr;
    if (kind === "dots") {
      t.beginPath(); t.arc(size / 2, size / 2, 0.8 * dpr, 0, 2 * Math.PI); t.fill();
    } else {
      t.beginPath(); t.moveTo(0, size); t.lineTo(size, 0);
      t.moveTo(-size / 2, size / 2); t.lineTo(size / 2, -size / 2);
      t.moveTo(size / 2, size * 1.5); t.lineTo(size * 1.5, size / 2);
      if (kind === "crosshatch") { t.moveTo(0, 0); t.lineTo(size, size); }
      t.stroke();
    }
    patterns[kind] = ctx.createPattern(tile, "repeat");
    return patterns[kind];
  }

  function paint() {
    const dpr = window.devicePixelRatio || 1;
    const width = canvas.clientWidth, height = canvas.clientHeight;
    if (canvas.width !== Math.round(width * dpr) || canvas.height !== Math.round(height * dpr)) {
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = "#f4f1ea";
    ctx.fillRect(0, 0, width, height);
    if (!state || !view) return;
    const s = view.scale;
    const world = () => ctx.setTransform(dpr * s, 0, 0, dpr * s, -view.x * s * dpr, -view.y * s * dpr);
    const screen = () => ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const toScreen = (x, y) => [(x - view.x) * s, (y - view.y) * s];
    const visible = [view.x, view.y, view.x + width / s, view.y + height / s];

    if (plan && plan.ready) {
      const p = plan.placement;
      world();
      ctx.translate(p.offset[0], p.offset[1]);
      ctx.rotate(p.rotation * Math.PI / 180);
      ctx.scale(1 / p.pixels_per_metre, 1 / p.pixels_per_metre);
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(plan.image, 0, 0);
    }
    paintGrid(visible, toScreen, screen, width, height);

    const onScreen = [];
    for (const shape of shapes) {
      const b = shape.box;
      if (b[2] < visible[0] || b[0] > visible[2] || b[3] < visible[1] || b[1] > visible[3]) continue;
      onScreen.push(shape);
    }
    world();
    for (const { s: st, path } of onScreen) {
      ctx.globalAlpha = st.fill_alpha;
      ctx.fillStyle = st.fill;
      ctx.fill(path, "evenodd");
      ctx.globalAlpha = 1;
      if (st.pattern !== "none") {
        const fill = pattern(st.pattern);
        fill.setTransform(new DOMMatrix().scale(1 / (s * dpr)));
        ctx.fillStyle = fill;
        ctx.fill(path, "evenodd");
      }
    }
    for (const { s: st, path } of onScreen) {
      if (st.alarm) {
        ctx.lineWidth = HALO_PX / s;
        ctx.strokeStyle = "#D55E00";
        ctx.setLineDash([]);
        ctx.stroke(path);
      }
      if (st.fire) {
        ctx.lineWidth = FIRE_RING_PX / s;
        ctx.strokeStyle = "#E69F00";
        ctx.setLineDash([8 / s, 4.8 / s]);
        ctx.stroke(path);
        ctx.setLineDash([]);
      }
      ctx.lineWidth = OUTLINE_PX / s;
      ctx.strokeStyle = st.stroke;
      ctx.lineJoin = "miter";
      ctx.stroke(path);
    }
    screen();
    for (const battery of state.batteries) paintBattery(battery, toScreen);
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    const taken = [];
    for (const { s: st, box } of onScreen) {
      const [x0, y0] = toScreen(box[0], box[1]);
      const [x1, y1] = toScreen(box[2], box[3]);
      const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
      let below = cy;
      if (x1 - x0 >= NAME_MIN_WIDTH && y1 - y0 >= NAME_MIN_HEIGHT) {
        words(st.name, cx, cy, x1 - x0 - 4, "11px");
        below = cy + 13;
        if (st.people) { words(st.people, cx, below, x1 - x0 - 4, "11px", "#8b0000"); below += 13; }
      }
      // Plates and badges keep a fixed size on screen; where they would pile up (a town
      // seen whole), the first one drawn stands for its neighbours: the hatch still shows.
      if (st.mark && clear(taken, cx, below + (below === cy ? 0 : 4), 70, 15)) {
        plate(st.mark, cx, below + (below === cy ? 0 : 4));
        below += 19;
      }
      if (st.fire && clear(taken, cx, below + (below === cy && !st.mark ? 0 : 4), 34, 14)) {
        badge(cx, below + (below === cy && !st.mark ? 0 : 4));
      }
    }
  }

  // Whether a w x h box centred on (x, y) is free of the boxes in ``taken``; if so, it is
  // taken from now on.
  function clear(taken, x, y, w, h) {
    const box = [x - w / 2, y - h / 2, x + w / 2, y + h / 2];
    for (const other of taken) {
      if (box[0] < other[2] && other[0] < box[2] && box[1] < other[3] && other[1] < box[3]) return false;
    }
    taken.push(box);
    return true;
  }

  function paintGrid(visible, toScreen, screen, width, height) {
    const grid = state.grid, size = grid.square, s = view.scale;
    screen();
    const ox = grid.origin[0], oy = grid.origin[1];
    // The grid covers the board's 10 m squares (the extent's), not the whole screen.
    const gx0 = ox + grid.first[0] * size, gy0 = oy + grid.first[1] * size;
    const gx1 = gx0 + grid.columns.length * size, gy1 = gy0 + grid.rows.length * size;
    const [left, top] = toScreen(gx0, gy0), [right, bottom] = toScreen(gx1, gy1);
    const lines = (step, colour, lineWidth) => {
      if (step * s < 6) return;
      ctx.beginPath();
      const firstX = ox + Math.ceil((Math.max(visible[0], gx0) - ox) / step) * step;
      for (let x = firstX; x <= Math.min(visible[2], gx1); x += step) {
        const sx = Math.round(toScreen(x, 0)[0]) + 0.5;
        ctx.moveTo(sx, Math.max(top, 0)); ctx.lineTo(sx, Math.min(bottom, height));
      }
      const firstY = oy + Math.ceil((Math.max(visible[1], gy0) - oy) / step) * step;
      for (let y = firstY; y <= Math.min(visible[3], gy1); y += step) {
        const sy = Math.round(toScreen(0, y)[1]) + 0.5;
        ctx.moveTo(Math.max(left, 0), sy); ctx.lineTo(Math.min(right, width), sy);
      }
      ctx.strokeStyle = colour;
      ctx.lineWidth = lineWidth;
      ctx.stroke();
    };
    lines(2, "rgba(40,40,40,0.22)", 1);
    lines(size, "rgba(20,20,20,0.55)", 1);
    // The 10 m labels: every square when there is room, else every 5th or 10th...
    let every = 1;
    for (const candidate of [1, 5, 10, 50, 100, 500, 1000]) {
      every = candidate;
      if (candidate * size * s >= 56) break;
    }
    ctx.font = "10px 'DejaVu Sans', system-ui, sans-serif";
    ctx.textAlign = "left";
    ctx.textBaseline = "top";
    const c0 = Math.max(grid.first[0], Math.floor((visible[0] - ox) / size));
    const c1 = Math.min(grid.first[0] + grid.columns.length - 1, Math.floor((visible[2] - ox) / size));
    const r0 = Math.max(grid.first[1], Math.floor((visible[1] - oy) / size));
    const r1 = Math.min(grid.first[1] + grid.rows.length - 1, Math.floor((visible[3] - oy) / size));
    if ((c1 - c0 + 1) * (r1 - r0 + 1) / (every * every) > 4000) return;
    for (let c = c0; c <= c1; c++) {
      if ((c - grid.first[0]) % every) continue;
      for (let r = r0; r <= r1; r++) {
        if ((r - grid.first[1]) % every) continue;
        const label = grid.columns[c - grid.first[0]] + grid.rows[r - grid.first[1]];
        const [x, y] = toScreen(ox + c * size, oy + r * size);
        ctx.fillStyle = "rgba(255,255,255,0.7)";
        const w = ctx.measureText(label).width;
        ctx.fillRect(x + 2, y + 2, w + 4, 12);
        ctx.fillStyle = "rgba(20,20,20,0.8)";
        ctx.fillText(label, x + 4, y + 3);
      }
    }
  }

  function words(text, x, y, room, size, colour) {
    ctx.font = size + " 'DejaVu Sans', system-ui, sans-serif";
    let shown = text;
    if (ctx.measureText(shown).width > room) {
      while (shown.length > 1 && ctx.measureText(shown + "…").width > room) shown = shown.slice(0, -1);
      shown += "…";
    }
    const w = ctx.measureText(shown).width;
    ctx.fillStyle = "rgba(255,255,255,0.78)";
    ctx.fillRect(x - w / 2 - 2, y - 7, w + 4, 14);
    ctx.fillStyle = colour || "#000";
    ctx.fillText(shown, x, y);
  }

  function plate(text, x, y) {
    ctx.font = "bold 11px 'DejaVu Sans', system-ui, sans-serif";
    const w = ctx.measureText(text).width + 10;
    ctx.fillStyle = "#D55E00";
    ctx.strokeStyle = "#000";
    ctx.lineWidth = 1;
    ctx.fillRect(x - w / 2, y - 7.5, w, 15);
    ctx.strokeRect(x - w / 2, y - 7.5, w, 15);
    ctx.fillStyle = "#fff";
    ctx.fillText(text, x, y + 0.5);
  }

  function badge(x, y) {
    ctx.font = "bold 9px 'DejaVu Sans', system-ui, sans-serif";
    const w = ctx.measureText("Fire").width + 8;
    ctx.fillStyle = "#202020";
    ctx.beginPath();
    ctx.roundRect(x - w / 2, y - 7, w, 14, 4);
    ctx.fill();
    ctx.fillStyle = "#ffcc33";
    ctx.fillText("Fire", x, y + 0.5);
  }

  function paintBattery(battery, toScreen) {
    const [x, y] = toScreen(battery.at[0], battery.at[1]);
    ctx.beginPath();
    ctx.arc(x, y, BATTERY_RADIUS, 0, 2 * Math.PI);
    ctx.fillStyle = battery.side === "defender" ? "#009E73" : "#000000";
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "#fff";
    ctx.stroke();
    ctx.textAlign = "left";
    ctx.textBaseline = "middle";
    ctx.font = "bold 11px 'DejaVu Sans', system-ui, sans-serif";
    const text = battery.weapon ? battery.name + " · " + battery.weapon : battery.name;
    const w = ctx.measureText(text).width;
    ctx.fillStyle = "rgba(255,255,255,0.85)";
    ctx.fillRect(x + BATTERY_RADIUS + 3, y - 8, w + 6, 16);
    ctx.fillStyle = battery.side === "defender" ? "#00604a" : "#000";
    ctx.fillText(text, x + BATTERY_RADIUS + 6, y);
    ctx.textAlign = "center";
  }

  connect();
})();
