extension StudioScript {
    /// The reference picker (searchable, with names and thumbnails) and the image or sound
    /// picker with uploads by drag and drop.
    static let pickers = #"""

          // ---- A reference: a searchable picker over the target collection, with each candidate's
          // name and thumbnail. Enter on typed text with no candidate chosen takes it as an id.
          function referencePicker(spec, path, id, onChoose) {
            var target = spec.target, listID = id + "-list", seq = 0, active = -1, entries = [];
            var input = el("input", { id: id, type: "text", role: "combobox", "aria-autocomplete": "list", "aria-expanded": "false",
              "aria-controls": listID, autocomplete: "off", placeholder: "Search " + target + " by name or id" });
            var listbox = el("ul", { id: listID, role: "listbox", "aria-label": target, hidden: true });
            var chosen = el("p", { class: "chosen", "aria-live": "polite" });
            function showChosen() {
              if (!path) { return; }
              var value = getAt(S.values, path);
              if (value === undefined || value === null || value === "") { chosen.textContent = "Nothing chosen"; chosen.removeAttribute("data-id"); return; }
              chosen.setAttribute("data-id", String(value));
              chosen.textContent = "Chosen: #" + value;
              lookup(target, value).then(function (facts) {
                if (String(getAt(S.values, path)) !== String(value)) { return; }
                chosen.textContent = facts.missing ? "Chosen: #" + value + " — there is no " + singular(target) + " " + value : "Chosen: " + facts.name + " (#" + value + ")";
                chosen.setAttribute("data-missing", facts.missing ? "1" : "0");
              });
            }
            function close() { seq++; listbox.hidden = true; input.setAttribute("aria-expanded", "false"); input.removeAttribute("aria-activedescendant"); active = -1; }
            function highlight(index) {
              active = index;
              all("li", listbox).forEach(function (li, i) { li.setAttribute("aria-selected", i === index ? "true" : "false"); });
              if (index >= 0) { input.setAttribute("aria-activedescendant", listID + "-" + index); } else { input.removeAttribute("aria-activedescendant"); }
            }
            function search() {
              var mine = ++seq;
              api("GET", "/api/collections/" + enc(target) + "?limit=8&q=" + enc(input.value)).then(function (page) {
                if (mine !== seq || document.activeElement !== input) { return; }
                entries = page.items;
                clear(listbox);
                entries.forEach(function (entry, index) {
                  listbox.appendChild(el("li", { role: "option", id: listID + "-" + index, "data-id": entry.id, "aria-selected": "false",
                    onmousedown: function (event) { event.preventDefault(); choose(entry); } },
                    thumb(entry.thumbnail, ""), el("span", { text: entry.name || "(no name)" }), el("span", { class: "id", text: "#" + entry.id })));
                });
                if (!entries.length) { listbox.appendChild(el("li", { role: "option", "aria-disabled": "true", "aria-selected": "false", text: "No " + target + " match; Enter takes the text as an id" })); }
                listbox.hidden = false;
                input.setAttribute("aria-expanded", "true");
                highlight(-1);
              });
            }
            function choose(entry) {
              close();
              input.value = "";
              if (onChoose) { onChoose(entry); announce("Added " + (entry.name || "#" + entry.id)); return; }
              setAt(S.values, path, idValue(entry.id));
              showChosen();
              changed();
              announce("Chose " + (entry.name || "#" + entry.id));
            }
            input.addEventListener("input", search);
            input.addEventListener("focus", search);
            input.addEventListener("click", function () { if (listbox.hidden) { search(); } });
            input.addEventListener("blur", function () { setTimeout(close, 150); });
            input.addEventListener("keydown", function (event) {
              if (event.key === "ArrowDown") { event.preventDefault(); if (listbox.hidden) { search(); } else { highlight(Math.min(active + 1, entries.length - 1)); } }
              else if (event.key === "ArrowUp") { event.preventDefault(); highlight(Math.max(active - 1, -1)); }
              else if (event.key === "Escape") { close(); }
              else if (event.key === "Enter") {
                event.preventDefault();
                if (active >= 0 && entries[active]) { choose(entries[active]); }
                else if (input.value.trim()) { choose({ id: input.value.trim() }); }
              }
            });
            showChosen();
            var label = onChoose ? el("label", { for: id, text: "Add a stop: search " + target }) : el("label", { for: id, class: "visually-hidden", text: "Search " + target });
            return el("div", { class: "picker" }, label, input, listbox, chosen);
          }

