// Movie Box: the planner API's web app, over /v1/* only.
//
// Every text that comes from TMDb, OpenStreetMap, Finnkino or a user goes into the page as text (textContent and
// createElement, through el() and svgEl() below), never as HTML. The page runs under a Content-Security-Policy with
// no inline script or style, so looks come from classes in app.css and from SVG attributes.
"use strict";

const KEYS = { token: "moviebox.token", feedKey: "moviebox.feedKey", settings: "moviebox.settings" };
const DEFAULTS = { home: "", radius: "0.5", keyword: "movie theatre", region: "", mode: "walk" };
const TABS = ["now", "theaters", "watchlist", "upcoming", "tonight", "settings"];
const STARS = [5, 4.5, 4, 3.5, 3, 2.5, 2, 1.5, 1, 0.5];
const MODES = { walk: "walk", bike: "bike", drive: "drive" };
const SVG_NS = "http://www.w3.org/2000/svg";

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------- building the page

/** An element; string and number children become text nodes, so nothing given here is ever parsed as HTML. */
function el(tag, attributes, ...children) {
  const node = document.createElement(tag);
  setAttributes(node, attributes);
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false || child === "") continue;
    node.append(typeof child === "number" ? String(child) : child);
  }
  return node;
}

/** An SVG element with attributes and, optionally, text. */
function svgEl(tag, attributes, text) {
  const node = document.createElementNS(SVG_NS, tag);
  setAttributes(node, attributes);
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function setAttributes(node, attributes) {
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? "" : String(value));
  }
}

/** An http(s) address from the API, or null: no javascript: or data: link is ever made. */
function webURL(text) {
  if (typeof text !== "string") return null;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** A poster's address when it is TMDb's image host or this server (the only images the page's policy allows). */
function posterURL(text) {
  if (typeof text !== "string" || !text) return null;
  try {
    const url = new URL(text, location.href);
    if (url.protocol === "https:" && url.hostname === "image.tmdb.org") return url.href;
    return url.origin === location.origin ? url.href : null;
  } catch {
    return null;
  }
}

function link(href, text, attributes) {
  const url = webURL(href);
  return url ? el("a", { href: url, rel: "noopener noreferrer", ...attributes }, text) : null;
}

/** Shows one of the states every list has: loading, empty, error (with the problem's detail), done, or nothing. */
function setStatus(node, kind, text) {
  node.className = "status" + (kind ? " " + kind : "") + (node.classList.contains("small") ? " small" : "");
  node.textContent = text || "";
}

const plural = (count, one, many) => `${count.toLocaleString("en")} ${count === 1 ? one : many || one + "s"}`;
const distance = (meters) =>
  meters < 1000 ? `${Math.round(meters)} m` : `${(meters / 1000).toFixed(meters < 10000 ? 1 : 0)} km`;
const minutes = (seconds) => {
  const total = Math.max(1, Math.round(seconds / 60));
  return total < 60 ? `${total} min` : `${Math.floor(total / 60)} h ${total % 60} min`;
};
const starsText = (stars) => `${Number(stars).toFixed(1).replace(/\.0$/, "")} ★`;
const yearOf = (film) => film.year || (film.release_date ? String(film.release_date).slice(0, 4) : "");
const titleWithYear = (film) => film.title + (yearOf(film) ? ` (${yearOf(film)})` : "");

// ---------------------------------------------------------------------------------------------- what the browser keeps

const store = {
  get(key) {
    try { return localStorage.getItem(key) || ""; } catch { return ""; }
  },
  set(key, value) {
    try {
      if (value) localStorage.setItem(key, value); else localStorage.removeItem(key);
    } catch { /* storage is off: the page still works for this visit */ }
  },
  token() { return store.get(KEYS.token).trim(); },
  settings() {
    let saved = {};
    try { saved = JSON.parse(store.get(KEYS.settings) || "{}") || {}; } catch { saved = {}; }
    const settings = { ...DEFAULTS };
    for (const key of Object.keys(DEFAULTS)) if (typeof saved[key] === "string") settings[key] = saved[key];
    return settings;
  },
};

const state = {
  settings: store.settings(),
  /** The place searched from: the page's ?near=, else the home in the settings. */
  near: "",
  loaded: new Set(),
  nowPage: 1,
  /** Each list's latest request: an answer to an older one is dropped. */
  sequence: {},
};

function nextSequence(name) {
  state.sequence[name] = (state.sequence[name] || 0) + 1;
  const mine = state.sequence[name];
  return () => state.sequence[name] === mine;
}

// ---------------------------------------------------------------------------------------------- the API

class APIError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

/**
 * One request to the API. A problem document (RFC 9457) becomes an APIError whose message is its `detail`.
 * auth: "optional" sends the token when there is one, "required" refuses without one, "none" never sends it.
 */
async function api(path, { method = "GET", body, auth = "optional", accept = "application/json", signal } = {}) {
  const headers = { Accept: `${accept}, application/problem+json;q=0.9` };
  const token = store.token();
  if (auth === "required" && !token) throw new APIError(401, "Sign in first: paste your token under Settings.");
  if (token && auth !== "none") headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    response = await fetch(path, { method, headers, body: payload, signal });
  } catch (error) {
    if (error && error.name === "AbortError") throw error;
    throw new APIError(0, "The server could not be reached.");
  }
  const text = await response.text();
  if (!response.ok) {
    let detail = "";
    try {
      const problem = JSON.parse(text);
      detail = problem && (problem.detail || problem.title) ? String(problem.detail || problem.title) : "";
    } catch { /* not a problem document */ }
    throw new APIError(response.status, detail || `${response.status} ${response.statusText || "error"}`);
  }
  if (response.status === 204 || !accept.includes("json")) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new APIError(response.status, "The server answered with something that is not JSON.");
  }
}

/** The search's query parameters from the settings, with the place searched from. */
function searchQuery(extra) {
  const query = new URLSearchParams();
  if (state.near) query.set("near", state.near);
  for (const key of ["radius", "keyword", "mode"]) if (state.settings[key]) query.set(key, state.settings[key]);
  for (const [key, value] of Object.entries(extra || {})) if (value) query.set(key, value);
  return query;
}

function regionQuery(extra) {
  const query = new URLSearchParams(extra || {});
  if (state.settings.region) query.set("region", state.settings.region.toUpperCase());
  return query;
}

