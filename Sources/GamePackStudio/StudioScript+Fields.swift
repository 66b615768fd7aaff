extension StudioScript {
    /// The form widgets of texts, numbers, checkboxes, dates, enums, localized texts, lists and
    /// objects.
    static let fields = #"""

          // ---- Widgets, one per FORM `widget` of GET /api/types.
          function fieldBlock(spec, path) {
            var id = newID("f"), block = el("div", { class: "field", "data-path": pathText(path), "data-widget": spec.widget });
            var label = spec.name.replace(/_/g, " ") + (spec.required ? " (required)" : "");
            var grouped = ["localized", "map", "list", "object", "image", "audio", "reference"].indexOf(spec.widget) >= 0;
            block.appendChild(grouped ? el("h3", { class: "label", id: id + "-label", text: label }) : el("label", { for: id, text: label }));
            if (spec.description) { block.appendChild(el("p", { class: "hint", id: id + "-hint", text: spec.description })); }
            var widget = WIDGETS[spec.widget] || textWidget;
            block.appendChild(widget(spec, path, id));
            block.appendChild(el("ul", { class: "field-findings", "aria-live": "polite" }));
            if (grouped) { block.setAttribute("role", "group"); block.setAttribute("aria-labelledby", id + "-label"); }
            return block;
          }
          var WIDGETS = {
            text: textWidget, url: textWidget, textarea: textWidget, number: numberWidget, checkbox: checkboxWidget,
            date: dateWidget, select: selectWidget, localized: localizedWidget, list: listWidget, object: objectWidget,
            map: function (spec, path, id) { return geoWidget(spec, path, id); },
            reference: function (spec, path, id) { return referencePicker(spec, path, id); },
            image: function (spec, path, id) { return assetWidget(spec, path, id); },
            audio: function (spec, path, id) { return assetWidget(spec, path, id); }
          };

          // A length against the limit, updated as you type.
          function lengthNote(spec, id) {
            if (!spec.maxLength && !spec.minLength) { return null; }
            return el("span", { class: "length", id: id + "-length", "aria-live": "off" });
          }
          function showLength(note, spec, text) {
            if (!note) { return; }
            var n = Array.from(text || "").length;
            note.textContent = n + (spec.maxLength ? " / " + spec.maxLength : "") + " characters" + (spec.minLength ? " (at least " + spec.minLength + ")" : "");
            note.classList.toggle("over", !!((spec.maxLength && n > spec.maxLength) || (spec.minLength && n > 0 && n < spec.minLength)));
          }
          function textWidget(spec, path, id) {
            var value = getAt(S.values, path), note = lengthNote(spec, id);
            var input = spec.widget === "textarea"
              ? el("textarea", { id: id, rows: 4 })
              : el("input", { id: id, type: spec.widget === "url" ? "url" : "text" });
            input.value = value === undefined || value === null ? "" : String(value);
            if (note) { input.setAttribute("aria-describedby", id + "-length"); }
            showLength(note, spec, input.value);
            input.addEventListener("input", function () {
              setAt(S.values, path, input.value);
              showLength(note, spec, input.value);
              changed();
            });
            return el("div", {}, input, note);
          }
          function numberWidget(spec, path, id) {
            var value = getAt(S.values, path);
            var input = el("input", { id: id, type: "number", min: spec.min, max: spec.max, step: spec.step === undefined ? "any" : spec.step });
            input.value = value === undefined || value === null ? "" : String(value);
            var range = spec.min !== undefined || spec.max !== undefined
              ? el("span", { class: "length", id: id + "-range", text: "from " + (spec.min !== undefined ? spec.min : "any") + " to " + (spec.max !== undefined ? spec.max : "any") }) : null;
            if (range) { input.setAttribute("aria-describedby", id + "-range"); }
            input.addEventListener("input", function () {
              var n = Number(input.value);
              setAt(S.values, path, input.value === "" ? null : (isFinite(n) ? n : input.value));
              changed();
            });
            return el("div", {}, input, " ", range);
          }
          function checkboxWidget(spec, path, id) {
            var input = el("input", { id: id, type: "checkbox", checked: getAt(S.values, path) === true });
            input.addEventListener("change", function () { setAt(S.values, path, input.checked); changed(); });
            return input;
          }
          function dateWidget(spec, path, id) {
            var value = getAt(S.values, path);
            var input = el("input", { id: id, type: "date", min: spec.minDate, max: spec.maxDate });
            input.value = value ? String(value).slice(0, 10) : "";
            input.addEventListener("input", function () { setAt(S.values, path, input.value || null); changed(); });
            return input;
          }
          function selectWidget(spec, path, id) {
            var value = getAt(S.values, path), select = el("select", { id: id });
            select.appendChild(el("option", { value: "", text: spec.required ? "Choose…" : "(none)" }));
            (spec.values || []).forEach(function (v) { select.appendChild(el("option", { value: v, text: v })); });
            select.value = value === undefined || value === null ? "" : String(value);
            select.addEventListener("change", function () { setAt(S.values, path, select.value || null); changed(); });
            return select;
          }

          // English and Dutch (every locale) side by side, each marked missing, identical or stale.
          function localizedWidget(spec, path, id) {
            var box = el("div", { class: "side" }), long = /text/.test(spec.kind || "");
            var inputs = {};
            S.locales.forEach(function (locale) {
              var inputID = id + "-" + locale, note = lengthNote(spec, inputID);
              var input = long ? el("textarea", { id: inputID, rows: 4, lang: locale }) : el("input", { id: inputID, type: "text", lang: locale });
              var value = getAt(S.values, path.concat([locale]));
              input.value = value === undefined || value === null ? "" : String(value);
              var mark = el("span", { class: "mark", id: inputID + "-mark" });
              inputs[locale] = { input: input, mark: mark, note: note, original: input.value };
              input.setAttribute("aria-describedby", inputID + "-mark" + (note ? " " + inputID + "-length" : ""));
              box.appendChild(el("div", { class: "loc", "data-locale": locale },
                el("div", { class: "loc-head" }, el("label", { for: inputID, class: "locale", text: localeName(locale) }), mark),
                input, note));
              input.addEventListener("input", function () {
                setAt(S.values, path.concat([locale]), input.value);
                refresh();
                changed();
              });
            });
            function refresh() {
              S.locales.forEach(function (locale) {
                var entry = inputs[locale], text = entry.input.value, source = inputs[S.defaultLocale].input.value;
                showLength(entry.note, spec, text);
                var status = "";
                if (locale !== S.defaultLocale) {
                  var known = S.states[pathText(path) + "." + locale];
                  if (!text) { status = "missing"; }
                  else if (text === source) { status = "identical"; }
                  else if (known === "stale" && text === entry.original) { status = "stale"; }
                  else { status = "translated"; }
                } else if (!text) { status = "missing"; }
                entry.mark.className = "mark " + status;
                entry.mark.textContent = status === "stale" ? "stale: the English changed" : status;
                entry.mark.parentNode.parentNode.setAttribute("data-status", status);
              });
            }
            refresh();
            return box;
          }

          // A list: each element's widget with move and remove buttons, and Add. A list of
          // references to items with a point (a route's waypoints) is drawn as stops on a map.
          function listWidget(spec, path, id) {
            if (spec.geoPath && spec.element && spec.element.widget === "reference") { return stopsWidget(spec, path, id); }
            var box = el("div", { class: "list-items" });
            function draw() {
              clear(box);
              var list = getAt(S.values, path) || [];
              list.forEach(function (value, index) {
                var element = Object.assign({}, spec.element || { widget: "text", name: "" }, { name: spec.name + " " + (index + 1), required: false });
                var row = el("div", { class: "list-item" }, fieldBlock(element, path.concat([index])),
                  el("div", { class: "actions" },
                    el("button", { type: "button", "aria-label": "Move " + element.name + " up", text: "↑", disabled: index === 0, onclick: function () { move(index, -1); } }),
                    el("button", { type: "button", "aria-label": "Move " + element.name + " down", text: "↓", disabled: index === list.length - 1, onclick: function () { move(index, 1); } }),
                    el("button", { type: "button", "aria-label": "Remove " + element.name, text: "Remove", onclick: function () { list.splice(index, 1); setAt(S.values, path, list); draw(); changed(); } })));
                box.appendChild(row);
              });
              box.appendChild(el("button", { type: "button", text: "Add " + singular(spec.name), onclick: function () {
                var next = (getAt(S.values, path) || []).slice();
                next.push(emptyValue(spec.element));
                setAt(S.values, path, next);
                draw();
                changed();
              } }));
            }
            function move(index, by) {
              var list = (getAt(S.values, path) || []).slice(), item = list.splice(index, 1)[0];
              list.splice(index + by, 0, item);
              setAt(S.values, path, list);
              draw();
              changed();
            }
            draw();
            return box;
          }
          function emptyValue(spec) {
            if (!spec) { return ""; }
            if (spec.widget === "object" || spec.widget === "localized") { return {}; }
            if (spec.widget === "list") { return []; }
            if (spec.widget === "number") { return 0; }
            if (spec.widget === "checkbox") { return false; }
            return "";
          }
          function objectWidget(spec, path) {
            var box = el("div", { class: "object" });
            (spec.fields || []).forEach(function (child) { box.appendChild(fieldBlock(child, path.concat([child.name]))); });
            return box;
          }
        """#
}