          // ---- An image or a sound: picked from the project's assets, or uploaded (drag and drop,
          // or a file chooser) into the folder the type names. The server checks it by its content.
          function assetWidget(spec, path, id) {
            var kind = spec.widget === "audio" ? "audio" : "image", folder = spec.assetFolder || "";
            var select = el("select", { id: id });
            var previewBox = el("div", { class: "asset-row" });
            var file = el("input", { type: "file", id: id + "-file", accept: kind === "audio" ? "audio/*" : "image/*" });
            var drop = el("div", { class: "drop", "data-drop": pathText(path) },
              el("label", { for: id + "-file", text: "Upload " + (kind === "audio" ? "a sound" : "an image") + " into assets/" + folder + " (or drop it here): " }), file);
            var rules = [];
            if (spec.formats) { rules.push(spec.formats.join(", ")); }
            if (spec.maxBytes) { rules.push("at most " + Math.round(spec.maxBytes / 1000) + " kB"); }
            if (spec.minWidth || spec.minHeight) { rules.push("at least " + (spec.minWidth || "?") + "×" + (spec.minHeight || "?") + " px"); }
            if (spec.maxWidth || spec.maxHeight) { rules.push("at most " + (spec.maxWidth || "?") + "×" + (spec.maxHeight || "?") + " px"); }
            function showPreview() {
              clear(previewBox);
              var value = getAt(S.values, path);
              if (!value) { previewBox.appendChild(el("span", { class: "muted", text: "No " + kind + " chosen" })); return; }
              var src = "/assets/" + String(value).split("/").map(enc).join("/");
              previewBox.appendChild(kind === "audio" ? el("audio", { controls: true, src: src, "aria-label": "Play " + value })
                : el("img", { src: src, alt: "The chosen image, " + value }));
              previewBox.appendChild(el("code", { text: value }));
            }
            function loadOptions() {
              return api("GET", "/api/assets?kind=" + kind + "&folder=" + enc(folder)).catch(function () {
                return api("GET", "/api/assets?kind=" + kind);
              }).then(function (answer) {
                var value = getAt(S.values, path) || "";
                clear(select);
                select.appendChild(el("option", { value: "", text: "(none)" }));
                var paths = answer.assets.slice();
                if (value && paths.indexOf(value) < 0) { paths.unshift(value); }
                paths.forEach(function (p) { select.appendChild(el("option", { value: p, text: p })); });
                select.value = value;
              });
            }
            function upload(chosen) {
              if (!chosen) { return; }
              announce("Uploading " + chosen.name + "…");
              api("POST", "/api/assets?folder=" + enc(folder) + "&name=" + enc(chosen.name), chosen, true).then(function (stored) {
                setAt(S.values, path, stored.path);
                changed();
                showPreview();
                loadOptions();
                announce("Uploaded assets/" + stored.path + (stored.width ? " (" + stored.width + "×" + stored.height + ")" : ""));
              }, function (error) {
                announce("Not uploaded: " + error.message);
                drop.appendChild(el("p", { class: "banner", role: "alert", text: error.message }));
              });
            }
            select.addEventListener("change", function () { setAt(S.values, path, select.value || null); changed(); showPreview(); });
            file.addEventListener("change", function () { upload(file.files[0]); });
            drop.addEventListener("dragover", function (event) { event.preventDefault(); drop.classList.add("over"); });
            drop.addEventListener("dragleave", function () { drop.classList.remove("over"); });
            drop.addEventListener("drop", function (event) {
              event.preventDefault();
              drop.classList.remove("over");
              if (event.dataTransfer && event.dataTransfer.files.length) { upload(event.dataTransfer.files[0]); }
            });
            loadOptions();
            showPreview();
            return el("div", {}, previewBox,
              el("label", { for: id, text: "Choose from the project's " + (kind === "audio" ? "sounds" : "images") }), select,
              rules.length ? el("p", { class: "hint", text: "Accepted: " + rules.join("; ") }) : null, drop);
          }
        """#
}
