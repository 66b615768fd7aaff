import GamePackSite

/// The editor page's script, served as `/_studio/studio.js` (one file, no build step, no
/// Node toolchain): the preview's map helper (`PreviewResources.mapPointScript`), then these
/// parts, which share one function scope (`core` opens it, `panels` closes it).
enum StudioScript {
    static let source = [PreviewResources.mapPointScript, core, list, editor, fields, map, pickers, panels].joined(
        separator: "\n")

    /// The shared state, DOM helpers, the API call (with the token on every write) and paths.
    static let core = #"""
        (function () {
          "use strict";
          // The studio's page: everything comes from the JSON API (docs/studio.md); every write sends
          // the session's token. No lint of its own: findings are the server's.
          var S = {
            token: "", types: [], typeByName: {}, locales: ["en"], defaultLocale: "en", git: false,
            collection: null, query: "", offset: 0, limit: 50, listSeq: 0,
            item: null, values: null, base: null, dirty: false, validateSeq: 0, validateTimer: null,
            states: {}, names: {}, findings: [], others: []
          };
          var LOCALE_NAMES = { en: "English", nl: "Dutch", de: "German", fr: "French", es: "Spanish" };

          function $(selector, root) { return (root || document).querySelector(selector); }
          function all(selector, root) { return Array.prototype.slice.call((root || document).querySelectorAll(selector)); }
          function el(tag, attrs) {
            var node = document.createElement(tag);
            Object.keys(attrs || {}).forEach(function (key) {
              var value = attrs[key];
              if (value === undefined || value === null || value === false) { return; }
              if (key === "text") { node.textContent = value; }
              else if (key === "class") { node.className = value; }
              else if (key.slice(0, 2) === "on") { node.addEventListener(key.slice(2), value); }
              else if (key === "value") { node.value = value; }
              else if (key === "checked") { node.checked = !!value; }
              else { node.setAttribute(key, value === true ? "" : String(value)); }
            });
            for (var i = 2; i < arguments.length; i++) { append(node, arguments[i]); }
            return node;
          }
          function append(node, child) {
            if (child === undefined || child === null || child === false) { return; }
            if (Array.isArray(child)) { child.forEach(function (c) { append(node, c); }); return; }
            node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
          }
          function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } return node; }
          var uid = 0;
          function newID(prefix) { uid += 1; return prefix + "-" + uid; }

          function announce(text) { $("#status").textContent = text; }

          // One call to the API; a refusal becomes an Error with its status and the answer's `error`.
          function api(method, path, body, raw) {
            var options = { method: method, headers: {}, cache: "no-store", credentials: "same-origin" };
            if (method !== "GET" && method !== "HEAD") { options.headers["X-Studio-Token"] = S.token; }
            if (raw) {
              options.body = body;
              options.headers["Content-Type"] = "application/octet-stream";
            } else if (body !== undefined) {
              options.body = JSON.stringify(body);
              options.headers["Content-Type"] = "application/json";
            }
            return fetch(path, options).then(function (response) {
              return response.text().then(function (text) {
                var data = {};
                try { data = text ? JSON.parse(text) : {}; } catch (e) { data = { error: { message: text } }; }
                if (!response.ok) {
                  var message = (data.error && data.error.message) || ("HTTP " + response.status);
                  // The place in a file the server names (the file only when the message lacks it).
                  var place = data.error || {};
                  var file = place.file && message.indexOf(place.file) < 0 ? place.file : "";
                  if (place.line) {
                    message += " (" + (file ? file + ", " : "") + "line " + place.line + ", column " + place.column + ")";
                  } else if (file) {
                    message += " (" + file + ")";
                  }
                  var error = new Error(message);
                  error.status = response.status;
                  error.data = data.error || {};
                  throw error;
                }
                return data;
              });
            });
          }
          function enc(text) { return encodeURIComponent(String(text)); }