/** The error's sentence, with what the user can do about a missing sign-in or region. */
function explain(error, what) {
  if (error && error.name === "AbortError") return "";
  let text = `${what}: ${error.message}`;
  if (error.status === 401 && store.token()) text += " Sign in again under Settings.";
  if (error.status === 400 && /region/.test(error.message)) text += " Set your region under Settings.";
  return text;
}

// ---------------------------------------------------------------------------------------------- tabs

const tabButtons = () => TABS.map((name) => $(`tab-${name}`));

/** The tab and the rest of the address after '#': "watchlist/rated/4.5" is the watchlist, showing 4.5 stars. */
function parseHash() {
  let text = location.hash.replace(/^#/, "");
  try { text = decodeURIComponent(text); } catch { /* a stray '%': read it as it is */ }
  const parts = text.split("/");
  return { tab: TABS.includes(parts[0]) ? parts[0] : null, rest: parts.slice(1) };
}

function selectTab(name, { focus = false, setHash = true } = {}) {
  for (const tab of TABS) {
    const button = $(`tab-${tab}`);
    const selected = tab === name;
    button.setAttribute("aria-selected", String(selected));
    button.tabIndex = selected ? 0 : -1;
    $(`panel-${tab}`).hidden = !selected;
  }
  if (focus) $(`tab-${name}`).focus();
  if (setHash && parseHash().tab !== name) {
    history.replaceState(null, "", `${location.pathname}${location.search}#${name}`);
  }
  openTab(name);
}

function onTabKey(event) {
  const buttons = tabButtons();
  const index = buttons.indexOf(document.activeElement);
  if (index < 0) return;
  let next = null;
  if (event.key === "ArrowRight") next = (index + 1) % buttons.length;
  else if (event.key === "ArrowLeft") next = (index - 1 + buttons.length) % buttons.length;
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = buttons.length - 1;
  if (next === null) return;
  event.preventDefault();
  selectTab(TABS[next], { focus: true });
}

/** Loads a tab's data the first time it is shown (and after the token or the settings change). */
function openTab(name) {
  const hash = parseHash();
  if (name === "watchlist") {
    if (!state.loaded.has("watchlist")) { state.loaded.add("watchlist"); loadWatchlist(); }
    const rated = hash.tab === "watchlist" && hash.rest[0] === "rated" ? Number(hash.rest[1]) : NaN;
    showRated(STARS.includes(rated) ? rated : null);
    return;
  }
  if (state.loaded.has(name)) return;
  state.loaded.add(name);
  const loaders = { now: loadNowPlaying, theaters: loadTheaters, upcoming: loadUpcoming, tonight: loadTonight,
    settings: fillSettings };
  loaders[name]();
}

/** Drops what was loaded so that each tab asks again when next shown, and reloads the one in view. */
function reloadAll() {
  state.loaded.clear();
  state.nowPage = 1;
  const current = TABS.find((tab) => !$(`panel-${tab}`).hidden) || "now";
  openTab(current);
}

// ---------------------------------------------------------------------------------------------- account

function showAccount() {
  const signedIn = Boolean(store.token());
  const line = $("account-line");
  line.replaceChildren(signedIn ? "Signed in · " : "Not signed in · ",
    el("a", { href: "#settings", id: "account-link" }, signedIn ? "Account" : "Sign in"));
  $("account-state").textContent = signedIn
    ? "Signed in: your token is kept in this browser and sent as 'Authorization: Bearer' with each request."
    : "Not signed in. Theaters, what is playing and every show work without it; your lists need it.";
  $("signout").hidden = !signedIn;
  for (const id of ["watchlist-signin", "upcoming-signin"]) $(id).hidden = signedIn;
  $("watchlist-body").hidden = !signedIn;
}

async function signIn(event) {
  event.preventDefault();
  const token = $("token").value.trim();
  const status = $("signin-status");
  if (!token) { setStatus(status, "error", "Paste your token first."); return; }
  setStatus(status, "loading", "Checking the token…");
  try {
    // The stats answer only a known token: a cheap way to check it before keeping it.
    const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
    const response = await fetch("v1/me/stats", { headers });
    if (!response.ok) {
      let detail = `${response.status} ${response.statusText}`;
      try { detail = (await response.json()).detail || detail; } catch { /* keep the status line */ }
      setStatus(status, "error", `Not signed in: ${detail}`);
      return;
    }
  } catch {
    setStatus(status, "error", "Not signed in: the server could not be reached.");
    return;
  }
  store.set(KEYS.token, token);
  $("token").value = "";
  setStatus(status, "done", "Signed in.");
  showAccount();
  reloadAll();
}

function signOut() {
  store.set(KEYS.token, "");
  setStatus($("signin-status"), "done", "Signed out: the token is no longer kept in this browser.");
  showAccount();
  reloadAll();
}

// ---------------------------------------------------------------------------------------------- now playing

async function loadNowPlaying({ append = false } = {}) {
  const status = $("now-status"), list = $("now-list"), more = $("now-more");
  const current = nextSequence("now");
  if (!append) { state.nowPage = 1; list.replaceChildren(); }
  more.hidden = true;
  setStatus(status, "loading", "Loading what is playing…");
  try {
    const data = await api(`v1/films/now-playing?${regionQuery({ page: String(state.nowPage) })}`);
    if (!current()) return;
    const films = data.films || [];
    list.append(...films.map(filmCard));
    const shown = list.children.length;
    if (!shown) {
      setStatus(status, "empty", "Nothing is listed as playing now" +
        (state.settings.region ? ` in ${state.settings.region.toUpperCase()}.` : "."));
      return;
    }
    const total = data.total_results ?? shown;
    setStatus(status, "", `${data.title || "Now playing"}: ${plural(shown, "film")} of ${total.toLocaleString("en")}.`);
    more.hidden = films.length === 0 || shown >= total;
  } catch (error) {
    if (current()) setStatus(status, "error", explain(error, "What is playing could not be loaded"));
  }
}

/** A film in the poster grid: the poster from `poster_url`, or the title on a plain card when there is none. */
function filmCard(film) {
  const card = el("li", { class: "film-card", "data-id": film.id });
  const frame = el("div", { class: "poster-frame" },
    el("span", { class: "poster-placeholder", "aria-hidden": "true" }, film.title));
  const poster = posterURL(film.poster_url);
  if (poster) {
    const image = el("img", { class: "poster", src: poster, alt: "", width: 342, height: 513, loading: "lazy",
      decoding: "async", referrerpolicy: "no-referrer" });
    image.addEventListener("error", () => card.classList.add("poster-failed"));
    frame.append(image);
  } else {
    card.classList.add("no-poster");
  }
  const facts = [film.release_date, film.vote_count ? `TMDb ${Number(film.vote_average).toFixed(1)}` : ""];
  card.append(frame, el("h3", { class: "film-title" }, film.title),
    el("p", { class: "meta" }, facts.filter(Boolean).join(" · ")));
  if (store.token()) card.append(addButton(film));
  return card;
}

/** "Add to watchlist", or "On your watchlist" when the API marked the film as there already. */
function addButton(film, onAdded) {
  const button = el("button", { type: "button", class: "secondary", "aria-label": `Add to watchlist: ${film.title}` },
    "Add to watchlist");
  const done = () => {
    button.textContent = "On your watchlist";
    button.disabled = true;
    button.removeAttribute("aria-label");
  };
  if (film.marked) done();
  button.addEventListener("click", async () => {
    button.disabled = true;
    button.textContent = "Adding…";
    try {
      await api("v1/me/watchlist", { method: "POST", body: { id: film.id }, auth: "required" });
      done();
      state.loaded.delete("watchlist");
      state.loaded.delete("upcoming");
      state.loaded.delete("tonight");
      if (onAdded) onAdded(film);
    } catch (error) {
      button.disabled = false;
      button.textContent = "Add to watchlist";
      const status = button.closest("form") ? $("film-search-status") : $("now-status");
      setStatus(status, "error", explain(error, `${film.title} could not be added`));
    }
  });
  return button;
}

// ---------------------------------------------------------------------------------------------- theaters and the map

async function loadTheaters() {
  const status = $("theaters-status"), list = $("theater-list");
  const current = nextSequence("theaters");
  $("place").value = state.near;
  $("theaters-notes").replaceChildren();
  if (!state.near) {
    list.replaceChildren();
    drawEmptyMap("Enter a place above, or set your home under Settings.");
    setStatus(status, "empty", "Enter a place to see the theaters near it, or set your home under Settings.");
    return;
  }
  setStatus(status, "loading", `Finding theaters near ${state.near}…`);
  setStatus($("streets-status"), "", "");
  const query = searchQuery();
  const [theaters, routes] = await Promise.allSettled([
    api(`v1/theaters?${query}`),
    api(`v1/routes?${query}&format=geojson`, { accept: "application/geo+json" }),
  ]);
  if (!current()) return;
  if (theaters.status === "rejected") {
    list.replaceChildren();
    drawEmptyMap("No map");
    setStatus(status, "error", explain(theaters.reason, "The theaters could not be found"));
    return;
  }
  const data = theaters.value;
  const count = data.theaters.length;
  setStatus(status, count ? "" : "empty", count
    ? `${plural(count, "theater")} within ${distance(data.radius_m)} of ${data.origin.label}, nearest first.`
    : `No theaters within ${distance(data.radius_m)} of ${data.origin.label}. Try a larger radius under Settings.`);
  $("theaters-notes").replaceChildren(...(data.notes || []).map((note) => el("li", {}, note)));
  if (routes.status === "rejected") {
    drawEmptyMap("The routes could not be drawn.");
    setStatus($("streets-status"), "error", explain(routes.reason, "The routes could not be loaded"));
    list.replaceChildren(...data.theaters.map((theater) => theaterItem(theater, data.mode, null)));
    return;
  }
  const map = drawMap(routes.value, data);
  list.replaceChildren(...data.theaters.map((theater) => theaterItem(theater, data.mode, map)));
  loadStreets(map, current);
}

/** A theater with its distance, its travel times by every mode, its links and a button that picks out its route. */
function theaterItem(theater, mode, map) {
  const item = el("li", { class: "theater", "data-id": theater.id });
  const rank = el("span", { class: "rank", "aria-hidden": "true" }, theater.rank);
  item.append(el("h3", { class: "name" }, rank, theater.name));
  const where = [distance(theater.distance_m) + (theater.direction ? ` ${theater.direction}` : ""), theater.address];
  item.append(el("p", { class: "meta" }, where.filter(Boolean).join(" · ")));
  const times = Object.keys(MODES).filter((m) => theater.duration_s && theater.duration_s[m] != null)
    .map((m) => `${m === mode ? "▸ " : ""}${m} ${minutes(theater.duration_s[m])}`);
  if (times.length) {
    item.append(el("p", {}, times.join(" · "),
      theater.duration_source === "estimate" ? el("span", { class: "meta" }, " (estimated: no roads here)") : null));
  }
  const actions = el("p", { class: "actions" });
  const route = map && map.routes.get(theater.id);
  if (route) {
    const button = el("button", { type: "button", class: "secondary", "aria-pressed": "false" }, "Show the route");
    button.setAttribute("aria-label", `Show the route to ${theater.name} on the map`);
    button.addEventListener("click", () => map.select(theater.id, button));
    actions.append(button);
  }
  const site = link(theater.website, "Website");
  if (site) actions.append(site);
  const osm = link(theater.openstreetmap_url, "OpenStreetMap");
  if (osm) actions.append(osm);
  if (actions.childNodes.length) item.append(actions);
  return item;
}

// The drawing's size (fitMap() picks it), its margin, the smallest span it shows, and meters per degree of arc on the
// IUGG mean radius, 6,371,008.8 m, as Geo's Earth has it.
const MAP = { width: 800, height: 560, padding: 36, minimumSpanMeters: 400, metersPerDegree: 111195.08 };

/** A projection in meters east and north of the origin, fitted to the points; x grows east, y south. */
function projection(origin, points) {
  const cosine = Math.max(Math.cos((origin[1] * Math.PI) / 180), 0.01);
  const toMeters = ([lon, lat]) =>
    [(lon - origin[0]) * MAP.metersPerDegree * cosine, (lat - origin[1]) * MAP.metersPerDegree];
  const local = points.map(toMeters);
  const xs = local.map((p) => p[0]), ys = local.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(0, ...xs), Math.max(0, ...xs), Math.min(0, ...ys), Math.max(0, ...ys)];
  const spanX = Math.max(maxX - minX, MAP.minimumSpanMeters), spanY = Math.max(maxY - minY, MAP.minimumSpanMeters);
  const scale = Math.min((MAP.width - 2 * MAP.padding) / spanX, (MAP.height - 2 * MAP.padding) / spanY);
  const offsetX = MAP.width / 2 - ((minX + maxX) / 2) * scale, offsetY = MAP.height / 2 + ((minY + maxY) / 2) * scale;
  return {
    scale,
    project(position) {
      const [x, y] = toMeters(position);
      return [offsetX + x * scale, offsetY - y * scale];
    },
    /** Meters from the origin to the farthest corner of the map. */
    reachMeters() {
      const corners = [[0, 0], [MAP.width, 0], [0, MAP.height], [MAP.width, MAP.height]];
      return Math.max(...corners.map(([x, y]) => Math.hypot((x - offsetX) / scale, (offsetY - y) / scale)));
    },
  };
}

