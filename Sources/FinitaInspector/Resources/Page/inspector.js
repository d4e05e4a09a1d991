// The Finita Inspector page: plain JavaScript, no build step.
"use strict";

const MAX_EVENTS = 50000;
const MAX_ROWS = 150;
const TRIM_STEP = MAX_EVENTS / 10;
const token = new URLSearchParams(location.search).get("token") || "";

const model = {
  apps: new Map(),        // app id -> {hello, features: Map(id -> descriptor), gone}
  events: [],             // {app, feature, sequence, stage, time, text, value, state, key}
  lastState: new Map(),   // feature key -> the last event with a state
  diagrams: new Map(),    // feature key -> diagram update
  dropped: new Map(),     // app id -> total dropped
  // App id -> how many seconds old its newest step was when it arrived, for apps that said
  // when their clock started (live ones): the page, or the inspector, is that far behind.
  behind: new Map(),
  newestTime: new Map(),  // app id -> the newest step time seen
  stages: new Set(),      // the stages seen, for the stage filter
  offline: null,          // the imported file's name while browsing offline
};
const view = {
  selectedEvent: null, selectedFeature: "", travelSteps: [],
  // Feature key -> {mode: "travelled" | "paused", step}: what the page made the app's feature
  // show. A feature not here is live.
  travel: new Map(),
  // State tree path -> whether the user opened (true) or folded (false) it, for the feature.
  treeOpen: new Map(),
  // While a loaded file plays: {index, timer} over the selected feature's states.
  playing: null,
  // Feature key -> the text the user typed in the wish box for it: shown again for that
  // feature, never for another, whose wishes are of another type.
  wishTexts: new Map(),
  // Feature key -> {skipped: Set of step numbers, recomputed: Map(step -> state)}: the steps the
  // page asked the app to leave out of the feature's history, and the states the app worked out
  // again without them. `skipVersion` changes with them, so the step panel is drawn again.
  skips: new Map(), skipVersion: 0,
  renderQueued: false, renderTimer: null, renderFrame: null, lastRender: 0, renderCost: 0,
  // When (performance.now(), from the page's opening) the socket opened, the first steps came
  // and the first rows were drawn: the browser test reads them to tell the inspector's part of a
  // slow start from the page's.
  marks: { connected: null, firstSteps: null, firstRows: null },
};
// While steps stream in, the page redraws at most this often; what the user does redraws at once.
const STREAM_RENDER_INTERVAL = 150;
const pending = new Map(); // request id -> where its reply goes
let nextRequest = 1;
let socket = null;
let live = null;           // the live model, kept while an imported session is shown

const $ = (id) => document.getElementById(id);
const keyOf = (app, feature) => `${app}/${feature}`;

