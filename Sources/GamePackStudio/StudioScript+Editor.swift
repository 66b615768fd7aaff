extension StudioScript {
    /// The item editor: open, draft, findings at their fields, save, create, duplicate, delete
    /// (asking first, naming the referrers) and the save conflict with both versions.
    static let editor = #"""

          // ---- The editor: a form from the type, validated by the server after each change.
          function openItem(type, id) {
            if (S.item && S.item.type === type && String(S.item.id) === String(id) && S.values) { markListed(); return Promise.resolve(); }
            announce("Opening " + singular(type) + " " + id + "…");
            return api("GET", "/api/items/" + enc(type) + "/" + enc(id)).then(function (item) {
              S.item = item;
              S.values = copy(item.values);
              S.base = copy(item.values);
              S.dirty = false;
              S.findings = item.findings;
              S.others = [];
              return loadStates(type, id).then(function () { renderEditor(); announce("Editing " + displayName(S.values, type, id)); markListed(); });
            }, function (error) {
              announce("Could not open " + singular(type) + " " + id);
              var main = clear($("#main"));
              main.appendChild(el("h1", { text: singular(type) + " " + id }));
              main.appendChild(el("p", { class: "banner", role: "alert", text: error.message }));
            });
          }
          function openDraft(type) {
            S.item = { type: type, id: null, values: {}, findings: [], referrers: [], draft: true };
            S.values = {};
            S.base = {};
            S.dirty = false;
            S.findings = [];
            S.others = [];
            S.states = {};
            renderEditor();
            announce("New " + singular(type) + ": fill the fields, then press Create");
            markListed();
          }
          // The translation state of each localized field of the item (missing, stale, identical).
          function loadStates(type, id) {
            S.states = {};
            if (S.locales.length < 2) { return Promise.resolve(); }
            return api("GET", "/api/translations?type=" + enc(type)).then(function (answer) {
              answer.texts.forEach(function (t) { if (String(t.id) === String(id)) { S.states[t.field + "." + t.locale] = t.status; } });
            }, function () {});
          }

          function renderEditor() {
            var item = S.item, type = S.typeByName[item.type], main = clear($("#main"));
            var title = item.draft ? "New " + singular(item.type) : displayName(S.values, item.type, item.id);
            document.title = title + " · gamepack studio";
            main.appendChild(el("h1", { id: "editor-title", text: title }));
            main.appendChild(el("p", { class: "sub", text: item.draft ? "Not created yet: fill the fields, then press Create." : item.type + " #" + item.id + " · " + item.file }));
            var toolbar = el("div", { class: "toolbar", role: "toolbar", "aria-label": "Item actions" });
            if (item.draft) {
              toolbar.appendChild(el("button", { type: "button", class: "primary", id: "create", text: "Create", onclick: create }));
            } else {
              toolbar.appendChild(el("button", { type: "button", class: "primary", id: "save", text: "Save", onclick: save }));
              toolbar.appendChild(el("button", { type: "button", id: "duplicate", text: "Duplicate", onclick: duplicate }));
              toolbar.appendChild(el("button", { type: "button", id: "delete", class: "danger", text: "Delete", onclick: askDelete }));
            }
            toolbar.appendChild(el("span", { class: "state", id: "edit-state", text: "No unsaved changes" }));
            main.appendChild(toolbar);
            main.appendChild(el("div", { id: "notice" }));
            main.appendChild(el("section", { id: "summary", class: "summary", "aria-label": "Findings" }));
            var form = el("form", { id: "form", novalidate: true, onsubmit: function (event) { event.preventDefault(); } });
            type.fields.forEach(function (spec) {
              if (spec.name === "id") { return; }
              form.appendChild(fieldBlock(spec, [spec.name]));
            });
            main.appendChild(form);
            renderFindings();
          }

          // Called by every widget after it changed S.values.
          function changed() {
            S.dirty = JSON.stringify(S.values) !== JSON.stringify(S.base);
            var state = $("#edit-state");
            if (state) { state.textContent = S.dirty ? "Unsaved changes" : "No unsaved changes"; }
            if (S.item && !S.item.draft) {
              clearTimeout(S.validateTimer);
              S.validateTimer = setTimeout(validate, 200);
            }
          }
          function validate() {
            var seq = ++S.validateSeq, item = S.item;
            if (!item || item.draft) { return Promise.resolve(); }
            var values = copy(S.values);
            values.id = idValue(item.id);
            return api("POST", "/api/validate", { type: item.type, id: String(item.id), values: values }).then(function (answer) {
              if (seq !== S.validateSeq || S.item !== item) { return; }
              S.findings = answer.findings;
              S.others = answer.others || [];
              renderFindings();
            }, function (error) {
              if (seq !== S.validateSeq) { return; }
              S.findings = (error.data && error.data.findings) || [{ severity: "error", rule: "studio", message: error.message, field: error.data && error.data.field ? error.data.field.replace(/^values\./, "") : null }];
              renderFindings();
            });
          }

          // Each finding at its field (the deepest field block its path names), with message and fix;
          // a summary above the form counts them and lists those of other items.
          function renderFindings() {
            all(".field-findings").forEach(function (ul) { clear(ul); });
            all(".field").forEach(function (block) { block.classList.remove("has-error", "has-warning"); });
            all("[aria-invalid]").forEach(function (input) { input.removeAttribute("aria-invalid"); });
            var summary = $("#summary");
            if (!summary) { return; }
            clear(summary);
            var loose = [], errors = 0, warnings = 0;
            S.findings.forEach(function (finding) {
              if (finding.severity === "error") { errors++; } else if (finding.severity === "warning") { warnings++; }
              var block = blockFor(finding.field);
              if (!block) { loose.push(finding); return; }
              block.classList.add(finding.severity === "error" ? "has-error" : "has-warning");
              all("input, select, textarea", block).forEach(function (input) { if (finding.severity === "error") { input.setAttribute("aria-invalid", "true"); } });
              $(".field-findings", block).appendChild(findingItem(finding));
            });
            summary.classList.toggle("clean", errors + warnings === 0);
            summary.appendChild(el("h2", { text: errors + warnings === 0 ? "No findings" : errors + " error" + (errors === 1 ? "" : "s") + ", " + warnings + " warning" + (warnings === 1 ? "" : "s") }));
            summary.setAttribute("data-errors", String(errors));
            summary.setAttribute("data-warnings", String(warnings));
            if (loose.length) {
              var ul = el("ul", { class: "field-findings" });
              loose.forEach(function (f) { ul.appendChild(findingItem(f)); });
              summary.appendChild(ul);
            }
            S.others.forEach(function (other) {
              summary.appendChild(el("p", {}, "In ", el("a", { href: "#/c/" + enc(other.type) + "/" + enc(other.id), text: singular(other.type) + " " + other.id }), ":"));
              var list = el("ul", { class: "field-findings" });
              other.findings.forEach(function (f) { list.appendChild(findingItem(f)); });
              summary.appendChild(list);
            });
          }
          function blockFor(field) {
            if (!field) { return null; }
            var path = field;
            while (path) {
              var block = document.querySelector('#form .field[data-path="' + path.replace(/"/g, '\\"') + '"]');
              if (block) { return block; }
              var cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
              path = cut > 0 ? path.slice(0, cut) : "";
            }
            return null;
          }
          function findingItem(finding) {
            return el("li", { class: finding.severity, "data-rule": finding.rule },
              el("strong", { text: finding.severity + " " }), el("span", { class: "message", text: finding.message }),
              finding.fix ? el("span", { class: "fix", text: "Fix: " + finding.fix }) : null,
              el("span", { class: "rule", text: " (" + finding.rule + (finding.line ? ", line " + finding.line : "") + ")" }));
          }

          function valuesToSend() {
            var values = copy(S.values);
            if (S.item && !S.item.draft) { values.id = idValue(S.item.id); }
            return values;
          }
          function save(version) {
            var item = S.item;
            if (!item || item.draft) { return create(); }
            announce("Saving…");
            return api("PUT", "/api/items/" + enc(item.type) + "/" + enc(item.id), { values: valuesToSend(), version: typeof version === "string" ? version : item.version })
              .then(function (saved) {
                S.item = saved;
                S.values = copy(saved.values);
                S.base = copy(saved.values);
                S.findings = saved.findings;
                S.others = [];
                clear($("#notice"));
                renderEditor();
                announce("Saved " + saved.file);
                loadList();
                refreshCounts();
              }, function (error) {
                if (error.status === 409 && error.data.theirsText !== undefined) { return showConflict(error.data); }
                if (error.data && error.data.findings) { S.findings = error.data.findings; renderFindings(); }
                announce("Not saved: " + error.message);
                notice(error.message, "banner");
              });
          }
          function notice(text, kind) {
            var box = clear($("#notice"));
            box.appendChild(el("p", { class: kind || "banner", role: "alert", text: text }));
          }
          function create() {
            var item = S.item;
            announce("Creating…");
            return api("POST", "/api/items/" + enc(item.type), { values: copy(S.values) }).then(function (created) {
              S.item = null;
              announce("Created " + created.file);
              refreshCounts();
              location.hash = "#/c/" + enc(created.type) + "/" + enc(created.id);
              return loadList();
            }, function (error) {
              if (error.data && error.data.findings) { S.findings = error.data.findings; renderFindings(); }
              announce("Not created: " + error.message);
              notice(error.message, "banner");
            });
          }
          function duplicate() {
            var item = S.item;
            return api("POST", "/api/items/" + enc(item.type) + "/" + enc(item.id) + "/duplicate").then(function (copyItem) {
              announce("Duplicated as #" + copyItem.id);
              refreshCounts();
              location.hash = "#/c/" + enc(copyItem.type) + "/" + enc(copyItem.id);
              loadList();
            }, function (error) { notice(error.message); });
          }
          // Delete asks first, and names every item that references this one.
          function askDelete() {
            var item = S.item, box = clear($("#notice"));
            var panel = el("div", { class: "referrers", role: "alertdialog", "aria-labelledby": "delete-q" });
            panel.appendChild(el("h2", { id: "delete-q", text: "Delete " + singular(item.type) + " " + item.id + "?" }));
            if (item.referrers.length) {
              panel.appendChild(el("p", { text: item.referrers.length + " item" + (item.referrers.length === 1 ? " references" : "s reference") + " it and will point at nothing:" }));
              var list = el("ul", { class: "referrer-list" });
              item.referrers.forEach(function (r) { list.appendChild(el("li", {}, el("a", { href: "#/c/" + enc(r.type) + "/" + enc(r.id), text: singular(r.type) + " " + r.id }))); });
              panel.appendChild(list);
            } else {
              panel.appendChild(el("p", { text: "No other item references it." }));
            }
            panel.appendChild(el("button", { type: "button", class: "danger", id: "confirm-delete", text: item.referrers.length ? "Delete anyway" : "Delete", onclick: function () {
              api("DELETE", "/api/items/" + enc(item.type) + "/" + enc(item.id) + (item.referrers.length ? "?confirm=true" : "")).then(function () {
                announce("Deleted " + singular(item.type) + " " + item.id);
                S.item = null;
                refreshCounts();
                location.hash = "#/c/" + enc(item.type);
                loadList();
              }, function (error) { notice(error.message); });
            } }));
            panel.appendChild(el("button", { type: "button", text: "Cancel", onclick: function () { clear(box); $("#delete").focus(); } }));
            box.appendChild(panel);
            $("#confirm-delete").focus();
          }
          function refreshCounts() {
            return api("GET", "/api/types").then(function (answer) {
              answer.types.forEach(function (t) { if (S.typeByName[t.name]) { S.typeByName[t.name].items = t.items; } });
              renderCollections();
            });
          }

          // A save refused because the file changed on disk: both versions side by side; the user's
          // edits are kept and can be put on top of the file as it is now.
          function showConflict(data) {
            var box = clear($("#notice")), mine = copy(S.values);
            var panel = el("section", { class: "conflict", id: "conflict", "aria-labelledby": "conflict-title" });
            panel.appendChild(el("h2", { id: "conflict-title", text: "The file changed on disk while you were editing" }));
            panel.appendChild(el("p", { text: data.message || "" }));
            panel.appendChild(el("div", { class: "both" },
              el("div", {}, el("h3", { text: "Your changes (not saved yet)" }), changeList(S.base, mine)),
              el("div", {}, el("h3", { text: "On disk now (" + (S.item.file || "") + ")" }), el("pre", { id: "conflict-theirs", tabindex: "0", text: data.theirsText }))));
            panel.appendChild(el("button", { type: "button", class: "primary", id: "keep-both", text: "Put my changes on top of the file as it is now", onclick: function () {
              var merged = mergeChanges(S.base, mine, data.theirs || {});
              S.values = merged;
              S.base = copy(data.theirs || {});
              S.item.version = data.version;
              save(data.version);
            } }));
            panel.appendChild(el("button", { type: "button", id: "take-theirs", text: "Drop my changes, take the file's", onclick: function () {
              var item = S.item;
              S.item = null;
              openItem(item.type, item.id);
            } }));
            box.appendChild(panel);
            announce("Not saved: the file changed on disk; both versions are shown");
            $("#keep-both").focus();
          }
          // What the user changed, from `base` to `mine`, a line per value in the words of the form:
          // "Name (English): “Old” → “New”", where a dump of every value hid the one that mattered.
          function changeList(base, mine) {
            var list = el("ul", { id: "conflict-yours", class: "changes", tabindex: "0" });
            function shown(value) {
              if (value === undefined || value === null || value === "") { return "(empty)"; }
              if (typeof value === "string") { return "\u201c" + value + "\u201d"; }
              var text = JSON.stringify(value);
              return text.length > 160 ? text.slice(0, 159) + "\u2026" : text;
            }
            function label(path) {
              var type = S.typeByName[S.item.type] || {};
              var spec = (type.fields || []).find(function (f) { return f.name === path[0]; }) || {};
              return path[0].replace(/_/g, " ") + path.slice(1).map(function (part, i) {
                if (i === 0 && spec.widget === "localized") { return " (" + localeName(part) + ")"; }
                return /^[0-9]+$/.test(part) ? " #" + (Number(part) + 1) : " \u203a " + part.replace(/_/g, " ");
              }).join("");
            }
            (function walk(b, m, path) {
              var plain = function (v) { return v && typeof v === "object" && !Array.isArray(v); };
              if (path.length && !(plain(b) && plain(m)) && !(Array.isArray(b) && Array.isArray(m) && b.length === m.length)) {
                if (JSON.stringify(b) !== JSON.stringify(m)) {
                  list.appendChild(el("li", {}, el("strong", { text: label(path) + ": " }), shown(b) + " \u2192 " + shown(m)));
                }
                return;
              }
              var keys = {};
              Object.keys(b || {}).concat(Object.keys(m || {})).forEach(function (k) { keys[k] = true; });
              Object.keys(keys).sort().forEach(function (k) { walk(b ? b[k] : undefined, m ? m[k] : undefined, path.concat([k])); });
            })(base || {}, mine || {}, []);
            if (!list.children.length) { list.appendChild(el("li", { text: "none: the form is as the file was when you opened it" })); }
            return list;
          }
          // `theirs` with every value the user changed (from `base` to `mine`) applied, per field
          // and per locale, so edits on both sides to different fields are all kept.
          function mergeChanges(base, mine, theirs) {
            var out = copy(theirs);
            (function walk(b, m, path) {
              var keys = {};
              Object.keys(b || {}).concat(Object.keys(m || {})).forEach(function (k) { keys[k] = true; });
              Object.keys(keys).forEach(function (k) {
                var bv = b ? b[k] : undefined, mv = m ? m[k] : undefined;
                if (JSON.stringify(bv) === JSON.stringify(mv)) { return; }
                if (bv && mv && typeof bv === "object" && typeof mv === "object" && !Array.isArray(bv) && !Array.isArray(mv)) { walk(bv, mv, path.concat([k])); return; }
                setAt(out, path.concat([k]), copy(mv));
              });
            })(base, mine, []);
            return out;
          }
        """#
}