/** The map's drawing size: a square on a phone, so that its text stays legible, and wider on a larger screen. */
function fitMap() {
  const svg = $("map");
  const shown = svg.getBoundingClientRect().width;
  [MAP.width, MAP.height] = shown && shown < 560 ? [440, 440] : [800, 560];
  svg.setAttribute("viewBox", `0 0 ${MAP.width} ${MAP.height}`);
  return svg;
}

function drawEmptyMap(text) {
  const svg = fitMap();
  svg.replaceChildren(svgEl("text", { x: MAP.width / 2, y: MAP.height / 2, class: "empty-map" }, text));
  svg.setAttribute("aria-label", `Map: ${text}`);
}

const linesOf = (geometry) => !geometry ? [] : geometry.type === "LineString" ? [geometry.coordinates]
  : geometry.type === "MultiLineString" ? geometry.coordinates : [];

/**
 * Draws the origin, the theaters and each theater's route (the /v1/routes collection), fitted to the map, with empty
 * layers below for the streets. Returns what the list and the streets need: the projection and the routes by theater.
 */
function drawMap(collection, theaters) {
  const svg = fitMap();
  const features = collection.features || [];
  const originFeature = features.find((f) =>
    f.geometry && f.geometry.type === "Point" && (f.properties || {}).role === "origin");
  const origin = originFeature ? originFeature.geometry.coordinates : [theaters.origin.lon, theaters.origin.lat];
  const points = [origin];
  for (const feature of features) {
    if (!feature.geometry) continue;
    if (feature.geometry.type === "Point") points.push(feature.geometry.coordinates);
    else for (const line of linesOf(feature.geometry)) points.push(...line);
  }
  const view = projection(origin, points);
  const xy = (position) => view.project(position).map((v) => v.toFixed(1)).join(",");
  const layers = {
    land: svgEl("g", { class: "land-layer" }), streets: svgEl("g", { class: "streets" }),
    routes: svgEl("g", { class: "routes" }), markers: svgEl("g", { class: "markers" }), labels: svgEl("g", {}),
  };
  svg.replaceChildren(...Object.values(layers));

  const colorOf = new Map(theaters.theaters.map((theater, index) => [theater.id, `c${index % 8}`]));
  const routes = new Map();
  for (const feature of features) {
    const properties = feature.properties || {};
    if (properties.role !== "route") continue;
    for (const line of linesOf(feature.geometry)) {
      const color = colorOf.get(properties.theater_id) || "c1";
      const path = svgEl("polyline", { class: `route ${color}${properties.source === "estimate" ? " estimate" : ""}`,
        points: line.map(xy).join(" ") });
      path.append(svgEl("title", {}, `${properties.theater_name || "Route"}: ${distance(properties.distance_m || 0)}` +
        (properties.duration_s != null ? `, ${minutes(properties.duration_s)} by ${properties.mode || "walk"}` : "")));
      layers.routes.append(path);
      if (!routes.has(properties.theater_id)) routes.set(properties.theater_id, []);
      routes.get(properties.theater_id).push(path);
    }
  }
  for (const theater of theaters.theaters) {
    const [x, y] = view.project([theater.lon, theater.lat]);
    const marker = svgEl("circle",
      { class: `marker ${colorOf.get(theater.id)}`, cx: x.toFixed(1), cy: y.toFixed(1), r: 9 });
    marker.append(svgEl("title", {}, `${theater.rank}. ${theater.name}`));
    layers.markers.append(marker);
    layers.labels.append(
      svgEl("text", { class: "marker-number", x: x.toFixed(1), y: (y + 4).toFixed(1) }, theater.rank));
  }
  const [ox, oy] = view.project(origin);
  layers.markers.append(svgEl("circle", { class: "origin", cx: ox.toFixed(1), cy: oy.toFixed(1), r: 8 }));
  layers.labels.append(svgEl("text", { x: (ox + 12).toFixed(1), y: (oy + 20).toFixed(1) }, theaters.origin.label));
  drawScaleBar(layers.labels, view);
  const corner = { class: "attribution", x: MAP.width - 8, y: MAP.height - 8, "text-anchor": "end" };
  layers.labels.append(svgEl("text", corner, "© OpenStreetMap contributors, ODbL 1.0"));
  svg.setAttribute("aria-label", `Map of ${plural(theaters.theaters.length, "theater")} near ` +
    `${theaters.origin.label} and the ${theaters.mode} routes to them`);

  return {
    view, origin, layers, routes,
    select(id, button) {
      const selected = button.getAttribute("aria-pressed") !== "true";
      for (const other of document.querySelectorAll(".theater [aria-pressed]")) {
        other.setAttribute("aria-pressed", "false");
      }
      for (const path of layers.routes.querySelectorAll(".route")) path.classList.remove("selected");
      layers.routes.classList.toggle("has-selection", selected);
      if (selected) {
        button.setAttribute("aria-pressed", "true");
        for (const path of routes.get(id) || []) path.classList.add("selected");
      }
    },
  };
}