// MARK: Connection

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/page?token=${encodeURIComponent(token)}`);
  socket.onopen = () => { view.marks.connected ??= performance.now(); setStatus(true); };
  socket.onclose = () => { setStatus(false); setTimeout(connect, 1000); };
  socket.onmessage = (message) => {
    let envelope;
    try { envelope = JSON.parse(message.data); } catch (error) { return note(`Unreadable message: ${error}`, true); }
    if (model.offline) { if (live) receive(live, envelope); return; }
    receive(model, envelope);
    // The first steps are drawn at once: a user who just opened the page waits for them, and
    // under load a redraw timer may wait behind the messages still streaming in.
    if (envelope.type === "events" && view.marks.firstSteps === null) {
      view.marks.firstSteps = performance.now();
      render();
    } else {
      scheduleRender();
    }
  };
}

function setStatus(online) {
  $("status").textContent = online ? "inspector connected" : "inspector offline";
  $("status").className = `status ${online ? "online" : "offline"}`;
  view.online = online;
  // What the app was made to show is not known after a reconnection.
  if (!online) view.travel.clear();
  scheduleRender(true);
}

function send(envelope) {
  if (!socket || socket.readyState !== WebSocket.OPEN) { note("Not connected to the inspector.", true); return false; }
  socket.send(JSON.stringify(envelope));
  return true;
}

// MARK: Model

function receive(target, envelope) {
  const app = envelope.app;
  switch (envelope.type) {
    case "welcome":
      view.skips.clear();
      target.apps.clear(); target.events.length = 0; target.lastState.clear(); target.diagrams.clear();
      target.stages.clear(); target.behind.clear(); target.newestTime.clear();
      break;
    case "hello":
      target.apps.set(app, { hello: { name: envelope.name, platform: envelope.platform, processID: envelope.processID, startedAt: envelope.startedAt }, features: new Map(), gone: false });
      target.behind.delete(app); target.newestTime.delete(app);
      break;
    case "appGone": {
      const record = target.apps.get(app); if (record) record.gone = true;
      target.behind.delete(app);
      break;
    }
    case "feature": {
      const record = ensureApp(target, app);
      record.features.set(envelope.id, envelope);
      break;
    }
    case "events":
      for (const event of envelope.events) addEvent(target, app, event);
      noteLag(target, app, envelope.events);
      break;
    case "diagram":
      target.diagrams.set(keyOf(app, envelope.feature), envelope);
      break;
    case "dropped":
      target.dropped.set(app, envelope.total);
      break;
    case "reply": {
      const asked = pending.get(envelope.requestID);
      pending.delete(envelope.requestID);
      if (asked && envelope.ok) commandDone(asked, envelope);
      const message = asked && asked.kind === "skip" && envelope.ok ? skipMessage(asked) : envelope.message;
      showResult(asked ? asked.target : "travel-result", envelope.ok, message);
      if (asked && envelope.ok && asked.then) asked.then();
      scheduleRender(true);
      break;
    }
    case "error":
      note(`${envelope.code}: ${envelope.message}`, true);
      break;
  }
}

// How old the app's newest step is as it arrives: now, on this machine's clock, against when the
// app's clock started plus the step's time. A page opened late gets each feature's steps in
// turn, so the newest time seen so far counts, not the batch's.
function noteLag(target, app, events) {
  const record = target.apps.get(app);
  const startedAt = record && record.hello.startedAt;
  if (typeof startedAt !== "number" || events.length === 0) return;
  const before = target.newestTime.get(app);
  let newest = before || 0;
  for (const event of events) if (event.time > newest) newest = event.time;
  // A batch with nothing newer (a jump the app stamps with its last step's time) says nothing
  // of how far behind the page is: measured, it would show the time since that step.
  if (before !== undefined && newest === before && target.behind.has(app)) return;
  target.newestTime.set(app, newest);
  target.behind.set(app, Math.max(0, Date.now() / 1000 - (startedAt + newest)));
}

function ensureApp(target, app) {
  if (!target.apps.has(app)) target.apps.set(app, { hello: { name: `app ${app}` }, features: new Map(), gone: false });
  return target.apps.get(app);
}

function addEvent(target, app, event) {
  const key = keyOf(app, event.feature);
  const entry = Object.assign({ app, key }, event);
  entry.stateEvent = event.state !== undefined && event.state !== null ? entry : (target.lastState.get(key) || null);
  entry.previousStateEvent = entry.stateEvent === entry ? (target.lastState.get(key) || null) : entry.stateEvent;
  if (entry.stateEvent === entry) target.lastState.set(key, entry);
  target.stages.add(event.stage);
  // A page that opens late gets each feature's steps in turn; the timeline shows them in the
  // app's order (links above are per feature, so they stay right).
  const last = target.events[target.events.length - 1];
  if (last && last.app === app && last.sequence > event.sequence) target.needsSort = true;
  target.events.push(entry);
  // Trimmed in steps of a tenth: removing the oldest one by one would move 50,000 entries per
  // step and, under load, keep the page from answering clicks.
  if (target.events.length > MAX_EVENTS + TRIM_STEP) target.events.splice(0, target.events.length - MAX_EVENTS);
}

function appName(record, id) { return (record.hello && record.hello.name) || `app ${id}`; }

// MARK: Rendering

let rows = new WeakMap(); // timeline row -> its event

// Redraws soon: `now` for what the user did (the next frame), otherwise for steps streaming in
// (a few times a second, and further apart when a redraw takes long, so that the page spends
// most of its time waiting for the user).
function scheduleRender(now) {
  if (now) {
    if (view.renderTimer) { clearTimeout(view.renderTimer); view.renderTimer = null; }
    view.renderQueued = true;
    if (!view.renderFrame) view.renderFrame = requestAnimationFrame(runScheduledRender);
    return;
  }
  if (view.renderQueued) return;
  view.renderQueued = true;
  const spacing = Math.max(STREAM_RENDER_INTERVAL, 4 * view.renderCost);
  const wait = Math.max(0, view.lastRender + spacing - performance.now());
  view.renderTimer = setTimeout(() => {
    view.renderTimer = null;
    view.renderFrame = requestAnimationFrame(runScheduledRender);
  }, wait);
}

function runScheduledRender() {
  view.renderFrame = null;
  view.renderQueued = false;
  render();
}

function render() {
  const start = performance.now();
  renderApps();
  renderFilters();
  renderTimeline();
  renderTravel();
  renderWish();
  renderDiagram();
  const dropped = [...model.dropped.values()].reduce((a, b) => a + b, 0);
  $("dropped").hidden = dropped === 0;
  $("dropped").textContent = `${dropped} events dropped by apps`;
  renderBehind();
  renderStep();
  $("mode").textContent = modeText();
  $("mode").dataset.mode = model.offline ? "offline" : (nowOf(view.selectedFeature).mode || "live");
  $("btn-back-live-session").hidden = !model.offline;
  const exportProblem = model.offline ? "An imported file is shown: go back to the live session to export a recording."
    : !view.online ? "The inspector is not connected."
    : !view.selectedFeature ? "Select a feature to export its recording." : "";
  $("btn-export-recording").disabled = exportProblem !== "";
  $("btn-export-recording").title = exportProblem || "The selected feature's steps as a recording file that FinitaRecording reads and replays";
  view.lastRender = performance.now();
  view.renderCost = view.lastRender - start;
}

// Shown when the newest step of a live app was a second or more old when it arrived.
function renderBehind() {
  const lag = model.offline ? 0 : Math.max(0, ...model.behind.values());
  $("behind").hidden = lag < 1;
  $("behind").textContent = `Behind by ${lag < 10 ? lag.toFixed(1) : Math.round(lag)} s`;
}

function featureLabel(descriptor) { return descriptor ? descriptor.displayName : "?"; }

function descriptorFor(key) {
  const [app, feature] = key.split("/");
  const record = model.apps.get(app);
  return record ? record.features.get(Number(feature)) : undefined;
}

function renderApps() {
  const list = $("app-list");
  // Rebuilt only when what it shows changes, so a row is not replaced under the pointer.
  const parts = [view.selectedFeature];
  for (const [id, record] of model.apps) {
    parts.push(`${id}:${appName(record, id)}:${record.gone}`);
    for (const [, d] of record.features) parts.push(`${d.id}:${d.displayName}:${d.canTravel}:${d.acceptsWishes}:${model.diagrams.has(keyOf(id, d.id))}`);
  }
  const signature = parts.join("|");
  if (list.dataset.signature === signature) return;
  list.dataset.signature = signature;
  list.textContent = "";
  if (model.apps.size === 0) {
    const empty = document.createElement("li"); empty.className = "empty";
    empty.textContent = "No app connected yet. Start one with InspectorClient.start(url:).";
    list.append(empty); return;
  }
  for (const [id, record] of model.apps) {
    const item = document.createElement("li");
    const name = document.createElement("div");
    name.className = `app-name${record.gone ? " gone" : ""}`;
    name.textContent = `${appName(record, id)}${record.hello.platform ? ` · ${record.hello.platform}` : ""}`;
    item.append(name);
    const features = document.createElement("ul");
    for (const [, descriptor] of record.features) {
      const key = keyOf(id, descriptor.id);
      const row = document.createElement("li");
      row.className = `feature-item${view.selectedFeature === key ? " selected" : ""}`;
      row.dataset.feature = key;
      row.dataset.name = descriptor.displayName;
      row.textContent = descriptor.displayName;
      if (descriptor.canTravel) row.append(badge("travel"));
      if (descriptor.acceptsWishes) row.append(badge("wishes"));
      if (model.diagrams.has(key)) row.append(badge("diagram"));
      const type = document.createElement("span"); type.className = "type"; type.textContent = descriptor.typeName;
      row.append(type);
      features.append(row);
    }
    item.append(features);
    list.append(item);
  }
}

function badge(text) { const span = document.createElement("span"); span.className = "badge"; span.textContent = text; return span; }

function renderFilters() {
  const select = $("filter-feature");
  const keys = [];
  for (const [id, record] of model.apps) for (const [, d] of record.features) keys.push([keyOf(id, d.id), d.displayName]);
  const wanted = ["", ...keys.map((k) => k[0])].join("|");
  if (select.dataset.keys !== wanted) {
    const current = select.value;
    select.textContent = "";
    select.append(new Option("All features", ""));
    for (const [key, name] of keys) select.append(new Option(name, key));
    select.value = keys.some((k) => k[0] === current) ? current : "";
    select.dataset.keys = wanted;
  }
  const stages = $("filter-stage");
  const seen = model.stages;
  const stageKeys = ["", ...[...seen].sort()].join("|");
  if (stages.dataset.keys !== stageKeys) {
    const current = stages.value;
    stages.textContent = "";
    stages.append(new Option("All stages", ""));
    for (const stage of [...seen].sort()) stages.append(new Option(stage, stage));
    stages.value = seen.has(current) ? current : "";
    stages.dataset.keys = stageKeys;
  }
}

function filteredEvents() {
  const feature = $("filter-feature").value;
  const stage = $("filter-stage").value;
  const search = $("search").value.trim().toLowerCase();
  if (!feature && !stage && !search) return model.events;
  return model.events.filter((e) =>
    (!feature || e.key === feature) && (!stage || e.stage === stage) &&
    (!search || e.text.toLowerCase().includes(search) || e.stage.toLowerCase().includes(search) ||
      featureLabel(descriptorFor(e.key)).toLowerCase().includes(search)));
}

function renderTimeline() {
  if (model.needsSort) {
    const order = [...model.apps.keys()];
    model.events.sort((a, b) => (a.app === b.app ? a.sequence - b.sequence : order.indexOf(a.app) - order.indexOf(b.app)));
    model.needsSort = false;
    view.stateSteps = null;
  }
  const events = filteredEvents();
  $("count").textContent = `${events.length} of ${model.events.length} steps`;
  const shown = events.slice(-MAX_ROWS);
  const body = $("events").tBodies[0];
  body.textContent = "";
  rows = new WeakMap();
  for (const event of shown) addRow(body, event);
  if (shown.length > 0) view.marks.firstRows ??= performance.now();
  if ($("follow").checked) { const scroll = $("events-scroll"); scroll.scrollTop = scroll.scrollHeight; }
  if (view.playing) { const row = body.querySelector("tr.selected"); if (row) row.scrollIntoView({ block: "nearest" }); }
}

function addRow(body, event) {
  const row = body.insertRow();
  row.dataset.sequence = event.sequence;
  row.dataset.stage = event.stage;
  row.dataset.key = event.key;
  if (event === view.selectedEvent) row.className = "selected";
  row.insertCell().textContent = event.sequence;
  row.insertCell().textContent = event.time.toFixed(3);
  row.insertCell().textContent = featureLabel(descriptorFor(event.key));
  const stage = document.createElement("span"); stage.className = `stage stage-${event.stage}`; stage.textContent = event.stage;
  row.insertCell().append(stage);
  const text = row.insertCell();
  const skips = skipsOf(event.key);
  const skipped = skips.skipped.has(event.step);
  if (skipped) row.classList.add("skipped");
  // Under load the timeline is drawn several times a second: the common row stays one text
  // node, and only a recomputed one gets its value and the new state as two parts.
  if (event.stateEvent !== event || !skips.recomputed.has(event.step)) {
    text.textContent = event.text;
    text.title = event.text;
  } else {
    row.classList.add("recomputed");
    const value = document.createElement("span"); value.className = "value"; value.textContent = event.text;
    text.append(value);
    const recomputed = document.createElement("span"); recomputed.className = "recomputed-value";
    recomputed.textContent = ` → ${compact(skips.recomputed.get(event.step))}`;
    text.append(recomputed);
    text.title = `${event.text}\nRecomputed: ${JSON.stringify(skips.recomputed.get(event.step))}`;
  }
  // The skip toggle sits in a column of its own at the row's end, away from where a click
  // selects the row.
  const toggleCell = row.insertCell(); toggleCell.className = "skip-cell";
  if (skippable(event)) {
    const toggle = document.createElement("input");
    toggle.type = "checkbox"; toggle.className = "skip-toggle"; toggle.checked = skipped;
    toggle.setAttribute("aria-label", `Skip step #${event.sequence}`);
    toggle.title = skipped ? `Count step #${event.sequence} again: the later states are worked out with it`
      : `Skip step #${event.sequence}: the app works the later states out again without its effect`;
    toggleCell.append(toggle);
  }
  rows.set(row, event);
}

