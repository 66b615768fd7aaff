extension StudioScript {
    /// The translator's view and the git panel; then the start.
    static let panels = #"""

          // ---- The translator's view: only the texts missing, stale or identical, one after the
          // other, with the English beside each.
          function showTranslator(type) {
            var main = clear($("#main"));
            document.title = "Translations · gamepack studio";
            main.appendChild(el("h1", { text: "Translations" }));
            var others = S.locales.filter(function (l) { return l !== S.defaultLocale; });
            if (!others.length) {
              main.appendChild(el("p", { id: "translate-count", "data-count": "0", text: "This project has one locale (" + S.defaultLocale + "); there is nothing to translate." }));
              return Promise.resolve();
            }
            main.appendChild(el("p", { text: "The texts missing, stale (the English changed since) or identical to the English in " + others.map(localeName).join(", ") + ". Fill them one after the other; “Same as English” marks a text as intentionally identical." }));
            var select = el("select", { id: "translate-type", onchange: function () { location.hash = "#/translate/" + enc(select.value); } });
            select.appendChild(el("option", { value: "", text: "All collections" }));
            S.types.forEach(function (t) { select.appendChild(el("option", { value: t.name, text: t.name })); });
            select.value = type;
            main.appendChild(el("div", {}, el("label", { for: "translate-type", text: "Collection " }), select));
            var count = el("p", { id: "translate-count", role: "status" });
            main.appendChild(count);
            var list = el("div", { id: "translate-list" });
            main.appendChild(list);
            return api("GET", "/api/translations" + (type ? "?type=" + enc(type) : "")).then(function (answer) {
              var texts = answer.texts.filter(function (t) { return t.locale !== answer.defaultLocale; });
              var remaining = texts.length;
              function updateCount() {
                count.setAttribute("data-count", String(remaining));
                count.textContent = remaining ? remaining + " text" + (remaining === 1 ? "" : "s") + " to translate" : "Every text is translated.";
              }
              updateCount();
              texts.forEach(function (t, index) {
                var rowID = "t-" + index, area = el("textarea", { id: rowID, rows: 3, lang: t.locale });
                area.value = t.translation || "";
                var result = el("span", { class: "result", "aria-live": "polite" });
                var row = el("section", { class: "translate-row", "data-unit": t.unit, "data-locale": t.locale, "data-status": t.status, "aria-labelledby": rowID + "-h" },
                  el("h2", { id: rowID + "-h" }, singular(t.type) + " " + t.id + " · " + t.field + " ", el("span", { class: "mark " + t.status, text: t.status })),
                  el("div", { class: "side" },
                    el("div", {}, el("p", { class: "loc-head", id: rowID + "-src-l", text: localeName(answer.defaultLocale) }), el("div", { class: "source", lang: answer.defaultLocale, "aria-labelledby": rowID + "-src-l", text: t.source })),
                    el("div", {}, el("label", { class: "loc-head", for: rowID, text: localeName(t.locale) }), area)),
                  el("div", { class: "row-actions" },
                    el("button", { type: "button", class: "primary", text: "Save translation", onclick: function () { send({ unit: t.unit, locale: t.locale, text: area.value }); } }),
                    el("button", { type: "button", text: "Same as English", onclick: function () { send({ unit: t.unit, locale: t.locale, identical: true }); } }),
                    result));
                function send(body) {
                  if (body.text !== undefined && !body.text.trim()) { result.textContent = "Write the translation first"; area.focus(); return; }
                  api("PUT", "/api/translations", body).then(function (answerFile) {
                    if (!row.classList.contains("done")) { remaining--; }
                    row.classList.add("done");
                    row.setAttribute("data-status", "done");
                    result.textContent = "Saved in " + answerFile.file;
                    updateCount();
                    var next = all(".translate-row:not(.done) textarea", list)[0];
                    if (next) { next.focus(); }
                  }, function (error) { result.textContent = "Not saved: " + error.message; });
                }
                area.addEventListener("keydown", function (event) {
                  if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) { event.preventDefault(); send({ unit: t.unit, locale: t.locale, text: area.value }); }
                });
                list.appendChild(row);
              });
            }, function (error) { count.textContent = error.message; });
          }

          // ---- Git: the changed files, what changed in domain terms (gamepack's diff), and a
          // commit to the current branch or to a new one.
          function showGit() {
            var main = clear($("#main"));
            document.title = "Changes · gamepack studio";
            main.appendChild(el("h1", { text: "Changes" }));
            return api("GET", "/api/git/status").then(function (status) {
              if (!status.repository) { main.appendChild(el("p", { id: "git-message", text: status.message })); return; }
              main.appendChild(el("p", { id: "git-branch", "data-branch": status.branch, text: "On branch " + status.branch }));
              var table = el("table", { class: "git-files", id: "git-files" }, el("caption", { class: "visually-hidden", text: "Changed files" }),
                el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Status" }), el("th", { scope: "col", text: "File" }))));
              var body = el("tbody");
              status.files.forEach(function (f) { body.appendChild(el("tr", {}, el("td", { text: f.status }), el("td", { text: f.path }))); });
              table.appendChild(body);
              main.appendChild(el("h2", { text: status.files.length ? status.files.length + " changed file" + (status.files.length === 1 ? "" : "s") : "No changes to commit" }));
              if (status.files.length) { main.appendChild(table); }
              var diff = status.diff || {};
              if (diff.items && diff.items.length) {
                main.appendChild(el("h2", { text: "What changed" }));
                diff.items.forEach(function (item) {
                  var box = el("div", { class: "diff-change" }, el("strong", { text: singular(item.collection) + " " + item.id + (item.title ? " · " + item.title : "") }), " — " + item.change);
                  var list = el("ul");
                  (item.changes || []).forEach(function (c) { list.appendChild(el("li", { text: c.path + ": " + c.summary })); });
                  box.appendChild(list);
                  main.appendChild(box);
                });
              }
              (diff.coverage || []).forEach(function (c) {
                main.appendChild(el("p", { text: localeName(c.locale) + " coverage: " + JSON.stringify(c.old) + " → " + JSON.stringify(c.new) }));
              });
              if (!status.files.length) { return; }
              var message = el("textarea", { id: "commit-message", rows: 3 });
              var branchName = el("input", { id: "new-branch", type: "text" });
              var current = el("input", { type: "radio", name: "where", id: "where-current", value: "current", checked: true });
              var fresh = el("input", { type: "radio", name: "where", id: "where-new", value: "new" });
              message.addEventListener("input", function () {
                if (!branchName.dataset.touched) { branchName.value = "studio/" + message.value.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40); }
              });
              branchName.addEventListener("input", function () { branchName.dataset.touched = "1"; fresh.checked = true; });
              var result = el("p", { id: "commit-result", role: "status" });
              main.appendChild(el("section", { class: "commit-form", "aria-labelledby": "commit-h" },
                el("h2", { id: "commit-h", text: "Commit" }),
                el("label", { for: "commit-message", text: "Message" }), message,
                el("fieldset", {}, el("legend", { text: "Where" }),
                  el("div", {}, current, el("label", { for: "where-current", text: " the current branch (" + status.branch + ")" })),
                  el("div", {}, fresh, el("label", { for: "where-new", text: " a new branch named " })),
                  el("label", { for: "new-branch", class: "visually-hidden", text: "New branch name" }), branchName),
                el("button", { type: "button", class: "primary", id: "commit", text: "Commit", onclick: function () {
                  var body = { message: message.value };
                  if (fresh.checked) { body.branch = branchName.value; }
                  api("POST", "/api/git/commit", body).then(function (done) {
                    announce("Committed " + done.commit.slice(0, 7) + " on " + done.branch);
                    showGit().then(function () { var r = $("#commit-result") || $("#main"); r.appendChild(el("p", { id: "committed", "data-commit": done.commit, text: "Committed " + done.commit.slice(0, 7) + " on " + done.branch })); });
                  }, function (error) { result.textContent = "Not committed: " + error.message; });
                } }),
                result));
            }, function (error) { main.appendChild(el("p", { class: "banner", text: error.message })); });
          }

          if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
        })();
        """#
}