function drawScaleBar(layer, view) {
  const metersPerPixel = 1 / view.scale, target = (MAP.width / 5) * metersPerPixel;
  const step = Math.pow(10, Math.floor(Math.log10(target)));
  const length = [5, 2, 1].map((f) => f * step).find((v) => v <= target) || step;
  const pixels = length / metersPerPixel, y = MAP.height - 14;
  layer.append(svgEl("path", { class: "scale", d: `M12 ${y - 6}V${y}H${(12 + pixels).toFixed(1)}V${y - 6}` }));
  layer.append(svgEl("text", { x: (18 + pixels).toFixed(1), y }, distance(length)));
}

/** Asks for the streets under the whole map and draws them, one path per kind, faintest first. */
async function loadStreets(map, current) {
  const status = $("streets-status");
  const radius = Math.min(5000, Math.max(200, Math.ceil(map.view.reachMeters() / 50) * 50));
  const near = `${map.origin[1].toFixed(6)},${map.origin[0].toFixed(6)}`;
  setStatus(status, "loading", "Drawing the streets…");
  let collection;
  try {
    collection = await api(`v1/map/streets?near=${encodeURIComponent(near)}&radius=${radius}m`,
      { accept: "application/geo+json", auth: "none" });
  } catch (error) {
    if (current()) setStatus(status, "error", explain(error, "The streets could not be loaded"));
    return;
  }
  if (!current()) return;
  const byKind = { path: [], minor: [], street: [], major: [] };
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, count = 0;
  const margin = 40;
  for (const feature of collection.features || []) {
    const kind = (feature.properties || {}).kind;
    if (!byKind[kind] || !feature.geometry || feature.geometry.type !== "LineString") continue;
    const points = feature.geometry.coordinates.map((position) => map.view.project(position));
    const outside = points.every(([x, y]) =>
      x < -margin || y < -margin || x > MAP.width + margin || y > MAP.height + margin);
    if (outside) continue;
    const texts = [];
    for (const [x, y] of points) {
      const text = `${x.toFixed(1)},${y.toFixed(1)}`;
      if (texts[texts.length - 1] !== text) texts.push(text);
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
    if (texts.length < 2) continue;
    byKind[kind].push(`M${texts[0]}L${texts.slice(1).join(" ")}`);
    count += 1;
  }
  const paths = Object.entries(byKind).filter(([, lines]) => lines.length)
    .map(([kind, lines]) =>
      svgEl("path", { class: kind === "street" ? "street" : `street ${kind}`, d: lines.join("") }));
  map.layers.streets.replaceChildren(...paths);
  if (count) {
    const [x0, y0] = [Math.max(0, minX), Math.max(0, minY)];
    const [x1, y1] = [Math.min(MAP.width, maxX), Math.min(MAP.height, maxY)];
    map.layers.land.replaceChildren(svgEl("rect", { class: "land", x: x0.toFixed(1), y: y0.toFixed(1),
      width: Math.max(0, x1 - x0).toFixed(1), height: Math.max(0, y1 - y0).toFixed(1) }));
  }
  const origin = (collection.features || []).find((f) => (f.properties || {}).role === "origin");
  const area = origin && origin.properties.area;
  setStatus(status, count ? "" : "empty", count
    ? `${count.toLocaleString("en")} streets and paths within ${distance(radius)}` +
      (area ? `, from the area ${area}.` : ".")
    : "No streets here: only the bundled central Helsinki and the areas imported on the server have them.");
}

/** The place the page's address names (?near=), which wins over the home for this visit. */
function placeFromURL() {
  return (new URLSearchParams(location.search).get("near") || "").trim();
}

function searchPlace(event) {
  event.preventDefault();
  const place = $("place").value.trim();
  const query = new URLSearchParams(location.search);
  if (place) query.set("near", place); else query.delete("near");
  history.replaceState(null, "", `${location.pathname}${query.toString() ? "?" + query : ""}${location.hash}`);
  state.near = place || state.settings.home;
  state.loaded.delete("tonight");
  loadTheaters();
}

// ---------------------------------------------------------------------------------------------- the watchlist

async function loadWatchlist() {
  const status = $("watchlist-status"), list = $("watchlist-list");
  if (!store.token()) { list.replaceChildren(); return; }
  const current = nextSequence("watchlist");
  setStatus(status, "loading", "Loading your watchlist…");
  loadStats();
  try {
    const items = await api("v1/me/watchlist", { auth: "required" });
    if (!current()) return;
    list.replaceChildren(...items.map(listItem));
    setStatus(status, items.length ? "" : "empty", items.length
      ? `${plural(items.length, "film")} on your watchlist.`
      : "Your watchlist is empty: search for a film to add one.");
  } catch (error) {
    if (!current()) return;
    list.replaceChildren();
    setStatus(status, "error", explain(error, "Your watchlist could not be loaded"));
  }
}

/** One film of a list, with its rating, its review and a button to take it off the watchlist. */
function listItem(film) {
  const item = el("li", { class: "item", "data-id": film.id });
  const status = el("p", { class: "status", role: "status" });
  item.append(el("h4", { class: "item-title" }, titleWithYear(film)));
  const facts = [film.release_date ? `out ${film.release_date}` : "",
    film.watched_on ? `watched ${film.watched_on}` : ""];
  if (facts.some(Boolean)) item.append(el("p", { class: "meta" }, facts.filter(Boolean).join(" · ")));
  const review = el("p", { class: "review-text" }, film.review || "");
  review.hidden = !film.review;

  const rating = el("select", { class: "rating", "aria-label": `Your rating of ${film.title}` },
    el("option", { value: "" }, "Not rated"),
    ...STARS.map((stars) => el("option", { value: stars }, starsText(stars))));
  rating.value = film.rating != null ? String(Number(film.rating)) : "";
  rating.addEventListener("change", async () => {
    setStatus(status, "loading", "Saving the rating…");
    try {
      const path = `v1/me/ratings/${film.id}`;
      if (rating.value) await api(path, { method: "PUT", body: { rating: Number(rating.value) }, auth: "required" });
      else await api(path, { method: "DELETE", auth: "required" });
      setStatus(status, "done", rating.value ? `Rated ${starsText(rating.value)}.` : "Rating removed.");
      loadStats();
    } catch (error) {
      setStatus(status, "error", explain(error, "The rating could not be saved"));
    }
  });

  const remove = el("button",
    { type: "button", class: "secondary", "aria-label": `Remove ${film.title} from your watchlist` }, "Remove");
  remove.addEventListener("click", async () => {
    remove.disabled = true;
    setStatus(status, "loading", "Removing…");
    try {
      await api(`v1/me/watchlist/${film.id}`, { method: "DELETE", auth: "required" });
      state.loaded.delete("upcoming");
      state.loaded.delete("tonight");
      loadWatchlist();
    } catch (error) {
      remove.disabled = false;
      setStatus(status, "error", explain(error, "The film could not be removed"));
    }
  });
  const controls = el("div", { class: "controls" }, el("label", {}, "Rating", rating), remove);

  const editor = el("details", { class: "review-editor" });
  const text = el("textarea", { class: "review-input", rows: 3 });
  text.value = film.review || "";
  const save = el("button", { type: "button" }, "Save the review");
  editor.append(el("summary", {}, film.review ? "Edit your review" : "Write a review"),
    el("label", {}, `Your review of ${film.title}`, text), el("div", { class: "row" }, save));
  save.addEventListener("click", async () => {
    const words = text.value.trim();
    setStatus(status, "loading", "Saving the review…");
    try {
      if (words) await api(`v1/me/reviews/${film.id}`, { method: "PUT", body: { review: words }, auth: "required" });
      else await api(`v1/me/reviews/${film.id}`, { method: "DELETE", auth: "required" });
      review.textContent = words;
      review.hidden = !words;
      editor.open = false;
      editor.querySelector("summary").textContent = words ? "Edit your review" : "Write a review";
      setStatus(status, "done", words ? "Review saved." : "Review removed.");
    } catch (error) {
      setStatus(status, "error", explain(error, "The review could not be saved"));
    }
  });
  item.append(controls, review, editor, status);
  return item;
}

/** A film of the rated list: its title, rating and review, without the controls. */
function ratedItem(film) {
  return el("li", { class: "item", "data-id": film.id },
    el("h4", { class: "item-title" }, titleWithYear(film)),
    el("p", { class: "meta" }, film.rating != null ? `Rated ${starsText(film.rating)}` : ""),
    film.review ? el("p", { class: "review-text" }, film.review) : null);
}

async function loadStats() {
  const status = $("stats-status"), histogram = $("histogram");
  const current = nextSequence("stats");
  setStatus(status, "loading", "Loading your ratings…");
  try {
    const stats = await api("v1/me/stats", { auth: "required" });
    if (!current()) return;
    const counts = new Map((stats.rating_histogram || []).map((bucket) => [Number(bucket.stars), bucket.count]));
    const most = Math.max(1, ...counts.values());
    const rated = parseHash().rest[0] === "rated" ? Number(parseHash().rest[1]) : null;
    histogram.replaceChildren(...STARS.map((stars) => {
      const count = counts.get(stars) || 0;
      const bar = svgEl("svg", { class: "bar", viewBox: "0 0 100 14", preserveAspectRatio: "none",
        "aria-hidden": "true", focusable: "false" });
      bar.append(svgEl("rect", { class: "bar-track", width: 100, height: 14, rx: 3 }),
        svgEl("rect", { class: "bar-fill", width: ((100 * count) / most).toFixed(1), height: 14, rx: 3 }));
      const barLink = el("a", { class: "bar-link", href: `#watchlist/rated/${stars}`, "data-stars": stars,
        "aria-current": stars === rated ? "true" : null });
      barLink.append(el("span", { class: "bar-label" }, starsText(stars)), bar,
        el("span", { class: "bar-count" }, plural(count, "film")));
      return el("li", {}, barLink);
    }));
    const summary = [`${plural(stats.rated || 0, "film")} rated`];
    if (stats.average_rating != null) {
      summary.push(`on average ${starsText(Math.round(stats.average_rating * 10) / 10)}`);
    }
    summary.push(`${stats.watchlist ?? 0} on the watchlist`, `${stats.favorites ?? 0} favorites`,
      `${stats.watched ?? 0} watched`);
    setStatus(status, "", `${summary.join(" · ")}. Follow a bar to its films.`);
  } catch (error) {
    if (current()) setStatus(status, "error", explain(error, "Your ratings could not be loaded"));
  }
}

/** The films and series rated `stars` (GET /v1/me/rated, the document `planner stats --rating` writes). */
async function ratedFilms(stars) {
  const [data, watchlist, favorites] = await Promise.all([
    api(`v1/me/rated?stars=${stars}`, { auth: "required" }),
    api("v1/me/watchlist", { auth: "required" }), api("v1/me/favorites", { auth: "required" })]);
  // The listing names the titles; the lists' rows carry each one's review.
  const rows = new Map([...watchlist, ...favorites].map((row) => [`${row.kind || "movie"}/${row.id}`, row]));
  return (data.titles || []).map((title) => {
    const row = rows.get(`${title.kind || "movie"}/${title.id}`);
    return { ...title, rating: stars, review: row ? row.review : null };
  });
}

async function showRated(stars) {
  const view = $("rated-view");
  for (const bar of document.querySelectorAll(".bar-link")) {
    if (Number(bar.dataset.stars) === stars) bar.setAttribute("aria-current", "true");
    else bar.removeAttribute("aria-current");
  }
  if (stars === null || !store.token()) { view.hidden = true; $("list-view").hidden = false; return; }
  view.hidden = false;
  $("list-view").hidden = true;
  const heading = $("rated-heading"), status = $("rated-status"), list = $("rated-list");
  heading.textContent = `Films you rated ${starsText(stars)}`;
  heading.focus();
  list.replaceChildren();
  const current = nextSequence("rated");
  setStatus(status, "loading", "Loading…");
  try {
    const films = await ratedFilms(stars);
    if (!current()) return;
    list.replaceChildren(...films.map(ratedItem));
    setStatus(status, films.length ? "" : "empty", films.length
      ? `${plural(films.length, "film")} rated ${starsText(stars)}.`
      : `No film on your lists is rated ${starsText(stars)}.`);
  } catch (error) {
    if (current()) setStatus(status, "error", explain(error, "The films could not be loaded"));
  }
}

let searchTimer = 0;
let searchAbort = null;

/** Search as you type: a quarter of a second after the last key, the older request cancelled. */
function onSearchInput() {
  clearTimeout(searchTimer);
  const words = $("film-search").value.trim();
  const status = $("film-search-status"), results = $("film-results");
  if (searchAbort) searchAbort.abort();
  if (words.length < 2) {
    results.replaceChildren();
    setStatus(status, "", words ? "Type at least two letters." : "");
    return;
  }
  searchTimer = setTimeout(() => searchFilms(words), 250);
}

async function searchFilms(words) {
  const status = $("film-search-status"), results = $("film-results");
  searchAbort = new AbortController();
  setStatus(status, "loading", `Searching for “${words}”…`);
  try {
    const data = await api(`v1/films/search?${regionQuery({ q: words })}`, { signal: searchAbort.signal });
    const films = data.films || [];
    const added = (film) => {
      loadWatchlist();
      setStatus(status, "done", `${film.title} is on your watchlist.`);
    };
    results.replaceChildren(...films.slice(0, 10).map((film) =>
      el("li", {}, el("span", {}, titleWithYear(film)), addButton(film, added))));
    setStatus(status, films.length ? "" : "empty", films.length
      ? `${plural(data.total_results ?? films.length, "film")} found${films.length > 10 ? "; the first 10:" : "."}`
      : `No film called “${words}”.`);
  } catch (error) {
    if (error && error.name === "AbortError") return;
    results.replaceChildren();
    setStatus(status, "error", explain(error, "The search failed"));
  }
}

// ---------------------------------------------------------------------------------------------- upcoming releases

function feedURL(key) {
  const query = regionQuery({ key });
  return new URL(`v1/me/upcoming.ics?${query}`, location.href).href;
}

function showFeed() {
  const key = store.get(KEYS.feedKey).trim();
  $("feed-links").hidden = !key;
  $("feed-key").value = key;
  if (!key) return;
  const https = feedURL(key);
  $("feed-url").value = https;
  $("feed-webcal").href = https.replace(/^https?:/, "webcal:");
}

function saveFeedKey(event) {
  event.preventDefault();
  const key = $("feed-key").value.trim();
  const status = $("feed-status");
  if (key && !/^plf_[A-Za-z0-9_-]{20,}$/.test(key)) {
    setStatus(status, "error", "A feed key starts with plf_: the token (plt_…) is not one.");
    return;
  }
  store.set(KEYS.feedKey, key);
  showFeed();
  setStatus(status, "done", key ? "The subscribe link below opens your feed." : "The feed key is no longer kept here.");
}

async function copyFeed() {
  const status = $("feed-status");
  try {
    await navigator.clipboard.writeText($("feed-url").value);
    setStatus(status, "done", "The address is copied.");
  } catch {
    $("feed-url").select();
    setStatus(status, "", "Copy the selected address.");
  }
}

/** The VEVENTs of an iCalendar text (RFC 5545): lines unfolded, text values unescaped. */
function calendarEvents(text) {
  const lines = text.replace(/\r\n[ \t]/g, "").replace(/\n[ \t]/g, "").split(/\r?\n/);
  const events = [];
  let event = null;
  const unescape = (value) => value.replace(/\\([\\;,nN])/g, (_, c) => (c === "n" || c === "N" ? "\n" : c));
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") { event = {}; continue; }
    if (line === "END:VEVENT") { if (event) events.push(event); event = null; continue; }
    if (!event) continue;
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).split(";")[0].toUpperCase();
    const value = line.slice(colon + 1);
    if (name === "SUMMARY") event.summary = unescape(value);
    else if (name === "DESCRIPTION") event.description = unescape(value);
    else if (name === "DTSTART") event.start = value.slice(0, 8);
  }
  return events;
}