// Another feature (or file) means other panels: the step, the results and the messages of the
// one before are not carried over.
function resetPanels() {
  stopPlaying();
  view.selectedEvent = null;
  view.treeOpen = new Map();
  delete $("travel-slider").dataset.moved;
  for (const id of ["travel-result", "wish-result", "skip-result"]) { $(id).textContent = ""; $(id).className = "result"; }
  note("");
}

function selectFeature(key) {
  const box = $("wish-input");
  if (key !== view.selectedFeature) {
    resetPanels();
    if (box.dataset.touched) view.wishTexts.set(view.selectedFeature, box.value);
    delete box.dataset.touched;
    if (view.wishTexts.has(key)) {
      box.value = view.wishTexts.get(key);
      box.dataset.touched = "1";
    }
  }
  view.selectedFeature = key;
  $("filter-feature").value = key;
  const descriptor = descriptorFor(key);
  // The box shows the selected feature's example, or nothing (and so its placeholder) when it
  // has none or takes no wishes; text the user typed for this feature stays.
  if (descriptor && !box.dataset.touched) {
    const example = descriptor.acceptsWishes ? descriptor.wishExample : undefined;
    $("wish-input").value = example === undefined || example === null ? "" : JSON.stringify(example);
  }
  // The list shows the choice at once; the timeline, filtered to the feature, follows in the
  // next frame.
  renderApps();
  scheduleRender(true);
}

function selectEvent(event) {
  stopPlaying();
  if (view.selectedFeature !== event.key) { resetPanels(); view.selectedFeature = event.key; }
  view.selectedEvent = event;
  $("follow").checked = false;
  render();
}

// The step panel shows the selected step, or else the feature's "now" (the state it was made to
// travel to, or its newest state).
function renderStep() {
  const event = view.selectedEvent || nowOf(view.selectedFeature).event;
  const shown = event ? `${event.key}#${event.sequence}:${event.stateEvent ? event.stateEvent.sequence : ""}:${view.skipVersion}:${view.online}` : "";
  const panel = $("step-title");
  if (panel.dataset.shown === shown) return;
  panel.dataset.shown = shown;
  renderSkip(event);
  if (!event) {
    panel.textContent = "—";
    $("state-view").textContent = "Select a step in the timeline.";
    $("diff-view").textContent = "";
    return;
  }
  // The step's number among its feature's steps, which the app's skip answers and recordings use.
  const own = typeof event.step === "number" ? ` · step ${event.step}` : "";
  panel.textContent = `#${event.sequence} ${event.stage} · ${featureLabel(descriptorFor(event.key))}${own}`;
  const now = event.stateEvent ? shownState(event.stateEvent) : null;
  const before = event.stateEvent === event ? (event.previousStateEvent ? shownState(event.previousStateEvent) : null) : now;
  const changed = event.stateEvent === event && before !== null ? changedPaths(before, now) : new Set();
  renderStateTree($("state-view"), now, changed);
  renderDiff(before, now, event);
}

// MARK: Skipping steps

// What a feature without skips has: shared, since every timeline row asks.
const NO_SKIPS = Object.freeze({ skipped: new Set(), recomputed: new Map() });

function skipsOf(key) {
  return (!model.offline && view.skips.get(key)) || NO_SKIPS;
}

// A value as one line of JSON, cut at 80 characters.
function compact(value) {
  const text = JSON.stringify(value) ?? "null";
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

// The state shown for a state step: the one the app worked out again after a skip, or the one
// it logged.
function shownState(event) {
  const skips = skipsOf(event.key);
  return skips.recomputed.has(event.step) ? skips.recomputed.get(event.step) : event.state;
}

// Whether the page can ask the app to leave the step out: a state step (its effect is what the
// reducer takes) of a live feature or store that can travel, since the recomputed state is
// handed back to it.
function skippable(event) {
  if (!event || event.stage !== "state" || typeof event.step !== "number" || model.offline || !view.online) return false;
  const descriptor = descriptorFor(event.key);
  return !!(descriptor && descriptor.canTravel);
}

// Adds the step to the feature's skip set, or takes it out, and sends the whole set: the app
// works the states out again from the first step of this set and the last one.
function toggleSkip(event) {
  if (!skippable(event)) return;
  const next = new Set(skipsOf(event.key).skipped);
  if (next.has(event.step)) next.delete(event.step); else next.add(event.step);
  const skipped = [...next].sort((a, b) => a - b);
  command("skip", { skipped }, "skip-result", null, null, event.key);
}

// The step panel's skip button and what a skip changed at the step.
function renderSkip(event) {
  const button = $("btn-skip");
  const noteText = $("skip-note");
  const state = event && event.stateEvent === event ? event : null;
  const can = skippable(state);
  const skips = state ? skipsOf(state.key) : null;
  const skipped = !!(skips && skips.skipped.has(state.step));
  button.hidden = !state;
  button.disabled = !can;
  button.textContent = skipped ? "Count this step again" : "Skip this step";
  button.setAttribute("aria-pressed", String(skipped));
  const descriptor = state ? descriptorFor(state.key) : undefined;
  button.title = can ? (skipped ? "The app works the later states out again with this step's effect"
    : "The app works the later states out again without this step's effect, and makes the last one live")
    : model.offline ? "An imported file is browsed offline: skipping changes a running app's feature."
    : !view.online ? "The inspector is not connected."
    : descriptor && !descriptor.canTravel ? `${descriptor.displayName} cannot travel, so it cannot take recomputed states.`
    : "Only state steps can be skipped.";
  const recomputed = skips && skips.recomputed.has(state.step);
  noteText.hidden = !(skipped || recomputed);
  if (!noteText.hidden) {
    const list = skippedList(state.key, skips.skipped);
    noteText.textContent = (skipped ? "Skipped: this step's effect is left out, so the state stays the one before. " : "")
      + `Recomputed with ${list} skipped; the app logged ${compact(state.state)}.`;
  }
}

// The skipped steps of `key` as the timeline numbers them.
function skippedList(key, skipped) {
  const steps = stateSteps(key);
  return [...skipped].sort((a, b) => a - b).map((step) => {
    const found = steps.find((e) => e.step === step);
    return found ? `#${found.sequence}` : `step ${step}`;
  }).join(", ");
}

// What the page says when the app did a skip, with the timeline's numbers.
function skipMessage(asked) {
  const skipped = asked.skipped || [];
  if (skipped.length === 0) return "Every step counts again: the states are worked out again with them; the last one is live, as a jump.";
  return `Skipped ${skippedList(asked.key, skipped)}: the later states are worked out again without ${skipped.length === 1 ? "its effect" : "their effects"}; the last one is live, as a jump.`;
}

// MARK: State tree

// The state at the step as a tree: objects and arrays fold and unfold (a click on their row), the
// paths that changed from the state before are marked and open at first, and what the user
// opened or folded stays so for the feature's other steps. Children are made when first opened,
// so a large state costs only what is shown.
function renderStateTree(target, value, changed) {
  target.textContent = "";
  if (value === null || value === undefined) { target.textContent = "(no state seen yet)"; return; }
  // A Swift description (a state that is not Codable) or a bare value reads as text.
  if (!isBranch(value)) { target.textContent = typeof value === "string" ? lines(value).join("\n") : JSON.stringify(value); return; }
  target.append(treeNode(null, value, "$", changed, 0));
}

function isBranch(value) { return value !== null && typeof value === "object"; }

function sameValue(a, b) {
  if (a === b) return true;
  if (!isBranch(a) || !isBranch(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameValue(a[key], b[key]));
}

function childPath(path, key, inArray) { return inArray ? `${path}[${key}]` : `${path}.${key}`; }

// The paths (`$`, `$.status`, `$.playlist[1]`) whose values differ between two states, with every
// path above a change.
function changedPaths(before, now, path = "$", out = new Set()) {
  if (sameValue(before, now)) return out;
  out.add(path);
  if (isBranch(before) && isBranch(now) && Array.isArray(before) === Array.isArray(now)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(now)])) {
      changedPaths(before[key], now[key], childPath(path, key, Array.isArray(now)), out);
    }
  }
  return out;
}