          // Values by path: ["name", "nl"], ["waypoints", 1]; shown as lint writes field paths.
          function pathText(path) {
            var out = "";
            path.forEach(function (part) { out += typeof part === "number" ? "[" + part + "]" : (out ? "." : "") + part; });
            return out;
          }
          function getAt(root, path) {
            var node = root;
            for (var i = 0; i < path.length; i++) {
              if (node === null || node === undefined || typeof node !== "object") { return undefined; }
              node = node[path[i]];
            }
            return node;
          }
          function isEmpty(value) {
            return value === undefined || value === null || value === "" ||
              (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0);
          }
          function setAt(root, path, value) {
            var node = root;
            for (var i = 0; i < path.length - 1; i++) {
              if (node[path[i]] === null || typeof node[path[i]] !== "object") {
                node[path[i]] = typeof path[i + 1] === "number" ? [] : {};
              }
              node = node[path[i]];
            }
            var last = path[path.length - 1];
            if (isEmpty(value) && !Array.isArray(node)) { delete node[last]; } else { node[last] = value; }
            // An object left empty by a removal goes too (a cleared Dutch text leaves no `name: {}`).
            for (var j = path.length - 1; j > 0; j--) {
              var holder = getAt(root, path.slice(0, j - 1)), key = path[j - 1];
              if (holder && !Array.isArray(holder) && typeof key === "string" && isEmpty(holder[key])) { delete holder[key]; } else { break; }
            }
          }
          function copy(value) { return value === undefined ? undefined : JSON.parse(JSON.stringify(value)); }
          function idValue(text) { return /^[0-9]+$/.test(String(text)) ? Number(text) : String(text); }
          function localeName(code) { return LOCALE_NAMES[code] || code; }

          // An item's display name: its name or title in the default locale.
          function displayName(values, type, id) {
            var keys = ["name", "title", "text", "phrase"];
            for (var i = 0; i < keys.length; i++) {
              var v = values && values[keys[i]];
              if (typeof v === "string" && v) { return v; }
              if (v && typeof v === "object" && (v[S.defaultLocale] || v[Object.keys(v)[0]])) { return v[S.defaultLocale] || v[Object.keys(v)[0]]; }
            }
            return singular(type) + " " + (id === null || id === undefined ? "(new)" : id);
          }
          function singular(type) { return type && type.slice(-1) === "s" ? type.slice(0, -1) : type; }

          // An item's name and thumbnail for pickers and stops, fetched once.
          function lookup(type, id) {
            var key = type + "/" + id;
            if (S.names[key]) { return S.names[key]; }
            S.names[key] = api("GET", "/api/items/" + enc(type) + "/" + enc(id)).then(function (item) {
              var facts = { name: displayName(item.values, type, id), missing: false };
              return facts;
            }, function () { return { name: "no " + singular(type) + " " + id, missing: true }; });
            return S.names[key];
          }
          function thumb(path, alt) {
            return path ? el("img", { class: "thumb", src: "/assets/" + path.split("/").map(enc).join("/"), alt: alt || "", loading: "lazy" })
              : el("span", { class: "thumb no-image", "aria-hidden": "true" });
          }
        """#

    /// The collections, the searched list and the views by the address.
    static let list = #"""

          // ---- Collections and the list: searched as you type, one page at a time from the server.
          function renderCollections() {
            var nav = clear($("#collections"));
            var list = el("ul");
            S.types.forEach(function (type) {
              list.appendChild(el("li", {}, el("a", { href: "#/c/" + enc(type.name), "data-type": type.name,
                "aria-current": type.name === S.collection ? "page" : null },
                el("span", { text: type.name }), el("span", { class: "n", text: String(type.items) }))));
            });
            nav.appendChild(el("h2", { class: "visually-hidden", text: "Collections" }));
            nav.appendChild(list);
          }
          function markCollection() {
            all("#collections a").forEach(function (a) {
              if (a.getAttribute("data-type") === S.collection) { a.setAttribute("aria-current", "page"); } else { a.removeAttribute("aria-current"); }
            });
          }
          function showCollection(type) {
            if (S.collection !== type) {
              S.collection = type;
              S.query = "";
              S.offset = 0;
              $("#q").value = "";
            }
            $("#list-title").textContent = type;
            $("#q").setAttribute("aria-label", "Search " + type);
            $("#new-item").textContent = "New " + singular(type);
            markCollection();
            return loadList();
          }
          function loadList() {
            if (!S.collection) { return Promise.resolve(); }
            var seq = ++S.listSeq, started = performance.now();
            var url = "/api/collections/" + enc(S.collection) + "?q=" + enc(S.query) + "&offset=" + S.offset + "&limit=" + S.limit;
            return api("GET", url).then(function (page) {
              if (seq !== S.listSeq) { return; }
              var ul = clear($("#items"));
              page.items.forEach(function (entry) {
                var current = S.item && S.item.type === page.type && String(S.item.id) === entry.id;
                var badges = [];
                if (entry.errors) { badges.push(el("span", { class: "badge error", text: entry.errors + " error" + (entry.errors === 1 ? "" : "s") })); }
                if (entry.warnings) { badges.push(el("span", { class: "badge warning", text: entry.warnings + " warning" + (entry.warnings === 1 ? "" : "s") })); }
                ul.appendChild(el("li", { "data-id": entry.id }, el("a", { href: "#/c/" + enc(page.type) + "/" + enc(entry.id), "aria-current": current ? "page" : null },
                  thumb(entry.thumbnail, ""), el("span", {}, el("span", { class: "name", text: entry.name || "(no name)" }), " ", el("span", { class: "id", text: "#" + entry.id })),
                  el("span", {}, badges))));
              });
              var shown = page.items.length ? (page.offset + 1) + "–" + (page.offset + page.items.length) : "0";
              $("#count").textContent = (S.query ? page.total + " match “" + S.query + "”" : page.total + " items") +
                (page.total > page.items.length ? " · showing " + shown : "");
              $("#count").setAttribute("data-total", String(page.total));
              $("#count").setAttribute("data-ms", String(Math.round(performance.now() - started)));
              $("#prev").disabled = page.offset === 0;
              $("#next").disabled = page.offset + page.items.length >= page.total;
            }, function (error) { announce(error.message); });
          }
          function markListed() {
            all("#items a").forEach(function (a) {
              var li = a.parentNode, current = S.item && S.item.type === S.collection && String(S.item.id) === li.getAttribute("data-id");
              if (current) { a.setAttribute("aria-current", "page"); } else { a.removeAttribute("aria-current"); }
            });
          }