async function loadUpcoming() {
  showFeed();
  const status = $("upcoming-status"), list = $("upcoming-list");
  list.replaceChildren();
  if (!store.token()) { setStatus(status, "", ""); return; }
  const current = nextSequence("upcoming");
  setStatus(status, "loading", "Loading the coming releases…");
  try {
    const text = await api(`v1/me/upcoming.ics?${regionQuery()}`, { auth: "required", accept: "text/calendar" });
    if (!current()) return;
    const events = calendarEvents(text).filter((e) => /^\d{8}$/.test(e.start || ""))
      .sort((a, b) => a.start.localeCompare(b.start));
    const today = new Date();
    list.replaceChildren(...events.map((e) => {
      const iso = `${e.start.slice(0, 4)}-${e.start.slice(4, 6)}-${e.start.slice(6, 8)}`;
      const day = new Date(`${iso}T00:00:00`);
      const days = Math.round((day - new Date(today.getFullYear(), today.getMonth(), today.getDate())) / 86400000);
      const when = day.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
      const soon = days === 0 ? "today" : days === 1 ? "tomorrow" : days > 1 ? `in ${days} days` : "";
      return el("li", {}, el("time", { datetime: iso }, when), el("span", {}, e.summary || "a release"),
        el("span", { class: "meta" }, soon));
    }));
    setStatus(status, events.length ? "" : "empty", events.length
      ? `${plural(events.length, "release")} to come.` : "Nothing to come for the films on your watchlist.");
  } catch (error) {
    if (!current()) return;
    // No coming release is a 404 whose detail says so: an empty list, not a failure.
    if (error.status === 404) setStatus(status, "empty", `Nothing to come: ${error.message.replace(/\.$/, "")}.`);
    else setStatus(status, "error", explain(error, "The coming releases could not be loaded"));
  }
}