function treeNode(key, value, path, changed, depth) {
  const node = document.createElement("div");
  node.className = `tree-node${changed.has(path) ? " changed" : ""}`;
  node.dataset.path = path;
  const row = document.createElement("div");
  row.className = "tree-row";
  node.append(row);
  const name = document.createElement("span");
  name.className = "tree-key";
  name.textContent = key === null ? "" : `${key}: `;
  if (!isBranch(value)) {
    const leaf = document.createElement("span");
    leaf.className = "tree-value";
    leaf.textContent = JSON.stringify(value);
    row.append(name, leaf);
    return node;
  }
  node.classList.add("branch");
  const toggle = document.createElement("span");
  toggle.className = "tree-toggle";
  const summary = document.createElement("span");
  summary.className = "tree-summary";
  const keys = Object.keys(value);
  summary.textContent = Array.isArray(value) ? (keys.length ? `[${keys.length} item${keys.length === 1 ? "" : "s"}]` : "[]")
    : keys.length === 0 ? "{}" : keys.length === 1 ? `{${keys[0]}}` : `{${keys.length} keys}`;
  row.append(toggle, name, summary);
  row.setAttribute("role", "button");
  row.tabIndex = 0;
  node.tree = { value, changed, depth };
  const open = view.treeOpen.has(path) ? view.treeOpen.get(path) : depth < 3 || changed.has(path);
  setTreeOpen(node, open);
  return node;
}

function setTreeOpen(node, open) {
  const row = node.firstElementChild;
  row.firstElementChild.textContent = open ? "▾ " : "▸ ";
  row.setAttribute("aria-expanded", String(open));
  let children = node.querySelector(":scope > .tree-children");
  if (open && !children) {
    const { value, changed, depth } = node.tree;
    const inArray = Array.isArray(value);
    children = document.createElement("div");
    children.className = "tree-children";
    const keys = inArray ? Object.keys(value) : Object.keys(value).sort();
    for (const key of keys) children.append(treeNode(key, value[key], childPath(node.dataset.path, key, inArray), changed, depth + 1));
    node.append(children);
  }
  if (children) children.hidden = !open;
  node.classList.toggle("open", open);
}

function toggleTreeRow(event) {
  const row = event.target.closest(".tree-node.branch > .tree-row");
  if (!row) return;
  const node = row.parentElement;
  const open = !node.classList.contains("open");
  setTreeOpen(node, open);
  view.treeOpen.set(node.dataset.path, open);
}

// MARK: State and diff

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    const sorted = {}; for (const key of Object.keys(value).sort()) sorted[key] = sortKeys(value[key]); return sorted;
  }
  return value;
}

// A state as lines: JSON pretty-printed; a Swift description (a string) broken at its commas.
function lines(value) {
  if (value === null || value === undefined) return [];
  if (typeof value === "string") return describe(value);
  return JSON.stringify(sortKeys(value), null, 2).split("\n");
}

function describe(text) {
  const out = []; let depth = 0; let line = ""; let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && (ch === "(" || ch === "[")) { line += ch; out.push("  ".repeat(depth) + line.trim()); depth++; line = ""; continue; }
    if (!quoted && (ch === ")" || ch === "]")) { if (line.trim()) out.push("  ".repeat(depth) + line.trim()); depth = Math.max(0, depth - 1); line = ch; continue; }
    if (!quoted && ch === ",") { out.push("  ".repeat(depth) + (line + ",").trim()); line = ""; continue; }
    line += ch;
  }
  if (line.trim()) out.push("  ".repeat(depth) + line.trim());
  return out.filter((l) => l.trim() !== "");
}

function diffLines(a, b) {
  const n = a.length, m = b.length;
  if (n * m > 4000000) return [...a.map((l) => ["-", l]), ...b.map((l) => ["+", l])];
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--)
    table[i][j] = a[i] === b[j] ? table[i + 1][j + 1] + 1 : Math.max(table[i + 1][j], table[i][j + 1]);
  const out = []; let i = 0, j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { out.push([" ", a[i]]); i++; j++; }
    else if (table[i + 1][j] >= table[i][j + 1]) out.push(["-", a[i++]]);
    else out.push(["+", b[j++]]);
  }
  while (i < n) out.push(["-", a[i++]]);
  while (j < m) out.push(["+", b[j++]]);
  return out;
}

function renderDiff(before, now, event) {
  const target = $("diff-view");
  target.textContent = "";
  if (event.stateEvent !== event) { target.textContent = `No change: a ${event.stage} step does not change the state.`; return; }
  if (before === null) { target.textContent = "The first state of this feature."; return; }
  const diff = diffLines(lines(before), lines(now));
  if (!diff.some(([mark]) => mark !== " ")) { target.textContent = "No change: the same state again."; return; }
  for (const [mark, text] of diff) {
    const span = document.createElement("span");
    span.className = mark === "+" ? "diff-add" : mark === "-" ? "diff-del" : "diff-same";
    span.textContent = `${mark} ${text}`;
    target.append(span);
  }
}

// MARK: Time travel, wishes, diagrams

function selectedDescriptor() { return view.selectedFeature ? descriptorFor(view.selectedFeature) : undefined; }