          // ---- Views by the address's hash: #/c/TYPE, #/c/TYPE/ID, #/new/TYPE, #/translate, #/git.
          function route() {
            clearTimeout(S.validateTimer);
            var parts = (location.hash || "#/").slice(2).split("/").map(decodeURIComponent).filter(function (p) { return p !== ""; });
            var layout = $(".studio");
            all("header.top nav a").forEach(function (a) { a.removeAttribute("aria-current"); });
            if (parts[0] === "translate" || parts[0] === "git") {
              layout.classList.add("wide");
              $("#nav-" + parts[0]).setAttribute("aria-current", "page");
              S.item = null;
              return parts[0] === "git" ? showGit() : showTranslator(parts[1] || "");
            }
            layout.classList.remove("wide");
            $("#nav-content").setAttribute("aria-current", "page");
            if (parts[0] === "new" && S.typeByName[parts[1]]) {
              showCollection(parts[1]);
              return openDraft(parts[1]);
            }
            if (parts[0] === "c" && S.typeByName[parts[1]]) {
              showCollection(parts[1]);
              if (parts[2] !== undefined) { return openItem(parts[1], parts[2]); }
              S.item = null;
              return showWelcome(parts[1]);
            }
            var first = S.types.filter(function (t) { return t.items > 0; })[0] || S.types[0];
            if (first) { location.replace("#/c/" + enc(first.name)); }
          }
          function showWelcome(type) {
            var main = clear($("#main"));
            main.appendChild(el("h1", { text: type }));
            var spec = S.typeByName[type];
            if (spec.description) { main.appendChild(el("p", { text: spec.description })); }
            main.appendChild(el("p", { text: "Pick an item in the list to edit it, or make a new one." }));
            main.appendChild(el("button", { type: "button", class: "primary", text: "New " + singular(type), onclick: function () { location.hash = "#/new/" + enc(type); } }));
            document.title = type + " · gamepack studio";
          }

          function start() {
            $("#q").addEventListener("input", function () {
              S.query = $("#q").value;
              S.offset = 0;
              loadList();
            });
            $("#prev").addEventListener("click", function () { S.offset = Math.max(0, S.offset - S.limit); loadList(); });
            $("#next").addEventListener("click", function () { S.offset += S.limit; loadList(); });
            $("#new-item").addEventListener("click", function () { if (S.collection) { location.hash = "#/new/" + enc(S.collection); } });
            document.addEventListener("keydown", function (event) {
              if ((event.ctrlKey || event.metaKey) && event.key === "s" && S.item) { event.preventDefault(); save(); }
            });
            Promise.all([api("GET", "/api/session"), api("GET", "/api/types")]).then(function (answers) {
              S.token = answers[0].token;
              S.git = answers[0].git;
              S.types = answers[1].types.filter(function (t) { return !t.builtIn || t.items > 0; });
              S.types.forEach(function (t) { S.typeByName[t.name] = t; });
              S.locales = answers[1].locales;
              S.defaultLocale = answers[1].defaultLocale;
              renderCollections();
              announce("Ready");
              document.documentElement.setAttribute("data-ready", "1");
              window.addEventListener("hashchange", route);
              route();
            }, function (error) { announce("The studio cannot be reached: " + error.message); });
          }
        """#
}