// ---------------------------------------------------------------------------------------------- tonight

async function loadTonight() {
  const planStatus = $("plan-status"), showsStatus = $("shows-status");
  const planList = $("plan-list"), showsList = $("shows-list"), notes = $("plan-notes");
  const current = nextSequence("tonight");
  planList.replaceChildren();
  showsList.replaceChildren();
  notes.replaceChildren();
  const day = $("tonight-day").value;
  if (!state.near) {
    $("tonight-place").textContent = "";
    const hint = "Enter a place under Theaters, or set your home under Settings.";
    setStatus(planStatus, "empty", hint);
    setStatus(showsStatus, "", "");
    return;
  }
  $("tonight-place").textContent = `Near ${state.near}, by ${state.settings.mode || "walk"}: change the place under ` +
    "Theaters, the mode under Settings.";
  setStatus(planStatus, "loading", "Planning the evening…");
  setStatus(showsStatus, "loading", "Loading every show…");
  const query = searchQuery({ date: day });
  const [plan, shows] = await Promise.allSettled([
    api(`v1/plan?${searchQuery({ date: day, buffer: $("tonight-buffer").value })}`),
    api(`v1/showtimes?${query}`),
  ]);
  if (!current()) return;
  if (plan.status === "fulfilled") renderPlan(plan.value);
  else setStatus(planStatus, "error", explain(plan.reason, "The evening could not be planned"));
  if (shows.status === "fulfilled") renderShows(shows.value);
  else setStatus(showsStatus, "error", explain(shows.reason, "The shows could not be loaded"));
}