// The steps of `key` that carry a state, oldest first. Under load the page redraws several times
// a second, so the list grows from where it was scanned last, and is scanned again only when the
// oldest steps were dropped or the steps were reordered.
function stateSteps(key) {
  const cache = view.stateSteps;
  const events = model.events;
  if (!cache || cache.key !== key || cache.events !== events || cache.first !== events[0] || cache.scanned > events.length) {
    view.stateSteps = { key, events, first: events[0], scanned: 0, steps: [] };
  }
  const current = view.stateSteps;
  for (let i = current.scanned; i < events.length; i++) {
    const e = events[i];
    if (e.key === key && e.stateEvent === e) current.steps.push(e);
  }
  current.scanned = events.length;
  return current.steps;
}

// The step the page shows as "now" for the feature `key`, and why: the state the page made the
// app's feature travel to or pause at; otherwise the step selected in the timeline (browsing,
// the app stays live); otherwise the newest state (live).
function nowOf(key) {
  if (!key) return { event: null, mode: "" };
  const travel = view.travel.get(key);
  if (travel && !model.offline) return { event: travel.step, mode: travel.mode };
  const selected = view.selectedEvent;
  if (selected && selected.key === key) return { event: selected.stateEvent, mode: "browsing", selected };
  const steps = stateSteps(key);
  return { event: steps.length ? steps[steps.length - 1] : null, mode: "live" };
}

function modeText() {
  if (model.offline) {
    const shown = view.playing && view.selectedEvent ? ` · playing step #${view.selectedEvent.sequence}` : "";
    return `offline: ${model.offline}${shown}`;
  }
  const now = nowOf(view.selectedFeature);
  const name = featureLabel(selectedDescriptor());
  const at = now.event ? ` step #${now.event.sequence}` : "";
  switch (now.mode) {
    case "travelled": return `${name} travelled to${at} (wishes held)`;
    case "paused": return `${name} paused at${at} (wishes held)`;
    case "browsing": return `${name} live · viewing${now.selected ? ` step #${now.selected.sequence}` : at}`;
    default: return view.selectedFeature ? `${name} live` : "live";
  }
}

// What a command did once the app answered ok: the page's "now" follows it.
function commandDone(asked, reply) {
  const key = asked.key;
  switch (asked.kind) {
    case "skip": {
      // The app made the recomputed state live, as a continue does.
      view.travel.delete(key);
      const skipped = new Set(asked.skipped || []);
      if (skipped.size === 0) view.skips.delete(key);
      else view.skips.set(key, { skipped, recomputed: new Map((reply.recomputed || []).map((r) => [r.step, r.state])) });
      view.skipVersion++;
      break;
    }
    case "travel": view.travel.set(key, { mode: "travelled", step: asked.step }); break;
    case "pause": {
      const steps = stateSteps(key);
      view.travel.set(key, { mode: "paused", step: steps[steps.length - 1] || null });
      break;
    }
    case "live": case "resume": case "continue":
      view.travel.delete(key);
      if (view.selectedEvent && view.selectedEvent.key === key) view.selectedEvent = null;
      delete $("travel-slider").dataset.moved;
      break;
  }
}

function renderTravel() {
  const descriptor = selectedDescriptor();
  const can = !!(descriptor && descriptor.canTravel && !model.offline && view.online);
  const slider = $("travel-slider");
  $("travel-feature").textContent = descriptor ? `· ${descriptor.displayName}` : "";
  const now = nowOf(view.selectedFeature);
  const held = now.mode === "travelled" || now.mode === "paused";
  $("btn-pause").disabled = !can || held;
  $("btn-resume").disabled = !can || !held;
  $("btn-live").disabled = !can || !held;
  $("btn-continue").disabled = !can || !held;
  // States of features that can travel are JSON (a string is a JSON value too).
  const steps = stateSteps(view.selectedFeature);
  view.travelSteps = steps;
  slider.disabled = !can || steps.length === 0;
  slider.max = Math.max(0, steps.length - 1);
  // The slider shows the page's "now", unless the user is dragging it.
  if (!slider.dataset.moved) {
    const index = now.event ? steps.lastIndexOf(now.event) : -1;
    slider.value = index >= 0 ? index : slider.max;
  }
  const playable = model.offline && steps.length > 1;
  $("btn-play").disabled = !playable && !view.playing;
  $("btn-play").textContent = view.playing ? "Stop" : "Play";
  $("btn-play").title = playable || view.playing ? "Steps through the feature's states in the loaded file, one every 0.8 s"
    : "Import a session or a recording, and select one of its features, to play it";
  const load = $("btn-load-into-app");
  const into = loadTarget();
  load.hidden = !model.offline;
  load.disabled = !into.key;
  load.title = into.key ? `Makes this state the live state of ${into.label}: it travels there and continues from it` : into.problem;
  if (!descriptor) { $("travel-label").textContent = "Select a feature that can travel."; return; }
  if (model.offline && view.playing) {
    const index = Number(slider.value);
    $("travel-label").textContent = `Playing ${model.offline}: state ${index + 1} of ${steps.length} (step #${steps[index].sequence}).`;
    return;
  }
  if (model.offline && now.event && steps.includes(now.event)) {
    $("travel-label").textContent = `State ${steps.indexOf(now.event) + 1} of ${steps.length} (step #${now.event.sequence}) of ${model.offline}, browsed offline: travel moves a running app's feature.`;
    return;
  }
  if (model.offline) { $("travel-label").textContent = `${model.offline} is browsed offline: select a step to see its state; travel moves a running app's feature.`; return; }
  if (!descriptor.canTravel) { $("travel-label").textContent = `${descriptor.displayName} cannot travel: hand it to the client with inspector.inspect(feature); its state must be Codable.`; return; }
  const step = steps[Number(slider.value)];
  $("travel-label").textContent = step ? `State ${Number(slider.value) + 1} of ${steps.length} (step #${step.sequence}): ${JSON.stringify(shownState(step))}` : "No states yet.";
}

// Where a state of an imported file can go: a running feature of the same type that can travel
// (the one with the same app and feature id first). `{key, label, step}` (`step` the state
// step shown), or `{problem}` saying why there is none.
function loadTarget() {
  if (!model.offline) return { problem: "Import a session or a recording to load one of its states into the app." };
  const descriptor = selectedDescriptor();
  const now = nowOf(view.selectedFeature).event;
  if (!descriptor || !now) return { problem: "Select a state step of the imported file to load it into the app." };
  if (!live || !view.online) return { problem: "The inspector is not connected: no app to load the state into." };
  const found = [];
  for (const [app, record] of live.apps) {
    if (record.gone) continue;
    for (const [id, running] of record.features) {
      if (running.typeName !== descriptor.typeName || !running.canTravel) continue;
      const key = keyOf(app, id);
      const label = `${running.displayName} of ${appName(record, app)}`;
      if (key === view.selectedFeature) found.unshift({ key, label, step: now }); else found.push({ key, label, step: now });
    }
  }
  return found[0] || { problem: `No running app has a ${descriptor.typeName} that can travel: start one with the inspector's client, then load the state.` };
}

// Loads the state shown of an imported file into the running app: back in the live session,
// the feature travels to that state and continues from it, so the app's history shows the load
// as a jump of its own.
function loadIntoApp() {
  const into = loadTarget();
  if (!into.key) { note(into.problem, true); return; }
  const from = `step #${into.step.sequence} of ${model.offline}`;
  backToLiveSession();
  selectFeature(into.key);
  command("travel", { state: into.step.state }, "travel-result", null, () => {
    command("continue", {}, "travel-result", null, () => showResult("travel-result", true, `Loaded ${from} into ${into.label}.`), into.key);
  }, into.key);
}