const theaterName = (theater) => (theater && (theater.name || theater.provider_name)) || "a theater";

function planEntry(entry, missed, mode) {
  const film = entry.film || {}, show = entry.show || {};
  const travel = `${entry.travel_min} min ${mode || "walk"}` +
    (entry.route_source === "estimate" ? " (estimated)" : "") + ` + ${entry.buffer_min} min margin`;
  const where = [theaterName(entry.theater), show.auditorium, show.format, travel].filter(Boolean).join(" · ");
  const item = el("li", { class: `plan-entry${missed ? " missed" : ""}` },
    el("p", { class: "leave-by" }, missed ? "Should have left at " : "Leave by ",
      el("time", { class: "leave-time", datetime: entry.leave_by || "" }, entry.leave_by_local)),
    el("p", { class: "plan-show" }, el("strong", {}, show.start_local), " ", titleWithYear(film),
      show.title && show.title !== film.title ? el("span", { class: "meta" }, ` (shown as ${show.title})`) : null),
    el("p", { class: "meta" }, where));
  const tickets = link(show.url, "Tickets and details");
  if (tickets) item.append(el("p", {}, tickets));
  return item;
}

function renderPlan(plan) {
  const status = $("plan-status"), list = $("plan-list"), notes = $("plan-notes");
  const shows = plan.shows || [], missed = plan.missed || [];
  list.replaceChildren(...shows.map((entry) => planEntry(entry, false, plan.mode)),
    ...missed.map((entry) => planEntry(entry, true, plan.mode)));
  const lines = [...(plan.notes || [])];
  const without = (plan.films_without_shows || []).map(titleWithYear);
  if (without.length) lines.push(`No show of ${without.join(", ")} on ${plan.date}.`);
  notes.replaceChildren(...lines.map((line) => el("li", {}, line)));
  if (shows.length) {
    setStatus(status, "", `${plural(shows.length, "show")} of your watchlist on ${plan.date}, ` +
      "the soonest to leave for first.");
  } else if (missed.length) {
    setStatus(status, "empty", `It is too late for every show of your watchlist on ${plan.date}.`);
  } else if (!store.token()) {
    setStatus(status, "empty", "Sign in and add films to your watchlist to plan the evening; every show is below.");
  } else {
    const place = plan.origin ? plan.origin.label : state.near;
    setStatus(status, "empty", `None of your watchlist plays near ${place} on ${plan.date}.`);
  }
}

function renderShows(data) {
  const status = $("shows-status"), list = $("shows-list");
  const entries = (data.shows || []).slice().sort((a, b) => String(a.show.start).localeCompare(String(b.show.start)));
  list.replaceChildren(...entries.slice(0, 200).map((entry) => {
    const travel = entry.travel_s != null ? `${minutes(entry.travel_s)} ${data.mode || ""}`.trim() : "";
    return el("li", {}, el("time", { datetime: entry.show.start }, entry.show.start_local),
      el("span", {}, entry.show.title),
      el("span", { class: "meta" }, [theaterName(entry.theater), travel].filter(Boolean).join(" · ")));
  }));
  setStatus(status, entries.length ? "" : "empty", entries.length
    ? `${plural(entries.length, "show")} on ${data.date}${entries.length > 200 ? "; the first 200:" : "."}`
    : `No shows near ${data.origin ? data.origin.label : state.near} on ${data.date}.`);
}

// ---------------------------------------------------------------------------------------------- settings

const SETTING_FIELDS = {
  home: "set-home", radius: "set-radius", keyword: "set-keyword", region: "set-region", mode: "set-mode",
};

function fillSettings() {
  for (const [key, id] of Object.entries(SETTING_FIELDS)) $(id).value = state.settings[key] || "";
  if (!state.settings.mode) $("set-mode").value = "walk";
}

function saveSettings(event) {
  event.preventDefault();
  const status = $("settings-status");
  const next = {};
  for (const [key, id] of Object.entries(SETTING_FIELDS)) next[key] = $(id).value.trim();
  if (next.region && !/^[A-Za-z]{2}$/.test(next.region)) {
    setStatus(status, "error", "The region is a two-letter country code, such as FI.");
    return;
  }
  next.region = next.region.toUpperCase();
  state.settings = { ...DEFAULTS, ...next };
  store.set(KEYS.settings, JSON.stringify(state.settings));
  state.near = placeFromURL() || state.settings.home;
  setStatus(status, "done", "Saved in this browser.");
  reloadAll();
}

function resetSettings() {
  store.set(KEYS.settings, "");
  state.settings = { ...DEFAULTS };
  fillSettings();
  setStatus($("settings-status"), "done", "Back to the defaults.");
  state.loaded.clear();
  state.loaded.add("settings");
}

// ---------------------------------------------------------------------------------------------- start

function start() {
  state.near = placeFromURL() || state.settings.home.trim();
  $("tablist").addEventListener("keydown", onTabKey);
  TABS.forEach((name) => $(`tab-${name}`).addEventListener("click", () => selectTab(name)));
  window.addEventListener("hashchange", () => {
    const { tab } = parseHash();
    if (tab) selectTab(tab, { setHash: false });
  });
  $("now-more").addEventListener("click", () => { state.nowPage += 1; loadNowPlaying({ append: true }); });
  $("place-form").addEventListener("submit", searchPlace);
  $("film-search-form").addEventListener("submit", (event) => { event.preventDefault(); onSearchInput(); });
  $("film-search").addEventListener("input", onSearchInput);
  $("feed-form").addEventListener("submit", saveFeedKey);
  $("feed-copy").addEventListener("click", copyFeed);
  $("tonight-form").addEventListener("submit", (event) => { event.preventDefault(); loadTonight(); });
  $("tonight-day").addEventListener("change", loadTonight);
  $("tonight-buffer").addEventListener("change", loadTonight);
  $("signin-form").addEventListener("submit", signIn);
  $("signout").addEventListener("click", signOut);
  $("settings-form").addEventListener("submit", saveSettings);
  $("settings-reset").addEventListener("click", resetSettings);
  showAccount();
  const { tab } = parseHash();
  selectTab(tab || (placeFromURL() ? "theaters" : "now"), { setHash: false });
}

start();