// Sends `kind` to the feature `key` (the selected one by default); `then` runs once the app
// answers that it did it.
function command(kind, extra, resultTarget, step, then, key = view.selectedFeature) {
  const [app, feature] = key.split("/");
  const requestID = nextRequest++;
  pending.set(requestID, { target: resultTarget, kind, key, step, then, skipped: extra.skipped });
  const envelope = Object.assign({ v: 1, type: "command", app, requestID, feature: Number(feature), kind }, extra);
  if (send(envelope)) showResult(resultTarget, true, `${kind} asked; waiting for the app…`, "waiting");
}

// `state` is "ok", "bad", "waiting" or "held" (a wish the app keeps until its feature is live).
function showResult(id, ok, message, state) {
  const target = $(id);
  const kind = state || (!ok ? "bad" : /^Held/.test(message) ? "held" : "ok");
  target.className = `result ${kind}`;
  target.textContent = message;
  note(message, !ok);
}

function renderWish() {
  const descriptor = selectedDescriptor();
  const can = !!(descriptor && descriptor.acceptsWishes && !model.offline && view.online);
  $("wish-input").disabled = !can;
  $("btn-send-wish").disabled = !can;
  if (descriptor && !descriptor.acceptsWishes) $("wish-input").placeholder = `${descriptor.displayName}'s wish is not Decodable (or it was not handed to the client).`;
  renderWishForm(descriptor, can);
}

function sendWish() {
  let wish;
  try { wish = JSON.parse($("wish-input").value); }
  catch (error) { showResult("wish-result", false, `The wish is not JSON: ${error.message}`); return; }
  command("sendWish", { wish }, "wish-result");
}

// The name of the machine's state a state value is: a string, or an enum case with values.
function stateName(value) {
  if (typeof value === "string") return value;
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value); if (keys.length === 1) return keys[0];
  }
  return null;
}

// The diagram's node a state is in: the state's case (a machine's state), or else, for a state
// that holds a machine's state among other values (a player's status, a list's loading stage),
// the last case inside it that names a node (so `content` with `refreshing` in it is refreshing).
// Arrays are not searched: their elements are data, not stages. `null` when no node matches.
function stageIn(value, target) {
  const svg = target.querySelector("svg"); if (!svg) return null;
  if (!target.labels || target.labels.svg !== svg) {
    target.labels = new Set([...svg.querySelectorAll("g.node text")].map((text) => text.textContent));
    target.labels.svg = svg;
  }
  const labels = target.labels;
  const top = stateName(value);
  if (top !== null && labels.has(top)) return top;
  let found = null;
  const visit = (item, depth) => {
    if (!isBranch(item) || Array.isArray(item) || depth > 12) return;
    const keys = Object.keys(item);
    if (keys.length === 1 && labels.has(keys[0])) found = keys[0];
    for (const key of keys.sort()) {
      const child = item[key];
      if (typeof child === "string" && labels.has(child) && keys.length > 1) found = child;
      visit(child, depth + 1);
    }
  };
  visit(value, 0);
  return found;
}

// Fills the node of the page's "now" in the drawn diagram (the app draws its live state filled);
// every other node gets its unfilled look back, so only one is ever filled.
function highlightNow(target) {
  const svg = target.querySelector("svg"); if (!svg) return;
  const now = nowOf(view.selectedFeature).event;
  const name = now ? stageIn(shownState(now), target) : null;
  const nodes = [...svg.querySelectorAll("g.node")];
  // Graphviz names nodes s0, s1…: the state's name is the node's label.
  const named = nodes.find((n) => (n.querySelector("text") || {}).textContent === name);
  if (!named) return;
  const plain = (fill) => !fill || ["none", "white", "#ffffff", "black", "#000000"].includes(fill);
  const shapes = (node) => node.querySelectorAll("ellipse, polygon, path");
  // The first time, remember each shape's fill as drawn, and the colour the app filled with.
  for (const node of nodes) {
    for (const shape of shapes(node)) {
      if (shape.dataset.fill !== undefined) continue;
      shape.dataset.fill = shape.getAttribute("fill") || "none";
      if (!plain(shape.dataset.fill)) svg.dataset.highlight = shape.dataset.fill;
    }
  }
  const color = svg.dataset.highlight || "#ffd966";
  for (const node of nodes) {
    for (const shape of shapes(node)) {
      const drawn = shape.dataset.fill;
      if (node === named) shape.setAttribute("fill", color);
      else shape.setAttribute("fill", plain(drawn) ? drawn : "none");
    }
  }
  // A diagram larger than its card scrolls to the filled state when that is out of view (the
  // paginator's is 2,400 px wide, and its top-left corner is empty).
  const card = target.getBoundingClientRect(), node = named.getBoundingClientRect();
  if (card.width > 0 && (node.left < card.left || node.right > card.right || node.top < card.top || node.bottom > card.bottom)) {
    target.scrollLeft += node.left + node.width / 2 - (card.left + card.width / 2);
    target.scrollTop += node.top + node.height / 2 - (card.top + card.height / 2);
  }
  target.dataset.now = name;
}

function renderDiagram() {
  const target = $("diagram");
  const diagram = model.diagrams.get(view.selectedFeature);
  const signature = diagram ? (diagram.svg || diagram.mermaid || "") : "";
  if (target.dataset.signature === signature && target.dataset.key === view.selectedFeature) {
    const now = nowOf(view.selectedFeature).event;
    if (now && target.dataset.now !== stageIn(shownState(now), target)) highlightNow(target);
    return;
  }
  target.dataset.signature = signature; target.dataset.key = view.selectedFeature;
  target.textContent = "";
  if (!diagram) { const p = document.createElement("p"); p.className = "muted"; p.textContent = "No diagram for this feature."; target.append(p); return; }
  if (diagram.svg) {
    const parsed = new DOMParser().parseFromString(diagram.svg, "image/svg+xml");
    const svg = parsed.documentElement;
    for (const script of svg.querySelectorAll("script")) script.remove();
    const drawn = document.importNode(svg, true);
    // Graphviz gives the size in points; the page shows it at that size times the zoom (so the
    // labels stay readable), and the card scrolls when it is larger.
    drawn.dataset.width = parseFloat(drawn.getAttribute("width")) * 4 / 3 || 300;
    drawn.removeAttribute("height");
    target.append(drawn);
    applyZoom();
    // Node ids (s0, s1…) to the states' names, so a transition reads "idle -> paid".
    const names = new Map([...drawn.querySelectorAll("g.node")].map((node) => [
      (node.querySelector("title") || {}).textContent, (node.querySelector("text") || {}).textContent]));
    for (const edge of drawn.querySelectorAll("g.edge")) {
      const label = edge.querySelector("text");
      if (!label) continue;
      edge.classList.add("clickable");
      edge.setAttribute("tabindex", "0");
      const title = edge.querySelector("title");
      const ends = title ? title.textContent.split("->").map((id) => names.get(id.trim()) || id.trim()) : [];
      edge.dataset.transition = ends.join(" -> ");
      const event = label.textContent.trim().split(/[\s(/\[]/)[0];
      edge.dataset.event = event;
      const text = document.createElementNS("http://www.w3.org/2000/svg", "title");
      text.textContent = `Send ${event} to the feature`;
      edge.append(text);
    }
    highlightNow(target);
  } else {
    const p = document.createElement("p"); p.className = "muted"; p.id = "diagram-note";
    p.textContent = diagram.note || "Graphviz is not installed on the inspector's side: here is the Mermaid text.";
    const pre = document.createElement("pre"); pre.className = "code"; pre.id = "mermaid-text"; pre.textContent = diagram.mermaid || "";
    target.append(p, pre);
  }
}

function applyZoom() {
  const svg = $("diagram").querySelector("svg"); if (!svg) return;
  svg.style.width = `${Math.round(Number(svg.dataset.width) * view.zoom)}px`;
  $("zoom-level").textContent = `${Math.round(view.zoom * 100)}%`;
}

// A click on a transition sends its event: the wish example when it is of that case, otherwise
// the case without values (the app says what is missing, and the box keeps it to edit).
function sendTransition(edge) {
  const descriptor = selectedDescriptor();
  const event = edge.dataset.event;
  if (!descriptor || !descriptor.acceptsWishes || model.offline || !view.online) {
    note(`The transition ${edge.dataset.transition} is by ${event}; this feature takes no wishes from the page now.`, true);
    return;
  }
  // The case's sample from the form, when the app made the case known.
  if ((descriptor.wishCases || []).some((wishCase) => wishCase.name === event)) {
    $("wish-case").value = event;
    buildWishFields(true);
    sendWish();
    return;
  }
  const example = descriptor.wishExample;
  const wish = example && typeof example === "object" && Object.keys(example)[0] === event ? example
    : example === event ? example : { [event]: {} };
  $("wish-input").value = JSON.stringify(wish);
  $("wish-input").dataset.touched = "1";
  sendWish();
}

// MARK: Playing a loaded file

// A session or a recording loaded from a file plays: its feature's states one after another, at
// a pace to read them, with the step panel, the slider and the diagram following. It stops at
// the last state, on Stop, or when the user picks a step, a feature or another file.
const PLAY_INTERVAL = 800;

function togglePlaying() {
  if (view.playing) { stopPlaying("Stopped playing."); return; }
  const steps = stateSteps(view.selectedFeature);
  if (!model.offline || steps.length < 2) return;
  const current = view.selectedEvent ? steps.indexOf(view.selectedEvent.stateEvent) : -1;
  const index = current < 0 || current >= steps.length - 1 ? 0 : current;
  view.playing = { index, timer: setInterval(playNext, PLAY_INTERVAL) };
  view.selectedEvent = steps[index];
  $("follow").checked = false;
  note(`Playing ${featureLabel(selectedDescriptor())} from step #${steps[index].sequence}.`);
  render();
}

function playNext() {
  if (!view.playing) return;
  const steps = stateSteps(view.selectedFeature);
  const index = view.playing.index + 1;
  if (index >= steps.length) { stopPlaying(`Played to the last state, step #${steps[steps.length - 1].sequence}.`); return; }
  view.playing.index = index;
  view.selectedEvent = steps[index];
  render();
}

function stopPlaying(message) {
  if (!view.playing) return;
  clearInterval(view.playing.timer);
  view.playing = null;
  if (message) note(message);
  scheduleRender(true);
}

// MARK: The wish form

// Built from the cases the app made known (a sample of each, in the feature's descriptor): a
// field per value of the chosen case, typed by its sample; the form writes the JSON into the box
// below it, which stays for anything the form cannot say. Rebuilt only when the feature or its
// cases change, so typing is never undone by a redraw.
function renderWishForm(descriptor, can) {
  const cases = descriptor && descriptor.acceptsWishes ? (descriptor.wishCases || []) : [];
  const key = `${view.selectedFeature}:${JSON.stringify(cases)}`;
  if (view.wishFormKey !== key) {
    view.wishFormKey = key;
    const select = $("wish-case");
    select.replaceChildren(...cases.map((wishCase) => {
      const option = document.createElement("option");
      option.value = wishCase.name;
      option.textContent = caseSignature(wishCase);
      return option;
    }));
    // The case of the wish the box shows (typed or the example), when there is one.
    let shown;
    try { shown = stateName(JSON.parse($("wish-input").value)); }
    catch { shown = descriptor && stateName(descriptor.wishExample); }
    if (cases.some((wishCase) => wishCase.name === shown)) select.value = shown;
    $("wish-form").hidden = cases.length === 0;
    buildWishFields(false);
  }
  for (const control of $("wish-form").querySelectorAll("select, input")) control.disabled = !can;
}

// `insert(amount: Int)`, `enterPlate(String)`, `leave`: a case as Swift declares it.
function caseSignature(wishCase) {
  if (!wishCase.fields.length) return wishCase.name;
  return `${wishCase.name}(${wishCase.fields.map((field) => {
    const label = /^_\d+$/.test(field.key) ? "" : `${field.key}: `;
    return `${label}${field.type || "JSON"}`;
  }).join(", ")})`;
}

// A value without a label is "value" (or "value 2" among several), not Codable's "_1".
function fieldLabel(field, count, index) {
  const name = /^_\d+$/.test(field.key) ? (count === 1 ? "value" : `value ${index + 1}`) : field.key;
  return field.type ? `${name}: ${field.type}` : name;
}

function selectedWishCase() {
  const descriptor = selectedDescriptor();
  const cases = (descriptor && descriptor.wishCases) || [];
  return cases.find((wishCase) => wishCase.name === $("wish-case").value);
}

// The chosen case's fields, each showing its sample's value; `fill` writes the case's JSON into
// the box (the user chose the case), otherwise the box keeps what it shows.
function buildWishFields(fill) {
  const wishCase = selectedWishCase();
  const box = $("wish-fields");
  box.replaceChildren();
  if (!wishCase) return;
  wishCase.fields.forEach((field, index) => {
    const label = document.createElement("label");
    label.className = "wish-field";
    const name = document.createElement("span");
    name.textContent = fieldLabel(field, wishCase.fields.length, index);
    const input = document.createElement("input");
    input.dataset.key = field.key;
    const kind = typeof field.example;
    if (kind === "boolean") {
      input.type = "checkbox"; input.checked = field.example; input.dataset.kind = "boolean";
    } else if (kind === "number") {
      input.type = "number"; input.step = "any"; input.value = field.example; input.dataset.kind = "number";
    } else if (kind === "string") {
      input.type = "text"; input.value = field.example; input.dataset.kind = "string";
    } else {
      // Anything else (a struct, an array, an optional left out) is typed as JSON.
      input.type = "text"; input.value = JSON.stringify(field.example); input.dataset.kind = "json";
    }
    input.spellcheck = false;
    input.oninput = input.onchange = () => writeWishFromForm();
    label.append(name, input);
    box.append(label);
  });
  if (fill) writeWishFromForm();
}

// The wish the form says, as Swift's Codable writes it: {"case": {"label": value, "_0": value}}.
// Throws when a field typed as JSON is not JSON.
function wishFromForm() {
  const wishCase = selectedWishCase();
  if (!wishCase) return undefined;
  const example = wishCase.example;
  const payload = example && typeof example === "object" ? example[wishCase.name] : undefined;
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return example;
  const values = {};
  for (const input of $("wish-fields").querySelectorAll("input")) {
    const kind = input.dataset.kind;
    if (kind === "boolean") values[input.dataset.key] = input.checked;
    else if (kind === "number") values[input.dataset.key] = input.value === "" ? null : Number(input.value);
    else if (kind === "string") values[input.dataset.key] = input.value;
    else {
      try { values[input.dataset.key] = JSON.parse(input.value); }
      catch (error) { throw new Error(`${input.previousSibling.textContent} is not JSON: ${error.message}`); }
    }
  }
  return { [wishCase.name]: values };
}

function writeWishFromForm() {
  try {
    const wish = wishFromForm();
    if (wish === undefined) return;
    $("wish-input").value = JSON.stringify(wish);
    $("wish-input").dataset.touched = "1";
  } catch (error) {
    showResult("wish-result", false, error.message);
  }
}

// MARK: Export and import

function exportText(source = model) {
  const out = [JSON.stringify({ format: "finita-inspector-session", version: 1, exported: new Date().toISOString() })];
  for (const [id, record] of source.apps) {
    out.push(JSON.stringify({ v: 1, type: "hello", app: id, name: appName(record, id), platform: record.hello.platform, processID: record.hello.processID }));
    for (const [, descriptor] of record.features) out.push(JSON.stringify(Object.assign({}, descriptor, { v: 1, type: "feature", app: id })));
  }
  for (const event of source.events) {
    const { app, key, stateEvent, previousStateEvent, ...plain } = event;
    out.push(JSON.stringify({ v: 1, type: "events", app, events: [plain] }));
  }
  for (const [key, diagram] of source.diagrams) out.push(JSON.stringify(Object.assign({}, diagram, { v: 1, type: "diagram", app: key.split("/")[0] })));
  return out.join("\n") + "\n";
}

function importText(text, name) {
  const rows = text.split("\n").filter((l) => l.trim() !== "");
  const header = rows.length ? JSON.parse(rows[0]) : null;
  if (!header || header.format !== "finita-inspector-session") throw new Error("this is not a session exported by the Finita Inspector (its first line has no \"format\": \"finita-inspector-session\")");
  if (header.version !== 1) throw new Error(`the session is in format version ${header.version}; this page reads version 1`);
  const offline = { apps: new Map(), events: [], lastState: new Map(), diagrams: new Map(), dropped: new Map(), behind: new Map(), newestTime: new Map(), stages: new Set(), offline: name };
  rows.slice(1).forEach((row, index) => {
    let envelope;
    try { envelope = JSON.parse(row); } catch (error) { throw new Error(`line ${index + 2}: ${error.message}`); }
    receive(offline, envelope);
  });
  if (!model.offline) live = Object.assign({}, model);
  Object.assign(model, offline);
  resetPanels();
  view.selectedFeature = "";
  render();
}

// A recording file is made by the inspector (the format FinitaRecording reads and replays),
// from the stages it keeps of the selected feature.
async function recordingText(key = view.selectedFeature) {
  const [app, feature] = key.split("/");
  const response = await fetch(`/recording?app=${encodeURIComponent(app)}&feature=${encodeURIComponent(feature)}&token=${encodeURIComponent(token)}`);
  const text = await response.text();
  if (!response.ok) throw new Error(text);
  return text;
}

async function downloadRecording() {
  if (!view.selectedFeature) { note("Select a feature to export its recording.", true); return; }
  const descriptor = selectedDescriptor();
  try {
    const text = await recordingText();
    const blob = new Blob([text], { type: "application/x-ndjson" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${(descriptor && descriptor.displayName || "feature").replace(/[^A-Za-z0-9_-]/g, "-")}-recording.jsonl`;
    document.body.append(link); link.click(); link.remove();
    note(`Exported the recording of ${featureLabel(descriptor)}: ${text.split("\n").length - 2} steps.`);
  } catch (error) { note(`Cannot export a recording: ${error.message}`, true); }
}

// A recording file is read by the inspector, which checks it as FinitaRecording does and
// answers with a session to browse.
async function importFile(text, name) {
  const first = text.slice(0, text.indexOf("\n") < 0 ? text.length : text.indexOf("\n"));
  let header = null;
  try { header = JSON.parse(first); } catch (error) { /* importText names the problem */ }
  if (header && header.format === "finita-recording") {
    const response = await fetch(`/recording?name=${encodeURIComponent(name)}&token=${encodeURIComponent(token)}`, { method: "POST", body: text });
    const reply = await response.text();
    if (!response.ok) throw new Error(reply);
    text = reply;
  }
  importText(text, name);
}

function download() {
  const blob = new Blob([exportText()], { type: "application/x-ndjson" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `finita-session-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl`;
  document.body.append(link); link.click(); link.remove();
  note(`Exported ${model.events.length} steps.`);
}

function note(message, bad) {
  const footer = $("messages");
  footer.textContent = message;
  footer.className = bad ? "bad" : "";
}

// MARK: Wiring

// Selection happens on mousedown, on the lists (which stay in the page) rather than on rows
// (which a redraw may replace between mousedown and mouseup, losing the click).
$("app-list").addEventListener("mousedown", (event) => {
  const row = event.target.closest(".feature-item");
  if (row) selectFeature(row.dataset.feature);
});
$("events").tBodies[0].addEventListener("mousedown", (event) => {
  const row = event.target.closest("tr");
  if (!row || !rows.has(row)) return;
  const step = rows.get(row);
  // The toggle shows what the app did: it changes when the app answers, not on the click.
  if (event.target.closest(".skip-toggle")) { event.preventDefault(); toggleSkip(step); }
  selectEvent(step);
});
$("events").tBodies[0].addEventListener("click", (event) => {
  if (!event.target.closest(".skip-toggle")) return;
  event.preventDefault();
  // A toggle pressed with the keyboard clicks without a mousedown.
  const row = event.target.closest("tr");
  if (event.detail === 0 && row && rows.has(row)) toggleSkip(rows.get(row));
});
$("btn-skip").onclick = () => {
  const event = view.selectedEvent || nowOf(view.selectedFeature).event;
  if (event) toggleSkip(event.stateEvent === event ? event : null);
};
$("filter-feature").onchange = () => { view.selectedFeature = $("filter-feature").value; render(); };
$("filter-stage").onchange = render;
$("search").oninput = render;
// Dragging shows the step under the slider in the step panel and the diagram at once.
$("travel-slider").oninput = () => {
  $("travel-slider").dataset.moved = "1";
  const step = view.travelSteps[Number($("travel-slider").value)];
  if (step) view.selectedEvent = step;
  render();
};
$("travel-slider").onchange = () => {
  const step = view.travelSteps[Number($("travel-slider").value)];
  delete $("travel-slider").dataset.moved;
  // A step whose state a skip worked out again travels to that state, as the timeline shows it.
  if (step) command("travel", { state: shownState(step) }, "travel-result", step);
};
$("btn-pause").onclick = () => command("pause", {}, "travel-result");
$("btn-resume").onclick = () => command("resume", {}, "travel-result");
// Back to live: the slider follows the newest state again, as before it was moved.
$("btn-live").onclick = () => command("live", {}, "travel-result");
$("btn-continue").onclick = () => command("continue", {}, "travel-result");
$("btn-send-wish").onclick = sendWish;
$("btn-play").onclick = togglePlaying;
$("state-view").addEventListener("click", toggleTreeRow);
$("state-view").addEventListener("keydown", (event) => {
  if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggleTreeRow(event); }
});
$("wish-case").onchange = () => buildWishFields(true);
view.zoom = 1;
$("btn-zoom-in").onclick = () => { view.zoom = Math.min(4, view.zoom * 1.25); applyZoom(); };
$("btn-zoom-out").onclick = () => { view.zoom = Math.max(0.25, view.zoom / 1.25); applyZoom(); };
$("btn-zoom-reset").onclick = () => { view.zoom = 1; applyZoom(); };
$("diagram").addEventListener("click", (event) => {
  const edge = event.target.closest("g.edge.clickable");
  if (edge) sendTransition(edge);
});
$("wish-input").oninput = () => { $("wish-input").dataset.touched = "1"; };
$("btn-export").onclick = download;
$("btn-export-recording").onclick = downloadRecording;
$("import-file").onchange = async (event) => {
  const file = event.target.files[0]; if (!file) return;
  try { await importFile(await file.text(), file.name); note(`Imported ${model.events.length} steps from ${file.name}.`); }
  catch (error) { note(`Cannot import ${file.name}: ${error.message}`, true); }
  event.target.value = "";
};
function backToLiveSession() {
  if (live) { Object.assign(model, live); model.offline = null; live = null; }
  resetPanels();
  view.selectedFeature = "";
  render();
}
$("btn-back-live-session").onclick = backToLiveSession;
$("btn-load-into-app").onclick = loadIntoApp;

window.finitaInspector = { model, marks: view.marks, exportText, importText, importFile, recordingText, selectFeature };
connect();
render();
